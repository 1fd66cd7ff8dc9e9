import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin Badges tab: badge_names (the names admins give the 12 flavor and 10 city badges) and
 * city_tiers (each CityBud level's minimum reviews, which identity reads when it computes a city
 * badge's level). Seeded with the spec's defaults: bronze 10, silver 20, gold 30, platinum 40.
 */
export class IdentityBadgeCatalogue1732300000027 implements MigrationInterface {
  name = 'IdentityBadgeCatalogue1732300000027';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "identity"."badge_names" (
        "kind" varchar(10) NOT NULL CHECK ("kind" IN ('flavor', 'city')),
        "badge_id" varchar(60) NOT NULL,
        "name" varchar(40) NOT NULL,
        "position" integer NOT NULL,
        PRIMARY KEY ("kind", "badge_id")
      )`);
    await queryRunner.query(`
      INSERT INTO "identity"."badge_names" (kind, badge_id, name, position) VALUES
        ('flavor', 'sushi', 'SushiBud', 1), ('flavor', 'pasta', 'PastaBud', 2),
        ('flavor', 'coffee', 'CoffeeBud', 3), ('flavor', 'chill', 'ChillBud', 4),
        ('flavor', 'local', 'LocalBud', 5), ('flavor', 'pizza', 'PizzaBud', 6),
        ('flavor', 'taco', 'TacoBud', 7), ('flavor', 'burger', 'BurgerBud', 8),
        ('flavor', 'healthy', 'HealthyBud', 9), ('flavor', 'dessert', 'DessertBud', 10),
        ('flavor', 'cocktail', 'CocktailBud', 11), ('flavor', 'luxury', 'LuxuryBud', 12),
        ('city', 'new york', 'New York', 1), ('city', 'san francisco', 'San Francisco', 2),
        ('city', 'chicago', 'Chicago', 3), ('city', 'los angeles', 'Los Angeles', 4),
        ('city', 'washington', 'Washington', 5), ('city', 'charlottesville', 'Charlottesville', 6),
        ('city', 'miami', 'Miami', 7), ('city', 'austin', 'Austin', 8),
        ('city', 'seattle', 'Seattle', 9), ('city', 'boston', 'Boston', 10)`);
    await queryRunner.query(`
      CREATE TABLE "identity"."city_tiers" (
        "level" varchar(20) PRIMARY KEY,
        "name" varchar(40) NOT NULL,
        "min_reviews" integer NOT NULL CHECK ("min_reviews" >= 1),
        "position" integer NOT NULL
      )`);
    await queryRunner.query(`
      INSERT INTO "identity"."city_tiers" (level, name, min_reviews, position) VALUES
        ('bronze', 'Bronze', 10, 1), ('silver', 'Silver', 20, 2),
        ('gold', 'Gold', 30, 3), ('platinum', 'Platinum', 40, 4)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS "identity"."city_tiers"`);
    await queryRunner.query(`DROP TABLE IF EXISTS "identity"."badge_names"`);
  }
}
