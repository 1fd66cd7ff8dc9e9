import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each restaurant's review count and rating sum, kept by statement-level triggers on the reviews
 * table (insert, delete, and an update that changes a review's rating or restaurant, as a merge
 * does), so reads of a place's average cost one primary-key lookup instead of aggregating every
 * review of it per request. The triggers run in the writing transaction, so the aggregate cannot
 * drift from the reviews whatever code path writes them (COPY and bulk deletes included). Deltas
 * are grouped per restaurant and applied in restaurant order, so concurrent bulk writes lock the
 * aggregate rows in one order.
 */
export class RestaurantRatings1734100000040 implements MigrationInterface {
  name = 'RestaurantRatings1734100000040';

  async up(queryRunner: QueryRunner): Promise<void> {
    // No review may be written between the backfill and the triggers taking over.
    await queryRunner.query(`LOCK TABLE "reviews"."reviews" IN SHARE ROW EXCLUSIVE MODE`);
    await queryRunner.query(`
      CREATE TABLE "reviews"."restaurant_ratings" (
        "restaurant_id" integer PRIMARY KEY REFERENCES "reviews"."restaurants" ("id") ON DELETE CASCADE,
        "review_count" integer NOT NULL,
        "rating_sum" bigint NOT NULL
      )`);
    await queryRunner.query(`
      CREATE FUNCTION "reviews"."restaurant_ratings_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        -- Each branch reads only the transition tables its trigger defines.
        IF TG_OP = 'INSERT' THEN
          INSERT INTO "reviews"."restaurant_ratings" AS a ("restaurant_id", "review_count", "rating_sum")
          SELECT d.restaurant_id, d.n, d.s FROM (
            SELECT restaurant_id, COUNT(*)::int AS n, SUM(rating)::bigint AS s FROM new_rows GROUP BY restaurant_id
          ) d ORDER BY d.restaurant_id
          ON CONFLICT ("restaurant_id") DO UPDATE
            SET "review_count" = a."review_count" + EXCLUDED."review_count",
                "rating_sum" = a."rating_sum" + EXCLUDED."rating_sum";
        ELSIF TG_OP = 'DELETE' THEN
          -- A restaurant deleted in the same statement (cascade) has no row left to update: fine.
          UPDATE "reviews"."restaurant_ratings" AS a
          SET "review_count" = a."review_count" - d.n, "rating_sum" = a."rating_sum" - d.s
          FROM (SELECT restaurant_id, COUNT(*)::int AS n, SUM(rating)::bigint AS s FROM old_rows
                GROUP BY restaurant_id ORDER BY restaurant_id) d
          WHERE a."restaurant_id" = d.restaurant_id;
        ELSE
          -- Only reviews whose rating or restaurant changed move the aggregate (edits of notes,
          -- version bumps do not); the removed side's row exists since its reviews did.
          INSERT INTO "reviews"."restaurant_ratings" AS a ("restaurant_id", "review_count", "rating_sum")
          SELECT d.restaurant_id, d.n, d.s FROM (
            SELECT x.restaurant_id, SUM(x.n)::int AS n, SUM(x.s)::bigint AS s FROM (
              SELECT n.restaurant_id, 1 AS n, n.rating AS s FROM old_rows o JOIN new_rows n ON n.id = o.id
              WHERE (o.restaurant_id, o.rating) IS DISTINCT FROM (n.restaurant_id, n.rating)
              UNION ALL
              SELECT o.restaurant_id, -1, -o.rating FROM old_rows o JOIN new_rows n ON n.id = o.id
              WHERE (o.restaurant_id, o.rating) IS DISTINCT FROM (n.restaurant_id, n.rating)) x
            GROUP BY x.restaurant_id HAVING SUM(x.n) <> 0 OR SUM(x.s) <> 0
          ) d ORDER BY d.restaurant_id
          ON CONFLICT ("restaurant_id") DO UPDATE
            SET "review_count" = a."review_count" + EXCLUDED."review_count",
                "rating_sum" = a."rating_sum" + EXCLUDED."rating_sum";
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "reviews_ratings_insert" AFTER INSERT ON "reviews"."reviews"
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "reviews"."restaurant_ratings_apply"()`);
    await queryRunner.query(`
      CREATE TRIGGER "reviews_ratings_update" AFTER UPDATE ON "reviews"."reviews"
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION "reviews"."restaurant_ratings_apply"()`);
    await queryRunner.query(`
      CREATE TRIGGER "reviews_ratings_delete" AFTER DELETE ON "reviews"."reviews"
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "reviews"."restaurant_ratings_apply"()`);
    await queryRunner.query(`
      INSERT INTO "reviews"."restaurant_ratings" ("restaurant_id", "review_count", "rating_sum")
      SELECT "restaurant_id", COUNT(*), SUM("rating") FROM "reviews"."reviews" GROUP BY "restaurant_id"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const trigger of ['reviews_ratings_insert', 'reviews_ratings_update', 'reviews_ratings_delete'])
      await queryRunner.query(`DROP TRIGGER IF EXISTS "${trigger}" ON "reviews"."reviews"`);
    await queryRunner.query(`DROP FUNCTION IF EXISTS "reviews"."restaurant_ratings_apply"()`);
    await queryRunner.query(`DROP TABLE IF EXISTS "reviews"."restaurant_ratings"`);
  }
}
