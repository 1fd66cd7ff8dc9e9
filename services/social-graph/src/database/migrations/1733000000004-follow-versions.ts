import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The version of each follow edge (follower, following): +1 per follow and per unfollow, carried
 * as the aggregateVersion of social.follow.created / removed, so a consumer applies an edge's
 * changes in order. The row outlives the edge: a re-follow continues the count. Existing follows
 * start at 1 (their created event went out without a version).
 */
export class FollowVersions1733000000004 implements MigrationInterface {
  name = 'FollowVersions1733000000004';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "social"."follow_versions" (
        "follower_id" integer NOT NULL,
        "following_id" integer NOT NULL,
        "version" integer NOT NULL,
        PRIMARY KEY ("follower_id", "following_id")
      )`);
    await queryRunner.query(`
      INSERT INTO "social"."follow_versions" ("follower_id", "following_id", "version")
      SELECT "follower_id", "following_id", 1 FROM "social"."follows"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS "social"."follow_versions"`);
  }
}
