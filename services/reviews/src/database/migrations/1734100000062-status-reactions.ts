import type { MigrationInterface, QueryRunner } from 'typeorm';

const S = '"reviews"';

/** The transition tables a statement-level trigger of each operation reads. */
const TRANSITION: Record<string, string> = {
  INSERT: 'NEW TABLE AS new_rows',
  UPDATE: 'OLD TABLE AS old_rows NEW TABLE AS new_rows',
  DELETE: 'OLD TABLE AS old_rows',
};

/**
 * Statuses become feed items with likes and comments:
 * - likes (one per person and status) and comments on statuses, as on check-ins (1734100000008),
 *   going with their status;
 * - the read snapshots' triggers (1734100000050) on them: a status bumps its author and their
 *   followers (as a review or check-in does), a like or comment the reactor and the status's
 *   author, each with their followers (as on a check-in).
 */
export class StatusReactions1734100000062 implements MigrationInterface {
  name = 'StatusReactions1734100000062';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE ${S}."status_likes" (
        "status_id" integer NOT NULL REFERENCES ${S}."statuses" ("id") ON DELETE CASCADE,
        "user_id" integer NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "status_likes_pkey" PRIMARY KEY ("status_id", "user_id")
      )`);
    await queryRunner.query(`
      CREATE TABLE ${S}."status_comments" (
        "id" SERIAL PRIMARY KEY,
        "status_id" integer NOT NULL REFERENCES ${S}."statuses" ("id") ON DELETE CASCADE,
        "user_id" integer NOT NULL,
        "text" varchar(500) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX "status_comments_status_idx" ON ${S}."status_comments" ("status_id", "id")`,
    );
    // A deleted person's likes and comments on others' statuses go by user_id.
    await queryRunner.query(`CREATE INDEX "status_likes_user_idx" ON ${S}."status_likes" ("user_id")`);
    await queryRunner.query(`CREATE INDEX "status_comments_user_idx" ON ${S}."status_comments" ("user_id")`);
    await queryRunner.query(`
      CREATE FUNCTION ${S}."read_versions_by_status_reaction"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          PERFORM ${S}."bump_people_and_followers"(ARRAY(
            SELECT r."user_id" FROM new_rows r
            UNION SELECT s."user_id" FROM new_rows r JOIN ${S}."statuses" s ON s."id" = r."status_id"));
        ELSE
          PERFORM ${S}."bump_people_and_followers"(ARRAY(
            SELECT r."user_id" FROM old_rows r
            UNION SELECT s."user_id" FROM old_rows r JOIN ${S}."statuses" s ON s."id" = r."status_id"));
        END IF;
        RETURN NULL;
      END $$`);
    const triggers: Array<[table: string, fn: string, ops: string[]]> = [
      ['statuses', 'read_versions_by_author', ['INSERT', 'UPDATE', 'DELETE']],
      ['status_likes', 'read_versions_by_status_reaction', ['INSERT', 'DELETE']],
      ['status_comments', 'read_versions_by_status_reaction', ['INSERT', 'DELETE']],
    ];
    for (const [table, fn, ops] of triggers)
      for (const op of ops)
        await queryRunner.query(`
          CREATE TRIGGER "${table}_read_versions_${op.toLowerCase()}" AFTER ${op} ON ${S}."${table}"
          REFERENCING ${TRANSITION[op]} FOR EACH STATEMENT EXECUTE FUNCTION ${S}."${fn}"()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const op of ['insert', 'update', 'delete'])
      await queryRunner.query(`DROP TRIGGER IF EXISTS "statuses_read_versions_${op}" ON ${S}."statuses"`);
    await queryRunner.query(`DROP TABLE IF EXISTS ${S}."status_comments"`);
    await queryRunner.query(`DROP TABLE IF EXISTS ${S}."status_likes"`);
    await queryRunner.query(`DROP FUNCTION IF EXISTS ${S}."read_versions_by_status_reaction"()`);
  }
}
