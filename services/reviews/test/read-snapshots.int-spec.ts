import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Caller, EventMap, EventType, FeedPageDto, RankedRestaurantDto } from '@dinebuds/contracts';
import { createEnvelope } from '@dinebuds/events';
import { TEXT_ANSWER } from '@dinebuds/service-client';
import {
  createTestSystem,
  eventually,
  planWithoutSeqScan,
  query,
  registeredUser,
  type TestSystem,
} from '@dinebuds/testing';
import { ReadSnapshotsService } from '../src/read-snapshots/read-snapshots.service.js';
import { startTestReviews, type TestReviews } from './reviews-test-kit.js';

const caller = (userId: number, isAdmin = false): Caller => ({ userId, isAdmin, sessionId: null });
const ANN = caller(701);
const BOB = caller(702);
const CAT = caller(703);
const DAN = caller(704);
/** Registered only inside a test (after a follow of her). */
const EVE = caller(705);
const ADMIN = caller(799, true);
const CITY = 'Austin';

/**
 * The ranked list and the feed's first page served from per-viewer snapshots (migration
 * 1734100000050) against real PostgreSQL: a stored answer is served while it stands, and every
 * kind of write that changes what the viewer may see makes it stale at once (triggers bump the
 * viewer's read version in the writer's transaction). To tell a served snapshot from a fresh read,
 * a test overwrites the viewer's stored answers with a marker first: if the marker comes back, the
 * write did not invalidate them.
 */
