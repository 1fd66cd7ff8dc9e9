import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The active check-ins by when they began, for the job that closes those past their closing time
 * (CheckInCloserService): it reads only the expired ones, however long the history.
 */
export class CheckInsActiveSince1734100000060 implements MigrationInterface {
  name = 'CheckInsActiveSince1734100000060';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "check_ins_active_since_idx" ON "reviews"."check_ins" ("checked_in_at") WHERE "is_active"`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS "reviews"."check_ins_active_since_idx"`);
  }
}
