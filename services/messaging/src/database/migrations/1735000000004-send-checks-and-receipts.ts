import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who is deactivated (identity.user.deactivated / reactivated, newest version wins), and each read
 * receipt with an id of its own, so a reconnecting stream replays the receipts it missed
 * (messages.since) as it replays messages.
 */
export class SendChecksAndReceipts1735000000004 implements MigrationInterface {
  name = 'SendChecksAndReceipts1735000000004';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "messaging"."account_states" (
        "user_id" integer NOT NULL,
        "deactivated" boolean NOT NULL,
        "version" integer,
        CONSTRAINT "account_states_pkey" PRIMARY KEY ("user_id")
      )`);
    await queryRunner.query(`
      CREATE TABLE "messaging"."read_receipts" (
        "id" SERIAL NOT NULL,
        "reader_id" integer NOT NULL,
        "other_id" integer NOT NULL,
        "up_to_message_id" integer NOT NULL,
        "count" integer NOT NULL,
        "read_at" timestamptz NOT NULL,
        CONSTRAINT "read_receipts_pkey" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "read_receipts_reader_idx" ON "messaging"."read_receipts" ("reader_id", "id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "read_receipts_other_idx" ON "messaging"."read_receipts" ("other_id", "id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS "messaging"."read_receipts"`);
    await queryRunner.query(`DROP TABLE IF EXISTS "messaging"."account_states"`);
  }
}
