import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Serves the scheduled purge of expired sessions (DELETE … WHERE expires_at <= now()). */
export class IdentitySessionExpiry1732300000002 implements MigrationInterface {
  name = 'IdentitySessionExpiry1732300000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS "sessions_expires_at_idx" ON "identity"."sessions" ("expires_at")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS "identity"."sessions_expires_at_idx"`);
  }
}
