import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Restaurants, reviews, saved restaurants, check-ins, and the projection of identity's users and
 * social-graph's approved follows that the privacy rules read. Indexes serve the hot reads:
 * reviews by user and by restaurant (newest first), saves by user, restaurants by city.
 */
export class ReviewsInitial1734100000000 implements MigrationInterface {
  name = 'ReviewsInitial1734100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE SCHEMA IF NOT EXISTS "reviews"`);
    await queryRunner.query(`
      CREATE TABLE "reviews"."restaurants" (
        "id" SERIAL PRIMARY KEY,
        "name" varchar(120) NOT NULL,
        "address" varchar(200) NOT NULL,
        "name_key" text NOT NULL,
        "address_key" text NOT NULL,
        "city" varchar(60),
        "latitude" double precision,
        "longitude" double precision,
        "location_approximate" boolean NOT NULL DEFAULT false,
        "cuisine" varchar(60),
        "price_range" varchar(4) CHECK ("price_range" IN ('$', '$$', '$$$', '$$$$')),
        "category" varchar(60),
        "photo" bytea,
        "photo_type" varchar(40),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "restaurants_place_key" UNIQUE ("name_key", "address_key")
      )`);
    await queryRunner.query(`CREATE INDEX "restaurants_city_idx" ON "reviews"."restaurants" ("city", "id")`);
    await queryRunner.query(`
      CREATE TABLE "reviews"."reviews" (
        "id" SERIAL PRIMARY KEY,
        "user_id" integer NOT NULL,
        "restaurant_id" integer NOT NULL REFERENCES "reviews"."restaurants" ("id"),
        "rating" smallint NOT NULL CHECK ("rating" BETWEEN 1 AND 5),
        "notes" text,
        "visit_date" date,
        "version" integer NOT NULL DEFAULT 1,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "reviews_user_idx" ON "reviews"."reviews" ("user_id", "id" DESC)`);
    await queryRunner.query(
      `CREATE INDEX "reviews_restaurant_idx" ON "reviews"."reviews" ("restaurant_id", "id" DESC)`,
    );
    await queryRunner.query(`
      CREATE TABLE "reviews"."saved_restaurants" (
        "id" SERIAL PRIMARY KEY,
        "user_id" integer NOT NULL,
        "restaurant_id" integer NOT NULL REFERENCES "reviews"."restaurants" ("id"),
        "notes" text,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "saved_restaurants_user_restaurant_key" UNIQUE ("user_id", "restaurant_id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "saved_restaurants_user_idx" ON "reviews"."saved_restaurants" ("user_id", "id" DESC)`,
    );
    await queryRunner.query(`
      CREATE TABLE "reviews"."check_ins" (
        "id" SERIAL PRIMARY KEY,
        "user_id" integer NOT NULL,
        "restaurant_id" integer NOT NULL REFERENCES "reviews"."restaurants" ("id"),
        "checked_in_at" timestamptz NOT NULL DEFAULT now(),
        "checked_out_at" timestamptz,
        "is_active" boolean NOT NULL DEFAULT true
      )`);
    await queryRunner.query(
      `CREATE INDEX "check_ins_user_idx" ON "reviews"."check_ins" ("user_id", "id" DESC)`,
    );
    // The version of each user's saved list (reviews.restaurant.saved / unsaved aggregateVersion).
    await queryRunner.query(`
      CREATE TABLE "reviews"."save_versions" (
        "user_id" integer PRIMARY KEY,
        "version" integer NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE "reviews"."users" (
        "id" integer PRIMARY KEY,
        "username" text NOT NULL,
        "name" text NOT NULL,
        "profile_picture" text,
        "is_private" boolean NOT NULL DEFAULT false,
        "version" integer,
        "synced_at" timestamptz NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE "reviews"."deleted_users" (
        "user_id" integer PRIMARY KEY,
        "deleted_at" timestamptz NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE "reviews"."follows" (
        "follower_id" integer NOT NULL,
        "following_id" integer NOT NULL,
        PRIMARY KEY ("follower_id", "following_id")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'follows',
      'deleted_users',
      'users',
      'save_versions',
      'check_ins',
      'saved_restaurants',
      'reviews',
      'restaurants',
    ])
      await queryRunner.query(`DROP TABLE IF EXISTS "reviews"."${table}"`);
  }
}
