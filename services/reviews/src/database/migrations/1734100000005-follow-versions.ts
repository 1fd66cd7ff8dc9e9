import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The version of each follow edge applied from social.follow.created / removed. It outlives the
 * edge (an unfollow keeps its version), so a late created event older than the removal is
 * ignored rather than bringing the follow back.
 */
export class FollowVersions1734100000005 implements MigrationInterface {
  name = 'FollowVersions1734100000005';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "reviews"."follow_versions" (
        "follower_id" integer NOT NULL,
        "following_id" integer NOT NULL,
        "version" integer NOT NULL,
        PRIMARY KEY ("follower_id", "following_id")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS "reviews"."follow_versions"`);
  }
}
