import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { DataSource, EntityManager } from 'typeorm';
import { openServiceDatabase } from '@dinebuds/database';
import { createTestDatabase, type TestDatabase } from '@dinebuds/testing';
import {
  SocialGraphEdges,
  notBlockedSql,
  socialGraphEdgeEntities,
  socialGraphEdgeTables,
} from '../src/index.js';

const SCHEMA = 'edges_test';
const entities = socialGraphEdgeEntities(SCHEMA);
const tables = socialGraphEdgeTables(SCHEMA);
const deletedUsers = new Set<number>();

let db: TestDatabase;
let source: DataSource;
let edges: SocialGraphEdges;

/** Runs one step in a transaction, as a consumer's inbox does. */
const inTx = <T>(work: (manager: EntityManager) => Promise<T>) => source.transaction(work);
const follows = async () =>
  (await source.query(`SELECT follower_id, following_id FROM ${tables.follows} ORDER BY 1, 2`)) as unknown[];

beforeAll(async () => {
  db = await createTestDatabase('projections_lib');
  // The entities' own tables (TypeORM's synchronize): the test is about the statements, not a migration.
  source = await openServiceDatabase({
    url: db.url,
    schema: SCHEMA,
    entities: Object.values(entities),
    migrations: [],
  });
  await source.synchronize();
  edges = new SocialGraphEdges(SCHEMA, entities, async (_manager, userId) => deletedUsers.has(userId));
});

afterAll(async () => {
  await source?.destroy();
  await db?.drop();
});

beforeEach(async () => {
  deletedUsers.clear();
  await source.query(`TRUNCATE ${tables.follows}, ${tables.followVersions}, ${tables.blocks}`);
});

describe('social-graph edges projection', () => {
  it('applies a newer follow change and ignores an older one arriving late', async () => {
    await inTx((m) => edges.applyFollowCreated(m, { followerId: 1, followingId: 2 }, 1));
    await inTx((m) => edges.applyFollowRemoved(m, { followerId: 1, followingId: 2 }, 3));
    // The created event of version 2 comes after the removal of version 3: stale.
    await inTx((m) => edges.applyFollowCreated(m, { followerId: 1, followingId: 2 }, 2));
    expect(await follows()).toEqual([]);
    await inTx((m) => edges.applyFollowCreated(m, { followerId: 1, followingId: 2 }, 4));
    expect(await follows()).toEqual([{ follower_id: 1, following_id: 2 }]);
    expect(await inTx((m) => edges.isFollowing(m, 1, 2))).toBe(true);
    expect(await inTx((m) => edges.isFollowing(m, 2, 1))).toBe(false);
  });

  it('applies unversioned changes as they come, and adds no edge of a deleted user', async () => {
    await inTx((m) => edges.applyFollowCreated(m, { followerId: 1, followingId: 2 }, null));
    await inTx((m) => edges.applyFollowCreated(m, { followerId: 1, followingId: 2 }, null));
    expect(await follows()).toEqual([{ follower_id: 1, following_id: 2 }]);
    await inTx((m) => edges.applyFollowRemoved(m, { followerId: 1, followingId: 2 }, null));
    expect(await follows()).toEqual([]);
    deletedUsers.add(3);
    await inTx((m) => edges.applyFollowCreated(m, { followerId: 1, followingId: 3 }, 1));
    expect(await follows()).toEqual([]);
  });

  it('keeps blocks both ways for the SQL condition, and removes everything of a deleted user', async () => {
    await inTx((m) => edges.addBlock(m, 1, 2));
    await inTx((m) => edges.addBlock(m, 1, 2));
    expect(await inTx((m) => edges.blockedEitherWay(m, 2, 1))).toBe(true);
    expect(await inTx((m) => edges.blockedEitherWay(m, 1, 3))).toBe(false);
    const visible = (viewer: number) =>
      source.query(
        `SELECT u.id FROM (VALUES (2), (3)) AS u(id) WHERE ${notBlockedSql(tables.blocks, 'u.id', '$1')} ORDER BY 1`,
        [viewer],
      );
    expect(await visible(1)).toEqual([{ id: 3 }]);
    await inTx((m) => edges.applyFollowCreated(m, { followerId: 1, followingId: 3 }, 1));
    await inTx((m) => edges.removeAllOf(m, 1));
    expect(await follows()).toEqual([]);
    expect(await inTx((m) => edges.blockedEitherWay(m, 1, 2))).toBe(false);
    expect(await source.query(`SELECT count(*)::int AS n FROM ${tables.followVersions}`)).toEqual([{ n: 0 }]);
    await inTx((m) => edges.addBlock(m, 4, 5));
    await inTx((m) => edges.removeBlock(m, 4, 5));
    expect(await inTx((m) => edges.blockedEitherWay(m, 4, 5))).toBe(false);
  });
});
