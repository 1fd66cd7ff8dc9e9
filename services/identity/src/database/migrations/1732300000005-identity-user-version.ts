import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The user's version: incremented with every change that emits an identity.user.* event and
 * carried by the event (aggregateVersion), so consumers apply a user's changes in order.
 */
export class IdentityUserVersion1732300000005 implements MigrationInterface {
  name = 'IdentityUserVersion1732300000005';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "identity"."users" ADD COLUMN "version" integer NOT NULL DEFAULT 0`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "identity"."users" DROP COLUMN "version"`);
  }
}
