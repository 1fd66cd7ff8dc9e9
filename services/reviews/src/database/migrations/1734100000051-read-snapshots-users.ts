import type { MigrationInterface, QueryRunner } from 'typeorm';

const S = '"reviews"';

/**
 * Two gaps of the read snapshots' triggers (1734100000050) on the users projection:
 * - A person's row may arrive after follows naming them (identity's and social-graph's events
 *   come in any order), and the reads join the users row: its INSERT now bumps the person and
 *   their followers, as an UPDATE of a shown column does.
 * - When a person is deleted, the snapshots of other viewers that showed them (their names, their
 *   reviews) were made stale by the deletion's bumps but stayed stored; they now go too: every
 *   stale snapshot is deleted (a scan of the snapshots' keys on a rare event, not per request).
 */
export class ReadSnapshotsUsers1734100000051 implements MigrationInterface {
  name = 'ReadSnapshotsUsers1734100000051';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION ${S}."read_versions_by_profile"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          PERFORM ${S}."bump_people_and_followers"(ARRAY(SELECT "id" FROM new_rows));
        ELSIF TG_OP = 'UPDATE' THEN
          PERFORM ${S}."bump_people_and_followers"(ARRAY(
            SELECT n."id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
            WHERE (n."username", n."name", n."profile_picture", n."is_private")
                  IS DISTINCT FROM (o."username", o."name", o."profile_picture", o."is_private")));
        ELSE -- DELETE: their followers' reads change, and their own snapshots go with them
          PERFORM ${S}."bump_people_and_followers"(ARRAY(SELECT "id" FROM old_rows));
          DELETE FROM ${S}."read_snapshots" WHERE "viewer_id" IN (SELECT "id" FROM old_rows);
          DELETE FROM ${S}."viewer_read_versions" WHERE "viewer_id" IN (SELECT "id" FROM old_rows);
          -- Others' answers that showed them are stale by now (bumped when their reviews, saves
          -- and check-ins went): stored text naming the person goes with the account.
          DELETE FROM ${S}."read_snapshots" s USING ${S}."viewer_read_versions" v
          WHERE v."viewer_id" = s."viewer_id" AND s."version" < v."version";
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "users_read_versions_insert" AFTER INSERT ON ${S}."users"
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${S}."read_versions_by_profile"()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER IF EXISTS "users_read_versions_insert" ON ${S}."users"`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION ${S}."read_versions_by_profile"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' THEN
          PERFORM ${S}."bump_people_and_followers"(ARRAY(
            SELECT n."id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
            WHERE (n."username", n."name", n."profile_picture", n."is_private")
                  IS DISTINCT FROM (o."username", o."name", o."profile_picture", o."is_private")));
        ELSE
          PERFORM ${S}."bump_people_and_followers"(ARRAY(SELECT "id" FROM old_rows));
          DELETE FROM ${S}."read_snapshots" WHERE "viewer_id" IN (SELECT "id" FROM old_rows);
          DELETE FROM ${S}."viewer_read_versions" WHERE "viewer_id" IN (SELECT "id" FROM old_rows);
        END IF;
        RETURN NULL;
      END $$`);
  }
}
