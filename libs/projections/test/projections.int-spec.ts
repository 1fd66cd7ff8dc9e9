import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { Entity, type DataSource, type EntityManager } from 'typeorm';
import { openServiceDatabase } from '@dinebuds/database';
import { createTestDatabase, type TestDatabase } from '@dinebuds/testing';
import {
  IdentityUsersProjection,
  ProjectedUserColumns,
  SocialGraphEdges,
  deletedUserEntity,
  notBlockedSql,
  socialGraphEdgeEntities,
  socialGraphEdgeTables,
} from '../src/index.js';

const SCHEMA = 'projections_test';
const entities = socialGraphEdgeEntities(SCHEMA);

@Entity({ schema: SCHEMA, name: 'users' })
class TestUserEntity extends ProjectedUserColumns {}
const DeletedUserEntity = deletedUserEntity(SCHEMA);
const users = new IdentityUsersProjection(SCHEMA, TestUserEntity, DeletedUserEntity);
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
    entities: [...Object.values(entities), TestUserEntity, DeletedUserEntity],
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
  await source.query(
    `TRUNCATE ${tables.follows}, ${tables.followVersions}, ${tables.blocks}, "${SCHEMA}".users, "${SCHEMA}".deleted_users`,
  );
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

describe('identity users projection', () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
  const profile = (name: string) => ({ id: 7, username: 'ann', name, profilePicture: null });
  const stored = () => inTx((m) => users.find(m, 7));

  it("applies a newer profile by identity's version, ignores a repeat or an older one", async () => {
    await inTx((m) => users.applyProfile(m, profile('Ann'), { version: 2, occurredAt: at(1) }));
    await inTx((m) => users.applyProfile(m, profile('Old'), { version: 1, occurredAt: at(5) }));
    await inTx((m) => users.applyProfile(m, profile('Repeat'), { version: 2, occurredAt: at(6) }));
    expect(await stored()).toMatchObject({ name: 'Ann', version: 2 });
    await inTx((m) => users.applyProfile(m, profile('Ann B.'), { version: 3, occurredAt: at(0) }));
    expect(await stored()).toMatchObject({ name: 'Ann B.', version: 3, syncedAt: at(0) });
  });

  it("stores a snapshot's common columns (a missing picture as null)", async () => {
    const snapshot = { userId: 7, username: 'ann', name: 'Ann', bio: 'hi', isPrivate: true, isAdmin: false };
    await inTx((m) => users.applySnapshot(m, snapshot, { version: 1, occurredAt: at(1) }, {}));
    expect(await stored()).toEqual({
      id: 7,
      username: 'ann',
      name: 'Ann',
      profilePicture: null,
      version: 1,
      syncedAt: at(1),
    });
  });

  it('orders unversioned changes by time, and a deleted user stays deleted', async () => {
    await inTx((m) => users.applyProfile(m, profile('Ann'), { version: null, occurredAt: at(2) }));
    await inTx((m) => users.applyProfile(m, profile('Earlier'), { version: null, occurredAt: at(1) }));
    expect(await stored()).toMatchObject({ name: 'Ann', version: null });
    await inTx((m) => users.removeWithTombstone(m, 7, at(3)));
    await inTx((m) => users.applyProfile(m, profile('Back'), { version: 9, occurredAt: at(4) }));
    expect(await stored()).toBeNull();
    expect(await inTx((m) => users.isDeleted(m, 7))).toBe(true);
  });
});
