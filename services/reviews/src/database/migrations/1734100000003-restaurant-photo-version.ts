import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A restaurant's photo version: +1 per upload, so its photoUrl (`?v=`) changes with the photo
 * and browsers never show a stale one; 0 while the generated placeholder stands in.
 */
export class RestaurantPhotoVersion1734100000003 implements MigrationInterface {
  name = 'RestaurantPhotoVersion1734100000003';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "reviews"."restaurants" ADD COLUMN "photo_version" integer NOT NULL DEFAULT 0`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "reviews"."restaurants" DROP COLUMN "photo_version"`);
  }
}
