import type { MigrationInterface, QueryRunner } from 'typeorm';

const S = '"reviews"';

/**
 * Per-viewer read snapshots (services/reviews/src/read-snapshots): the ranked list and the feed's
 * first page are stored as the JSON they answered, stamped with the viewer's read version, and
 * served while that version stands. Statement-level triggers on every table those reads see bump
 * the version of every viewer a write can change, in the writing transaction, so no code path
 * (bulk writes, cascades, merges) can leave a stale snapshot valid:
 * - a person's reviews, saves and check-ins: that person and everyone following them;
 * - a like or comment: the liker and the check-in's author, each with their followers;
 * - a follow: the follower; a block: both people; a mute: the muter;
 * - a person's profile (name, picture, privacy) or deletion: that person and their followers;
 * - a restaurant's edit or removal: every viewer holding a snapshot.
 * Versions are bumped in viewer order, so concurrent writes lock them in one order.
 */
export class ReadSnapshots1734100000050 implements MigrationInterface {
  name = 'ReadSnapshots1734100000050';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE ${S}."viewer_read_versions" (
        "viewer_id" integer PRIMARY KEY,
        "version" bigint NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE ${S}."read_snapshots" (
        "viewer_id" integer NOT NULL,
        "read_key" text NOT NULL,
        "version" bigint NOT NULL,
        "payload" text NOT NULL,
        "computed_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("viewer_id", "read_key")
      )`);
    // The followers of a person, for the bumps (the primary key serves only the follower's side).
    await queryRunner.query(
      `CREATE INDEX "follows_following_idx" ON ${S}."follows" ("following_id", "follower_id")`,
    );
    await queryRunner.query(`
      CREATE FUNCTION ${S}."bump_read_versions"(viewers integer[]) RETURNS void LANGUAGE sql AS $$
        INSERT INTO ${S}."viewer_read_versions" AS v ("viewer_id", "version")
        SELECT DISTINCT id, 1 FROM unnest(viewers) AS id WHERE id IS NOT NULL ORDER BY id
        ON CONFLICT ("viewer_id") DO UPDATE SET "version" = v."version" + 1
      $$`);
    await queryRunner.query(`
      CREATE FUNCTION ${S}."bump_people_and_followers"(people integer[]) RETURNS void LANGUAGE sql AS $$
        SELECT ${S}."bump_read_versions"(
          people || ARRAY(SELECT f."follower_id" FROM ${S}."follows" f WHERE f."following_id" = ANY(people)))
      $$`);

    // Reviews, saves and check-ins: their authors and the authors' followers.
    await queryRunner.query(`
      CREATE FUNCTION ${S}."read_versions_by_author"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          PERFORM ${S}."bump_people_and_followers"(ARRAY(SELECT DISTINCT "user_id" FROM new_rows));
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM ${S}."bump_people_and_followers"(ARRAY(SELECT DISTINCT "user_id" FROM old_rows));
        ELSE
          PERFORM ${S}."bump_people_and_followers"(
            ARRAY(SELECT "user_id" FROM new_rows UNION SELECT "user_id" FROM old_rows));
        END IF;
        RETURN NULL;
      END $$`);
    // Likes and comments: the reactor and the check-in's author (its count changes in their buds' feeds).
    await queryRunner.query(`
      CREATE FUNCTION ${S}."read_versions_by_reaction"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          PERFORM ${S}."bump_people_and_followers"(ARRAY(
            SELECT r."user_id" FROM new_rows r
            UNION SELECT c."user_id" FROM new_rows r JOIN ${S}."check_ins" c ON c."id" = r."check_in_id"));
        ELSE
          PERFORM ${S}."bump_people_and_followers"(ARRAY(
            SELECT r."user_id" FROM old_rows r
            UNION SELECT c."user_id" FROM old_rows r JOIN ${S}."check_ins" c ON c."id" = r."check_in_id"));
        END IF;
        RETURN NULL;
      END $$`);
    // Graph edges: the viewers whose buds change (column names per table, as trigger arguments).
    await queryRunner.query(`
      CREATE FUNCTION ${S}."read_versions_by_edge"() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        ids integer[];
      BEGIN
        IF TG_TABLE_NAME = 'follows' THEN
          IF TG_OP = 'DELETE' THEN SELECT array_agg("follower_id") INTO ids FROM old_rows;
          ELSE SELECT array_agg("follower_id") INTO ids FROM new_rows; END IF;
        ELSIF TG_TABLE_NAME = 'blocks' THEN
          IF TG_OP = 'DELETE' THEN SELECT array_agg(x) INTO ids FROM old_rows, unnest(ARRAY["blocker_id", "blocked_id"]) x;
          ELSE SELECT array_agg(x) INTO ids FROM new_rows, unnest(ARRAY["blocker_id", "blocked_id"]) x; END IF;
        ELSE -- mutes
          IF TG_OP = 'DELETE' THEN SELECT array_agg("muter_id") INTO ids FROM old_rows;
          ELSE SELECT array_agg("muter_id") INTO ids FROM new_rows; END IF;
        END IF;
        PERFORM ${S}."bump_read_versions"(COALESCE(ids, '{}'));
        RETURN NULL;
      END $$`);
    // Profiles: what a snapshot shows of a person (name, picture) or whether it may (privacy).
    await queryRunner.query(`
      CREATE FUNCTION ${S}."read_versions_by_profile"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' THEN
          PERFORM ${S}."bump_people_and_followers"(ARRAY(
            SELECT n."id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
            WHERE (n."username", n."name", n."profile_picture", n."is_private")
                  IS DISTINCT FROM (o."username", o."name", o."profile_picture", o."is_private")));
        ELSE -- DELETE: their followers' reads change, and their own snapshots go with them
          PERFORM ${S}."bump_people_and_followers"(ARRAY(SELECT "id" FROM old_rows));
          DELETE FROM ${S}."read_snapshots" WHERE "viewer_id" IN (SELECT "id" FROM old_rows);
          DELETE FROM ${S}."viewer_read_versions" WHERE "viewer_id" IN (SELECT "id" FROM old_rows);
        END IF;
        RETURN NULL;
      END $$`);
    // Restaurants (exact coordinates, a photo, an admin's edit, a merge): a place is in a viewer's
    // reads only through someone who reviewed, saved or checked in there, so those people and
    // their followers. (A merge's moved rows bump through their own tables' triggers too.)
    await queryRunner.query(`
      CREATE FUNCTION ${S}."read_versions_by_restaurant"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM ${S}."bump_people_and_followers"(ARRAY(
          SELECT v."user_id" FROM ${S}."reviews" v WHERE v."restaurant_id" IN (SELECT "id" FROM old_rows)
          UNION SELECT s."user_id" FROM ${S}."saved_restaurants" s WHERE s."restaurant_id" IN (SELECT "id" FROM old_rows)
          UNION SELECT c."user_id" FROM ${S}."check_ins" c WHERE c."restaurant_id" IN (SELECT "id" FROM old_rows)));
        RETURN NULL;
      END $$`);

    const triggers: Array<[table: string, fn: string, ops: string[]]> = [
      ['reviews', 'read_versions_by_author', ['INSERT', 'UPDATE', 'DELETE']],
      ['saved_restaurants', 'read_versions_by_author', ['INSERT', 'UPDATE', 'DELETE']],
      ['check_ins', 'read_versions_by_author', ['INSERT', 'UPDATE', 'DELETE']],
      ['check_in_likes', 'read_versions_by_reaction', ['INSERT', 'DELETE']],
      ['check_in_comments', 'read_versions_by_reaction', ['INSERT', 'DELETE']],
      ['follows', 'read_versions_by_edge', ['INSERT', 'DELETE']],
      ['blocks', 'read_versions_by_edge', ['INSERT', 'DELETE']],
      ['mutes', 'read_versions_by_edge', ['INSERT', 'DELETE']],
      ['users', 'read_versions_by_profile', ['UPDATE', 'DELETE']],
      ['restaurants', 'read_versions_by_restaurant', ['UPDATE', 'DELETE']],
    ];
    for (const [table, fn, ops] of triggers)
      for (const op of ops) {
        const transition =
          op === 'INSERT'
            ? 'NEW TABLE AS new_rows'
            : op === 'DELETE'
              ? 'OLD TABLE AS old_rows'
              : 'OLD TABLE AS old_rows NEW TABLE AS new_rows';
        await queryRunner.query(`
          CREATE TRIGGER "${table}_read_versions_${op.toLowerCase()}" AFTER ${op} ON ${S}."${table}"
          REFERENCING ${transition} FOR EACH STATEMENT EXECUTE FUNCTION ${S}."${fn}"()`);
      }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'reviews',
      'saved_restaurants',
      'check_ins',
      'check_in_likes',
      'check_in_comments',
      'follows',
      'blocks',
      'mutes',
      'users',
      'restaurants',
    ])
      for (const op of ['insert', 'update', 'delete'])
        await queryRunner.query(`DROP TRIGGER IF EXISTS "${table}_read_versions_${op}" ON ${S}."${table}"`);
    for (const fn of [
      'read_versions_by_restaurant',
      'read_versions_by_profile',
      'read_versions_by_edge',
      'read_versions_by_reaction',
      'read_versions_by_author',
    ])
      await queryRunner.query(`DROP FUNCTION IF EXISTS ${S}."${fn}"()`);
    await queryRunner.query(`DROP FUNCTION IF EXISTS ${S}."bump_people_and_followers"(integer[])`);
    await queryRunner.query(`DROP FUNCTION IF EXISTS ${S}."bump_read_versions"(integer[])`);
    await queryRunner.query(`DROP INDEX IF EXISTS ${S}."follows_following_idx"`);
    await queryRunner.query(`DROP TABLE IF EXISTS ${S}."read_snapshots"`);
    await queryRunner.query(`DROP TABLE IF EXISTS ${S}."viewer_read_versions"`);
  }
}
