import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The people who saved a restaurant, by key: a restaurant's edit or removal bumps their read
 * versions (migration 1734100000050), and the only index had the person first, so each such
 * write scanned every save.
 */
export class SavedByRestaurant1734100000071 implements MigrationInterface {
  name = 'SavedByRestaurant1734100000071';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "saved_restaurants_restaurant_idx" ON "reviews"."saved_restaurants" ("restaurant_id", "user_id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS "reviews"."saved_restaurants_restaurant_idx"`);
  }
}