describe.each([
  { memory: 'off', readSnapshotCacheMb: 0 },
  { memory: 'on', readSnapshotCacheMb: 32 },
])(
  'read snapshots (memory tier $memory): served while current, stale after any write that changes them',
  ({ memory, readSnapshotCacheMb }) => {
    let system: TestSystem;
    let reviews: TestReviews;
    let followVersion = 0;

    const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
      query<T>(system.db.url, text, params);
    const publish = async <T extends EventType>(type: T, data: EventMap[T], aggregateVersion?: number) => {
      const producer = type.startsWith('identity.') ? 'identity' : 'social-graph';
      await system.bus.publish(createEnvelope(type, data, { producer, aggregateVersion }));
    };
    const ranked = () =>
      reviews.client.call('discovery.ranked', { city: CITY }, ANN) as Promise<RankedRestaurantDto[]>;
    const feed = () => reviews.client.call('discovery.feed', {}, ANN) as Promise<FeedPageDto>;
    /** Ann's ranked list as a browser asks for it: the stored gzip, unpacked here. */
    const rankedGzip = async () => {
      const answer = await reviews.client.callJsonAnswer('discovery.ranked', { city: CITY }, ANN, true);
      expect(typeof answer).not.toBe('string');
      return JSON.parse(gunzipSync(answer as Uint8Array).toString('utf8')) as RankedRestaurantDto[];
    };
    const review = (who: Caller, restaurantName: string, rating: number) =>
      reviews.client.call(
        'reviews.create',
        { restaurantName, address: `1 Main St, ${CITY}, TX`, rating },
        who,
      );
    const version = async () =>
      Number(
        (
          await sql<{ v: string }>(
            'SELECT version::text AS v FROM reviews.viewer_read_versions WHERE viewer_id = $1',
            [ANN.userId],
          )
        )[0]?.v ?? 0,
      );
    /** Overwrites Ann's stored answers with empty ones (served only while they stand). */
    const mark = async () => {
      await ranked();
      await feed();
      const emptyFeed = '{"items":[],"nextCursor":null}';
      await sql(
        `UPDATE reviews.read_snapshots SET
           payload = CASE WHEN read_key LIKE 'feed:%' THEN $2 ELSE '[]' END,
           payload_gzip = CASE WHEN read_key LIKE 'feed:%' THEN $3::bytea ELSE $4::bytea END
         WHERE viewer_id = $1`,
        [ANN.userId, emptyFeed, gzipSync(emptyFeed), gzipSync('[]')],
      );
    };
    const register = (who: Caller, name: string) =>
      publish('identity.user.registered', registeredUser(who.userId, name), 1);
    const follow = async (follower: Caller, following: Caller) => {
      await publish(
        'social.follow.created',
        { followerId: follower.userId, followingId: following.userId, createdAt: new Date().toISOString() },
        ++followVersion,
      );
      await eventually(
        async () =>
          (
            await sql('SELECT 1 FROM reviews.follows WHERE follower_id = $1 AND following_id = $2', [
              follower.userId,
              following.userId,
            ])
          ).length === 1,
        15_000,
      );
    };

    beforeAll(async () => {
      system = await createTestSystem(`reviews_read_snapshots_${memory}`);
      reviews = await system.own(startTestReviews(system.db.url, system.bus, { readSnapshotCacheMb }));
      for (const [who, name] of [
        [ANN, 'Ann'],
        [BOB, 'Bob'],
        [CAT, 'Cat'],
        [DAN, 'Dan'],
      ] as const)
        await register(who, name);
      await eventually(async () => (await sql('SELECT 1 FROM reviews.users')).length === 4, 15_000);
      await follow(ANN, BOB);
      await follow(ANN, CAT);
      await review(BOB, 'Pasta Place', 5);
      await review(CAT, 'Taco Town', 3);
    }, 60_000);

    afterAll(async () => {
      await system?.close();
    });

    it('serves the stored answer while no write changed it', async () => {
      const names = ['Pasta Place', 'Taco Town'];
      expect((await ranked()).map((r) => r.name)).toEqual(names);
      await mark();
      // The memory tier serves the text it read at this version; without it, the stored row.
      const served = memory === 'on' ? names : [];
      expect((await ranked()).map((r) => r.name)).toEqual(served);
      expect((await feed()).items.length > 0).toBe(memory === 'on');
      // A write by someone Ann does not follow leaves her snapshots standing.
      await review(DAN, 'Dan Diner', 4);
      expect((await ranked()).map((r) => r.name)).toEqual(served);
    });

    it('a client that accepts gzip is sent the stored gzip of the same answer, as fresh', async () => {
      // The last test left Ann's answers marked: a bump makes both forms compute afresh.
      await sql('SELECT reviews.bump_read_versions(ARRAY[$1::int])', [ANN.userId]);
      const plain = await ranked();
      expect(plain.length).toBeGreaterThan(0);
      expect(await rankedGzip()).toEqual(plain);
      await mark();
      expect((await rankedGzip()).map((r) => r.name)).toEqual(
        memory === 'on' ? plain.map((r) => r.name) : [],
      );
      const written = await review(BOB, 'Gzip Grill', 5);
      expect((await rankedGzip()).some((r) => r.name === 'Gzip Grill')).toBe(true);
      await reviews.client.call('reviews.delete', { reviewId: written.id }, BOB);
      expect(await rankedGzip()).toEqual(plain);
    });

    it("a bud's new review, edit and deletion show at once", async () => {
      await mark();
      const written = await review(BOB, 'Burger Barn', 4);
      expect((await ranked()).map((r) => r.name)).toEqual(['Pasta Place', 'Burger Barn', 'Taco Town']);
      expect((await feed()).items[0]).toMatchObject({ type: 'review', restaurant: { name: 'Burger Barn' } });
      await mark();
      await reviews.client.call('reviews.update', { reviewId: written.id, rating: 1 }, BOB);
      expect((await ranked()).map((r) => [r.name, r.rating])).toEqual([
        ['Pasta Place', 5],
        ['Taco Town', 3],
        ['Burger Barn', 1],
      ]);
      await mark();
      await reviews.client.call('reviews.delete', { reviewId: written.id }, BOB);
      expect((await ranked()).map((r) => r.name)).toEqual(['Pasta Place', 'Taco Town']);
    });

    it('my own review changes my taste match with my buds, so my answers too', async () => {
      await mark();
      await review(ANN, 'Pasta Place', 5);
      expect((await ranked()).map((r) => r.name)).toEqual(['Pasta Place', 'Taco Town']);
    });

    it('a save and a check-in by a bud, and a like or comment on it by anyone, refresh the feed', async () => {
      const pasta = (await ranked()).find((r) => r.name === 'Pasta Place')!;
      await mark();
      await reviews.client.call('saved.save', { restaurantId: pasta.id }, CAT);
      expect((await feed()).items[0]).toMatchObject({ type: 'save', user: { name: 'Cat' } });
      await mark();
      const checkIn = await reviews.client.call(
        'checkIns.checkIn',
        { restaurantId: pasta.id, status: 'Lunch!' },
        CAT,
      );
      expect((await feed()).items[0]).toMatchObject({ type: 'checkin', reactions: { likeCount: 0 } });
      await mark();
      // Dan is no bud of Ann's: his like still changes the count her feed shows.
      await reviews.client.call('checkIns.toggleLike', { checkInId: checkIn.id }, DAN);
      expect((await feed()).items[0]).toMatchObject({
        type: 'checkin',
        reactions: { likeCount: 1, commentCount: 0 },
      });
      await mark();
      await reviews.client.call('checkIns.comment', { checkInId: checkIn.id, text: 'Enjoy' }, DAN);
      expect((await feed()).items[0]).toMatchObject({ reactions: { commentCount: 1 } });
      await mark();
      await reviews.client.call('checkIns.checkOut', {}, CAT);
      expect((await feed()).items.length).toBeGreaterThan(0);
    });

    it("a bud's new status, and a like or comment on it, show in my first feed page at once", async () => {
      await mark();
      const before = await version();
      const status = await reviews.client.call('statuses.post', { text: 'Who wants brunch?' }, BOB);
      expect(await version()).toBeGreaterThan(before);
      expect((await feed()).items[0]).toMatchObject({
        id: `status-${status.id}`,
        type: 'status',
        user: { id: BOB.userId, name: 'Bob' },
        restaurantId: null,
        restaurant: null,
        message: 'Who wants brunch?',
        reactions: { likeCount: 0, likedByMe: false, commentCount: 0 },
      });
      await mark();
      // Dan is no bud of Ann's: his like still changes the count her feed shows.
      await reviews.client.call('statuses.toggleLike', { statusId: status.id }, DAN);
      expect((await feed()).items[0]).toMatchObject({ type: 'status', reactions: { likeCount: 1 } });
      await mark();
      await reviews.client.call('statuses.comment', { statusId: status.id, text: 'Me!' }, DAN);
      expect((await feed()).items[0]).toMatchObject({ type: 'status', reactions: { commentCount: 1 } });
      // A status by someone Ann does not follow leaves her snapshots standing.
      const standing = await version();
      await reviews.client.call('statuses.post', { text: 'Just Dan' }, DAN);
      expect(await version()).toBe(standing);
    });

    it("a bud's new name or privacy shows at once", async () => {
      await mark();
      await publish(
        'identity.user.updated',
        {
          userId: BOB.userId,
          username: 'bob',
          name: 'Bobby',
          bio: null,
          profilePicture: null,
          isPrivate: false,
          isAdmin: false,
        },
        2,
      );
      await eventually(async () => (await ranked()).length > 0, 15_000);
      expect((await ranked())[0].budReviews[0].user.name).toBe('Bobby');
    });

    it('a mute, a block and an unfollow take the person out at once', async () => {
      await mark();
      await publish('social.mute.created', { muterId: ANN.userId, mutedId: CAT.userId });
      await eventually(async () => (await ranked()).length > 0, 15_000);
      expect((await ranked()).map((r) => r.name)).toEqual(['Pasta Place']);
      await publish('social.mute.removed', { muterId: ANN.userId, mutedId: CAT.userId });
      await eventually(async () => (await ranked()).length === 2, 15_000);

      await mark();
      // Bob blocks Ann: his activity leaves her feed and ranking, whichever side blocked.
      await publish('social.block.created', { blockerId: BOB.userId, blockedId: ANN.userId });
      await eventually(async () => (await ranked()).length > 0, 15_000);
      expect((await ranked()).map((r) => r.name)).toEqual(['Taco Town']);
      expect((await feed()).items.every((item) => item.user.id !== BOB.userId)).toBe(true);
      await publish('social.block.removed', { blockerId: BOB.userId, blockedId: ANN.userId });
      await eventually(async () => (await ranked()).length === 2, 15_000);

      await mark();
      await publish(
        'social.follow.removed',
        { followerId: ANN.userId, followingId: CAT.userId },
        ++followVersion,
      );
      await eventually(async () => (await ranked()).length > 0, 15_000);
      expect((await ranked()).map((r) => r.name)).toEqual(['Pasta Place']);
      await follow(ANN, CAT);
    });

    it("an admin's edit of a restaurant bumps the versions of everyone who can see it", async () => {
      const pasta = (await ranked()).find((r) => r.name === 'Pasta Place')!;
      const before = await version();
      await reviews.client.call(
        'restaurants.updateDetails',
        { restaurantId: pasta.id, cuisine: 'Italian' },
        ADMIN,
      );
      expect(await version()).toBeGreaterThan(before);
    });

    it('never keeps serving an answer computed before a write that committed during its read', async () => {
      const snapshots = reviews.service.app.get(ReadSnapshotsService);
      let computed = 0;
      const answer = await snapshots.serve(
        ANN.userId,
        'race-test',
        async (manager) => {
          computed += 1;
          const seen = await manager.query(
            'SELECT count(*)::int AS n FROM reviews.reviews WHERE user_id = $1',
            [BOB.userId],
          );
          // Bob writes and commits while this read is under way.
          await review(BOB, `Racing Ramen ${computed}`, 4);
          return seen[0].n as number;
        },
        TEXT_ANSWER,
      );
      // The second serve may not answer the first count: it must read again and see Bob's review.
      const again = await snapshots.serve(
        ANN.userId,
        'race-test',
        async (manager) => {
          const seen = await manager.query(
            'SELECT count(*)::int AS n FROM reviews.reviews WHERE user_id = $1',
            [BOB.userId],
          );
          return seen[0].n as number;
        },
        TEXT_ANSWER,
      );
      expect(JSON.parse(again as string)).toBe(JSON.parse(answer as string) + 1);
    });

    it("a person's row arriving after a follow of them bumps their followers", async () => {
      // social-graph's follow and identity's registration come in any order; the reads join the user.
      await publish(
        'social.follow.created',
        { followerId: ANN.userId, followingId: EVE.userId, createdAt: new Date().toISOString() },
        ++followVersion,
      );
      await eventually(
        async () =>
          (
            await sql('SELECT 1 FROM reviews.follows WHERE follower_id = $1 AND following_id = $2', [
              ANN.userId,
              EVE.userId,
            ])
          ).length === 1,
        15_000,
      );
      const before = await version();
      await register(EVE, 'Eve');
      await eventually(
        async () => (await sql('SELECT 1 FROM reviews.users WHERE id = $1', [EVE.userId])).length === 1,
        15_000,
      );
      expect(await version()).toBeGreaterThan(before);
    });

    it("a deleted person's name leaves every stored answer, others' too", async () => {
      await review(EVE, 'Eve Eatery', 5);
      expect((await ranked()).some((r) => r.name === 'Eve Eatery')).toBe(true);
      expect((await feed()).items.some((item) => item.user.name === 'Eve')).toBe(true);
      const naming = () => sql("SELECT 1 FROM reviews.read_snapshots WHERE payload LIKE '%Eve Eatery%'");
      expect((await naming()).length).toBeGreaterThan(0);
      await publish('identity.user.deleted', { userId: EVE.userId }, 2);
      await eventually(
        async () => (await sql('SELECT 1 FROM reviews.users WHERE id = $1', [EVE.userId])).length === 0,
        15_000,
      );
      expect(await naming()).toEqual([]);
      expect((await ranked()).some((r) => r.name === 'Eve Eatery')).toBe(false);
    });

    it("a viewer's snapshots go with their account", async () => {
      await ranked();
      expect(
        (await sql('SELECT 1 FROM reviews.read_snapshots WHERE viewer_id = $1', [DAN.userId])).length,
      ).toBe(0);
      await reviews.client.call('discovery.feed', {}, DAN);
      expect(
        (await sql('SELECT 1 FROM reviews.read_snapshots WHERE viewer_id = $1', [DAN.userId])).length,
      ).toBe(1);
      await publish('identity.user.deleted', { userId: DAN.userId }, 5);
      await eventually(
        async () =>
          (await sql('SELECT 1 FROM reviews.read_snapshots WHERE viewer_id = $1', [DAN.userId])).length ===
            0 &&
          (await sql('SELECT 1 FROM reviews.viewer_read_versions WHERE viewer_id = $1', [DAN.userId]))
            .length === 0,
        15_000,
      );
    });

    it("a restaurant's edit finds the people who saved it by index, not by scanning every save", async () => {
      const plan = await planWithoutSeqScan(
        system.db.url,
        'SELECT user_id FROM reviews.saved_restaurants WHERE restaurant_id = 1',
      );
      expect(plan).toContain('saved_restaurants_restaurant_idx');
    });
  },
);
