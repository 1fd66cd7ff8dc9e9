import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What identity knows of the reviews service's reviews, fed by reviews.review.* events:
 * - review_tallies: per review, the version last applied, its city and whether it still counts
 *   (a deletion stays as a tombstone, so a late or repeated event cannot count it again);
 * - user_city_reviews: each user's review count per city, from which city badges take their
 *   count and tier (also a badge chosen after the reviews were written).
 */
export class IdentityReviewTallies1732300000006 implements MigrationInterface {
  name = 'IdentityReviewTallies1732300000006';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "identity"."review_tallies" (
        "review_id" integer PRIMARY KEY,
        "user_id" integer NOT NULL,
        "city" varchar(60),
        "version" integer NOT NULL,
        "deleted" boolean NOT NULL DEFAULT false
      )`);
    await queryRunner.query(
      `CREATE INDEX "review_tallies_user_idx" ON "identity"."review_tallies" ("user_id")`,
    );
    await queryRunner.query(`
      CREATE TABLE "identity"."user_city_reviews" (
        "user_id" integer NOT NULL,
        "city" varchar(60) NOT NULL,
        "review_count" integer NOT NULL DEFAULT 0 CHECK ("review_count" >= 0),
        PRIMARY KEY ("user_id", "city")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS "identity"."user_city_reviews"`);
    await queryRunner.query(`DROP TABLE IF EXISTS "identity"."review_tallies"`);
  }
}
