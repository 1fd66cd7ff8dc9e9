import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Followers / following lists page by keyset on (created_at, id), newest first. These indexes
 * hold the full sort key, so a page is one index range read however deep it is; they replace the
 * (user, created_at) indexes, which are their prefixes (counts by user use them the same way).
 */
export class FollowKeysetIndexes1733000000000 implements MigrationInterface {
  name = 'FollowKeysetIndexes1733000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "follows_following_created_id_idx" ON "social"."follows" ("following_id", "created_at" DESC, "id" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "follows_follower_created_id_idx" ON "social"."follows" ("follower_id", "created_at" DESC, "id" DESC)`,
    );
    await queryRunner.query(`DROP INDEX IF EXISTS "social"."follows_following_created_idx"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "social"."follows_follower_created_idx"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "follows_following_created_idx" ON "social"."follows" ("following_id", "created_at" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "follows_follower_created_idx" ON "social"."follows" ("follower_id", "created_at" DESC)`,
    );
    await queryRunner.query(`DROP INDEX IF EXISTS "social"."follows_following_created_id_idx"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "social"."follows_follower_created_id_idx"`);
  }
}
