import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Check-ins become real (docs/api-discovery.md): an optional status line, at most one active
 * check-in per person (a partial unique index: a second one at the same moment is refused), and
 * check-ins by restaurant and time for the hotspots' "how busy".
 */
export class CheckIns1734100000007 implements MigrationInterface {
  name = 'CheckIns1734100000007';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "reviews"."check_ins" ADD COLUMN "status" varchar(140)`);
    // Rows from before (none were written by a route) keep one active per person, the newest.
    await queryRunner.query(`
      UPDATE "reviews"."check_ins" c SET "is_active" = false, "checked_out_at" = COALESCE(c."checked_out_at", now())
      WHERE c."is_active" AND EXISTS (SELECT 1 FROM "reviews"."check_ins" n
        WHERE n."user_id" = c."user_id" AND n."is_active" AND n."id" > c."id")`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "check_ins_one_active_idx" ON "reviews"."check_ins" ("user_id") WHERE "is_active"`,
    );
    await queryRunner.query(
      `CREATE INDEX "check_ins_restaurant_idx" ON "reviews"."check_ins" ("restaurant_id", "checked_in_at" DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS "reviews"."check_ins_restaurant_idx"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "reviews"."check_ins_one_active_idx"`);
    await queryRunner.query(`ALTER TABLE "reviews"."check_ins" DROP COLUMN IF EXISTS "status"`);
  }
}
