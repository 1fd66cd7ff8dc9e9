import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One row per (badge, user), kept beside the arrays of social.users by the projection: its
 * primary key lists a badge's holders in user-id order, so recommendations read at most a fixed
 * number of holders per badge instead of everyone sharing a popular one. Filled from the arrays.
 */
export class UserBadges1733000000001 implements MigrationInterface {
  name = 'UserBadges1733000000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "social"."user_badges" (
        "kind" text NOT NULL,
        "name" text NOT NULL,
        "user_id" integer NOT NULL REFERENCES "social"."users" ("id") ON DELETE CASCADE,
        CONSTRAINT "user_badges_pkey" PRIMARY KEY ("kind", "name", "user_id"),
        CONSTRAINT "user_badges_kind_check" CHECK ("kind" IN ('flavor', 'city'))
      )`);
    // Replacing a user's badges (and the cascade of a deleted user) finds their rows by user.
    await queryRunner.query(`CREATE INDEX "user_badges_user_idx" ON "social"."user_badges" ("user_id")`);
    await queryRunner.query(`
      INSERT INTO "social"."user_badges" ("kind", "name", "user_id")
      SELECT 'flavor', b, u."id" FROM "social"."users" u, unnest(u."flavor_badges") AS b
      UNION
      SELECT 'city', b, u."id" FROM "social"."users" u, unnest(u."city_badges") AS b`);
    // Nothing reads the arrays by overlap any more.
    await queryRunner.query(`DROP INDEX IF EXISTS "social"."users_flavor_badges_idx"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "social"."users_city_badges_idx"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "users_flavor_badges_idx" ON "social"."users" USING gin ("flavor_badges")`,
    );
    await queryRunner.query(
      `CREATE INDEX "users_city_badges_idx" ON "social"."users" USING gin ("city_badges")`,
    );
    await queryRunner.query(`DROP TABLE IF EXISTS "social"."user_badges"`);
  }
}
