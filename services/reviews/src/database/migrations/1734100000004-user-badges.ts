import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The projection of identity's flavor badges per user (identity.user.registered and
 * badges-changed), read by a restaurant's mood tags. Its own version: badge changes and profile
 * changes share identity's user version, but each kind is applied only over an older one of its kind.
 */
export class UserBadges1734100000004 implements MigrationInterface {
  name = 'UserBadges1734100000004';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "reviews"."user_badges" (
        "user_id" integer PRIMARY KEY,
        "flavor_badges" text[] NOT NULL DEFAULT '{}',
        "version" integer,
        "synced_at" timestamptz NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS "reviews"."user_badges"`);
  }
}
