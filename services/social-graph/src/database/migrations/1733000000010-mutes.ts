import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Mutes (muter, muted): the shape of blocks; a user's rows go with them (cascade). PostgreSQL names the
 * foreign keys mutes_muter_id_fkey / mutes_muted_id_fkey, as the entity does. */
export class Mutes1733000000010 implements MigrationInterface {
  name = 'Mutes1733000000010';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "social"."mutes" (
        "id" serial PRIMARY KEY,
        "muter_id" integer NOT NULL REFERENCES "social"."users" ("id") ON DELETE CASCADE,
        "muted_id" integer NOT NULL REFERENCES "social"."users" ("id") ON DELETE CASCADE,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "mutes_muter_muted_key" UNIQUE ("muter_id", "muted_id"),
        CONSTRAINT "mutes_not_self_check" CHECK ("muter_id" <> "muted_id")
      )`);
    await queryRunner.query(`CREATE INDEX "mutes_muted_idx" ON "social"."mutes" ("muted_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS "social"."mutes"`);
  }
}
