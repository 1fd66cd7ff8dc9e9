import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The identity user version each aspect of the projection comes from: a profile or badge change
 * applies only when its version is newer (replacing the occurredAt order, which stays the rule
 * for events without a version).
 */
export class SocialUserVersions1733000000003 implements MigrationInterface {
  name = 'SocialUserVersions1733000000003';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "social"."users" ADD COLUMN "profile_version" integer, ADD COLUMN "badges_version" integer`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "social"."users" DROP COLUMN "profile_version", DROP COLUMN "badges_version"`,
    );
  }
}
