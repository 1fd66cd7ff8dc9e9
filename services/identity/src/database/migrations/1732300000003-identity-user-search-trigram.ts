import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Double-quotes an identifier for SQL (a schema name read from the catalogue). */
export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * User search matches anywhere in the name (`lower(x) LIKE '%q%'`), which the prefix indexes
 * cannot serve: trigram GIN indexes can. pg_trgm is a database-wide extension, not part of the
 * identity schema: it is created once (in public, where other services would look for it) unless
 * it already exists (maybe put elsewhere by an operator), and the operator class is named with the
 * schema it really lives in, so this works whatever the search_path.
 */
export class IdentityUserSearchTrigram1732300000003 implements MigrationInterface {
  name = 'IdentityUserSearchTrigram1732300000003';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Services migrating at once under their own schema locks must not race to create it.
    await queryRunner.query(`SELECT pg_advisory_xact_lock(hashtext('dinebuds:extension:pg_trgm'))`);
    let schema = await this.extensionSchema(queryRunner);
    if (!schema) {
      const [publicSchema] = (await queryRunner.query(
        `SELECT 1 FROM pg_catalog.pg_namespace WHERE nspname = 'public'`,
      )) as unknown[];
      await queryRunner.query(
        `CREATE EXTENSION IF NOT EXISTS pg_trgm${publicSchema ? ' WITH SCHEMA public' : ''}`,
      );
      schema = await this.extensionSchema(queryRunner);
      if (!schema) throw new Error('pg_trgm could not be created');
    }
    const ops = `${quoteIdentifier(schema)}.gin_trgm_ops`;
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS "users_username_lower_trgm_idx" ON "identity"."users" USING gin (lower("username") ${ops})`,
    );
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS "users_name_lower_trgm_idx" ON "identity"."users" USING gin (lower("name") ${ops})`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // The extension stays: it belongs to the database, and other schemas may use it.
    await queryRunner.query(`DROP INDEX IF EXISTS "identity"."users_name_lower_trgm_idx"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "identity"."users_username_lower_trgm_idx"`);
  }

  private async extensionSchema(queryRunner: QueryRunner): Promise<string | undefined> {
    const rows = (await queryRunner.query(
      `SELECT n.nspname AS schema FROM pg_catalog.pg_extension e
         JOIN pg_catalog.pg_namespace n ON n.oid = e.extnamespace
        WHERE e.extname = 'pg_trgm'`,
    )) as { schema: string }[];
    return rows[0]?.schema;
  }
}
