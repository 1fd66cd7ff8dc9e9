import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A restaurant's phone and website (admins edit them with cuisine, price range and category), and
 * reviews' projection of social-graph's mutes: the muter's discovery reads leave the muted out.
 */
export class RestaurantContactsAndMutes1734100000020 implements MigrationInterface {
  name = 'RestaurantContactsAndMutes1734100000020';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "reviews"."restaurants" ADD COLUMN "phone" varchar(30)`);
    await queryRunner.query(`ALTER TABLE "reviews"."restaurants" ADD COLUMN "website" varchar(200)`);
    await queryRunner.query(`
      CREATE TABLE "reviews"."mutes" (
        "muter_id" integer NOT NULL,
        "muted_id" integer NOT NULL,
        CONSTRAINT "mutes_pkey" PRIMARY KEY ("muter_id", "muted_id")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS "reviews"."mutes"`);
    await queryRunner.query(`ALTER TABLE "reviews"."restaurants" DROP COLUMN IF EXISTS "website"`);
    await queryRunner.query(`ALTER TABLE "reviews"."restaurants" DROP COLUMN IF EXISTS "phone"`);
  }
}
