import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Statuses posted without a check-in (POST /api/statuses): one line each, written once. Each
 * person's newest first by (user_id, created_at DESC, id DESC), as the buds' reads walk them.
 */
export class Statuses1734100000061 implements MigrationInterface {
  name = 'Statuses1734100000061';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "reviews"."statuses" (
        "id" SERIAL PRIMARY KEY,
        "user_id" integer NOT NULL,
        "text" varchar(140) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX "statuses_user_created_idx" ON "reviews"."statuses" ("user_id", "created_at" DESC, "id" DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS "reviews"."statuses"`);
  }
}
