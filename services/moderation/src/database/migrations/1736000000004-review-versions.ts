import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * reviews' events are versioned per review: the projection keeps the version applied last and a
 * deleted review's row (deleted_at set), so a late created or updated event cannot bring it back.
 */
export class ReviewVersions1736000000004 implements MigrationInterface {
  name = 'ReviewVersions1736000000004';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "moderation"."reviews" ADD "version" integer`);
    await queryRunner.query(`ALTER TABLE "moderation"."reviews" ADD "deleted_at" timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "moderation"."reviews" DROP COLUMN "deleted_at"`);
    await queryRunner.query(`ALTER TABLE "moderation"."reviews" DROP COLUMN "version"`);
  }
}
