import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Likes (one per person and check-in) and comments on check-ins, read per check-in. */
export class CheckInReactions1734100000008 implements MigrationInterface {
  name = 'CheckInReactions1734100000008';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "reviews"."check_in_likes" (
        "check_in_id" integer NOT NULL REFERENCES "reviews"."check_ins" ("id") ON DELETE CASCADE,
        "user_id" integer NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "check_in_likes_pkey" PRIMARY KEY ("check_in_id", "user_id")
      )`);
    await queryRunner.query(`
      CREATE TABLE "reviews"."check_in_comments" (
        "id" SERIAL PRIMARY KEY,
        "check_in_id" integer NOT NULL REFERENCES "reviews"."check_ins" ("id") ON DELETE CASCADE,
        "user_id" integer NOT NULL,
        "text" varchar(500) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX "check_in_comments_check_in_idx" ON "reviews"."check_in_comments" ("check_in_id", "id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS "reviews"."check_in_comments"`);
    await queryRunner.query(`DROP TABLE IF EXISTS "reviews"."check_in_likes"`);
  }
}
