import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Users, sessions and badges of the identity schema, with indexes for the hot reads. */
export class IdentityInitial1732300000000 implements MigrationInterface {
  name = 'IdentityInitial1732300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE SCHEMA IF NOT EXISTS "identity"`);
    await queryRunner.query(`
      CREATE TABLE "identity"."users" (
        "id" serial PRIMARY KEY,
        "username" varchar(30) NOT NULL,
        "name" varchar(60) NOT NULL,
        "bio" text NULL,
        "password_hash" text NOT NULL,
        "is_admin" boolean NOT NULL DEFAULT false,
        "is_private" boolean NOT NULL DEFAULT false,
        "review_count" integer NOT NULL DEFAULT 0 CHECK ("review_count" >= 0),
        "picture" bytea NULL,
        "picture_type" varchar(40) NULL,
        "picture_version" integer NOT NULL DEFAULT 0,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    // Case-insensitive uniqueness (and the lookup by username); the name is matched in code.
    await queryRunner.query(
      `CREATE UNIQUE INDEX "users_username_lower_key" ON "identity"."users" (lower("username"))`,
    );
    // Prefix searches on name and username (text_pattern_ops serves LIKE 'abc%').
    await queryRunner.query(
      `CREATE INDEX "users_username_lower_pattern_idx" ON "identity"."users" (lower("username") text_pattern_ops)`,
    );
    await queryRunner.query(
      `CREATE INDEX "users_name_lower_pattern_idx" ON "identity"."users" (lower("name") text_pattern_ops)`,
    );

    await queryRunner.query(`
      CREATE TABLE "identity"."sessions" (
        "id" uuid PRIMARY KEY,
        "token_hash" char(64) NOT NULL,
        "user_id" integer NOT NULL REFERENCES "identity"."users" ("id") ON DELETE CASCADE,
        "user_agent" varchar(512) NULL,
        "ip_address" varchar(64) NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "last_seen_at" timestamptz NOT NULL DEFAULT now(),
        "expires_at" timestamptz NOT NULL,
        "revoked_at" timestamptz NULL
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "sessions_token_hash_key" ON "identity"."sessions" ("token_hash")`,
    );
    await queryRunner.query(
      `CREATE INDEX "sessions_user_created_idx" ON "identity"."sessions" ("user_id", "created_at" DESC)`,
    );

    await queryRunner.query(`
      CREATE TABLE "identity"."flavor_badges" (
        "id" serial PRIMARY KEY,
        "user_id" integer NOT NULL REFERENCES "identity"."users" ("id") ON DELETE CASCADE,
        "badge_id" varchar(40) NOT NULL,
        "category" varchar(20) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "flavor_badges_user_badge_key" UNIQUE ("user_id", "badge_id")
      )`);

    await queryRunner.query(`
      CREATE TABLE "identity"."city_badges" (
        "id" serial PRIMARY KEY,
        "user_id" integer NOT NULL REFERENCES "identity"."users" ("id") ON DELETE CASCADE,
        "city" varchar(60) NOT NULL,
        "review_count" integer NOT NULL DEFAULT 0 CHECK ("review_count" >= 0),
        "level" varchar(20) NOT NULL DEFAULT 'bronze',
        "last_updated" timestamptz NOT NULL DEFAULT now(),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "city_badges_user_city_key" UNIQUE ("user_id", "city")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS "identity"."city_badges"`);
    await queryRunner.query(`DROP TABLE IF EXISTS "identity"."flavor_badges"`);
    await queryRunner.query(`DROP TABLE IF EXISTS "identity"."sessions"`);
    await queryRunner.query(`DROP TABLE IF EXISTS "identity"."users"`);
  }
}
