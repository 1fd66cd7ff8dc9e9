import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Whether the person may sign in: admins deactivate and reactivate accounts (the admin Users tab).
 * Every existing account is active.
 */
export class IdentityUserActive1732300000020 implements MigrationInterface {
  name = 'IdentityUserActive1732300000020';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "identity"."users" ADD COLUMN "is_active" boolean NOT NULL DEFAULT true,
                                      ADD COLUMN "deactivated_at" timestamptz`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "identity"."users" DROP COLUMN "deactivated_at", DROP COLUMN "is_active"`,
    );
  }
}
