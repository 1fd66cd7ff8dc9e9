import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each read snapshot keeps its answer's gzip beside the text, so a client that accepts gzip (every
 * browser) is sent the stored bytes and nothing compresses 40-90 KB per request. The stored
 * snapshots are a cache of the tables: they are dropped here and computed again on first read.
 */
export class ReadSnapshotsGzip1734100000070 implements MigrationInterface {
  name = 'ReadSnapshotsGzip1734100000070';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "reviews"."read_snapshots"`);
    await queryRunner.query(
      `ALTER TABLE "reviews"."read_snapshots" ADD COLUMN "payload_gzip" bytea NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "reviews"."read_snapshots" DROP COLUMN "payload_gzip"`);
  }
}
