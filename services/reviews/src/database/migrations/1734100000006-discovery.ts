import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Discovery (docs/api-discovery.md): the projection of social-graph's blocks (a blocked person's
 * reviews, saves and check-ins never reach the blocker, nor the blocker's the blocked), users'
 * city badges beside their flavor badges (recommendations), a trigram index for the typo-tolerant
 * restaurant search (pg_trgm), and the indexes of the feed's per-bud newest-first reads.
 */
export class Discovery1734100000006 implements MigrationInterface {
  name = 'Discovery1734100000006';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "reviews"."blocks" (
        "blocker_id" integer NOT NULL,
        "blocked_id" integer NOT NULL,
        PRIMARY KEY ("blocker_id", "blocked_id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "blocks_blocked_idx" ON "reviews"."blocks" ("blocked_id", "blocker_id")`,
    );
    await queryRunner.query(
      `ALTER TABLE "reviews"."user_badges" ADD COLUMN "city_badges" text[] NOT NULL DEFAULT '{}'`,
    );
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    // The words a search matches: name, cuisine and address, lower-cased (restaurantSearchText).
    await queryRunner.query(
      `CREATE INDEX "restaurants_search_trgm_idx" ON "reviews"."restaurants"
       USING gin ((lower("name" || ' ' || coalesce("cuisine", '') || ' ' || "address")) gin_trgm_ops)`,
    );
    await queryRunner.query(
      `CREATE INDEX "reviews_user_created_idx" ON "reviews"."reviews" ("user_id", "created_at" DESC, "id" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "saved_restaurants_user_created_idx" ON "reviews"."saved_restaurants" ("user_id", "created_at" DESC, "id" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "check_ins_user_created_idx" ON "reviews"."check_ins" ("user_id", "checked_in_at" DESC, "id" DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS "reviews"."check_ins_user_created_idx"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "reviews"."saved_restaurants_user_created_idx"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "reviews"."reviews_user_created_idx"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "reviews"."restaurants_search_trgm_idx"`);
    await queryRunner.query(`ALTER TABLE "reviews"."user_badges" DROP COLUMN IF EXISTS "city_badges"`);
    await queryRunner.query(`DROP TABLE IF EXISTS "reviews"."blocks"`);
  }
}
