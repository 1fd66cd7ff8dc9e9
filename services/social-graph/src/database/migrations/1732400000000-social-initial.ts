import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The social schema: the projection of identity's users (fed by events, with a tombstone per
 * deleted user), follows, follow requests and blocks, with indexes for the hot reads (both
 * directions of every edge, newest first, and badge overlap for recommendations).
 */
export class SocialInitial1732400000000 implements MigrationInterface {
  name = 'SocialInitial1732400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE SCHEMA IF NOT EXISTS "social"`);
    // Text columns: a projection must accept whatever identity publishes, its limits may change.
    await queryRunner.query(`
      CREATE TABLE "social"."users" (
        "id" integer PRIMARY KEY,
        "username" text NOT NULL,
        "name" text NOT NULL,
        "bio" text NULL,
        "profile_picture" text NULL,
        "is_private" boolean NOT NULL DEFAULT false,
        "flavor_badges" text[] NOT NULL DEFAULT '{}',
        "city_badges" text[] NOT NULL DEFAULT '{}',
        "joined_at" timestamptz NULL,
        "profile_synced_at" timestamptz NOT NULL,
        "badges_synced_at" timestamptz NULL,
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    // Recommendations look for overlapping badges (&&).
    await queryRunner.query(
      `CREATE INDEX "users_flavor_badges_idx" ON "social"."users" USING gin ("flavor_badges")`,
    );
    await queryRunner.query(
      `CREATE INDEX "users_city_badges_idx" ON "social"."users" USING gin ("city_badges")`,
    );

    // User ids are never reused: a late event about a deleted user must not bring it back.
    await queryRunner.query(`
      CREATE TABLE "social"."deleted_users" (
        "user_id" integer PRIMARY KEY,
        "deleted_at" timestamptz NOT NULL DEFAULT now()
      )`);

    await queryRunner.query(`
      CREATE TABLE "social"."follows" (
        "id" serial PRIMARY KEY,
        "follower_id" integer NOT NULL REFERENCES "social"."users" ("id") ON DELETE CASCADE,
        "following_id" integer NOT NULL REFERENCES "social"."users" ("id") ON DELETE CASCADE,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "follows_follower_following_key" UNIQUE ("follower_id", "following_id"),
        CONSTRAINT "follows_not_self_check" CHECK ("follower_id" <> "following_id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "follows_following_created_idx" ON "social"."follows" ("following_id", "created_at" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "follows_follower_created_idx" ON "social"."follows" ("follower_id", "created_at" DESC)`,
    );

    await queryRunner.query(`
      CREATE TABLE "social"."follow_requests" (
        "id" serial PRIMARY KEY,
        "requester_id" integer NOT NULL REFERENCES "social"."users" ("id") ON DELETE CASCADE,
        "recipient_id" integer NOT NULL REFERENCES "social"."users" ("id") ON DELETE CASCADE,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "follow_requests_requester_recipient_key" UNIQUE ("requester_id", "recipient_id"),
        CONSTRAINT "follow_requests_not_self_check" CHECK ("requester_id" <> "recipient_id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "follow_requests_recipient_created_idx" ON "social"."follow_requests" ("recipient_id", "created_at" DESC)`,
    );

    await queryRunner.query(`
      CREATE TABLE "social"."blocks" (
        "id" serial PRIMARY KEY,
        "blocker_id" integer NOT NULL REFERENCES "social"."users" ("id") ON DELETE CASCADE,
        "blocked_id" integer NOT NULL REFERENCES "social"."users" ("id") ON DELETE CASCADE,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "blocks_blocker_blocked_key" UNIQUE ("blocker_id", "blocked_id"),
        CONSTRAINT "blocks_not_self_check" CHECK ("blocker_id" <> "blocked_id")
      )`);
    await queryRunner.query(`CREATE INDEX "blocks_blocked_idx" ON "social"."blocks" ("blocked_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS "social"."blocks"`);
    await queryRunner.query(`DROP TABLE IF EXISTS "social"."follow_requests"`);
    await queryRunner.query(`DROP TABLE IF EXISTS "social"."follows"`);
    await queryRunner.query(`DROP TABLE IF EXISTS "social"."deleted_users"`);
    await queryRunner.query(`DROP TABLE IF EXISTS "social"."users"`);
  }
}
