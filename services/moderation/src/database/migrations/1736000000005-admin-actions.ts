import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Admin actions of other services in the audit log ('admin.action.recorded', once per actionId),
 * read per person (subject_user_id); appeals of such an action (a removed review) besides appeals
 * of resolved reports: exactly one of report_id and audit_entry_id, one appeal each.
 */
export class AdminActions1736000000005 implements MigrationInterface {
  name = 'AdminActions1736000000005';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "moderation"."audit_log" ADD "action_id" uuid`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "audit_log_action_idx" ON "moderation"."audit_log" ("action_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "audit_log_subject_idx" ON "moderation"."audit_log" ("subject_user_id")`,
    );
    await queryRunner.query(`ALTER TABLE "moderation"."appeals" ALTER COLUMN "report_id" DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE "moderation"."appeals" ADD "audit_entry_id" integer`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "appeals_audit_entry_idx" ON "moderation"."appeals" ("audit_entry_id")`,
    );
    await queryRunner.query(
      `ALTER TABLE "moderation"."appeals" ADD CONSTRAINT "appeals_one_decision_check"
        CHECK (("report_id" IS NULL) <> ("audit_entry_id" IS NULL))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "moderation"."appeals" DROP CONSTRAINT "appeals_one_decision_check"`,
    );
    await queryRunner.query(`DROP INDEX "moderation"."appeals_audit_entry_idx"`);
    await queryRunner.query(`ALTER TABLE "moderation"."appeals" DROP COLUMN "audit_entry_id"`);
    await queryRunner.query(`DELETE FROM "moderation"."appeals" WHERE "report_id" IS NULL`);
    await queryRunner.query(`ALTER TABLE "moderation"."appeals" ALTER COLUMN "report_id" SET NOT NULL`);
    await queryRunner.query(`DROP INDEX "moderation"."audit_log_subject_idx"`);
    await queryRunner.query(`DROP INDEX "moderation"."audit_log_action_idx"`);
    await queryRunner.query(`ALTER TABLE "moderation"."audit_log" DROP COLUMN "action_id"`);
  }
}
