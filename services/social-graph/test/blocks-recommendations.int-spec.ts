import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EventMap, EventType, RegisterRequest } from '@dinebuds/contracts';
import { createEnvelope, type InProcessEventBus } from '@dinebuds/events';
import { eventually, explainPlan, query, rawCall, type TestDatabase, type TestUser } from '@dinebuds/testing';
import {
  projectedUser,
  registerProjectedUser,
  socialOutbox,
  startSocialTestSystem,
  waitForProjection,
  type SocialTestSystem,
  type TestIdentity,
  type TestSocialGraph,
} from './social-test-kit.js';
import { RECOMMENDATION_CANDIDATES_PER_BADGE } from '../src/config.js';
import { recommendationCandidatesQuery } from '../src/recommendations/recommendations.repository.js';

describe('social-graph: blocks, recommendations and user deletion (identity + social-graph, in-process bus)', () => {
  let system: SocialTestSystem;
  let db: TestDatabase;
  let bus: InProcessEventBus;
  let identity: TestIdentity;
  let social: TestSocialGraph;

  const registerAndProject = (overrides?: Partial<RegisterRequest>) =>
    registerProjectedUser(identity, db.url, overrides);

  /** An identity event published directly on the bus, as identity's relay would. */
  async function publishIdentityEvent<T extends EventType>(
    type: T,
    data: EventMap[T],
    occurredAt: Date = new Date(),
  ) {
    const envelope = createEnvelope(type, data, { producer: 'identity', occurredAt });
    await bus.publish(envelope);
    return envelope;
  }

  async function count(sql: string, params: unknown[]): Promise<number> {
    const [row] = await query<{ n: number }>(db.url, `SELECT count(*)::int AS n FROM ${sql}`, params);
    return row!.n;
  }

  beforeAll(async () => {
    system = await startSocialTestSystem('social_blocks');
    ({ db, bus, identity, social } = system);
  });

  afterAll(async () => {
    await system?.close();
  });

  describe('blocks', () => {
    let pat: TestUser;
    let quinn: TestUser;
    let kim: TestUser; // private
    let lee: TestUser; // private

    beforeAll(async () => {
      pat = await registerAndProject({ name: 'Pat Park' });
      quinn = await registerAndProject({ name: 'Quinn Quade' });
      kim = await registerAndProject({ name: 'Kim Kato', isPrivate: true });
      lee = await registerAndProject({ name: 'Lee Lam', isPrivate: true });
    });

    it('ends follows both ways, with social.follow.removed for each, and records one block', async () => {
      await social.client.call('follows.follow', { userId: pat.id, targetId: quinn.id }, pat.caller);
      await social.client.call('follows.follow', { userId: quinn.id, targetId: pat.id }, quinn.caller);

      const blocked = await social.client.call('blocks.block', { blockedId: quinn.id }, pat.caller);
      expect(blocked).toEqual({
        id: expect.any(Number),
        blockerId: pat.id,
        blockedId: quinn.id,
        createdAt: expect.any(String),
        user: {
          id: quinn.id,
          username: quinn.username,
          name: 'Quinn Quade',
          profilePicture: null,
          isPrivate: false,
        },
      });
      // Idempotent: the same block again, no second event.
      await expect(social.client.call('blocks.block', { blockedId: quinn.id }, pat.caller)).resolves.toEqual(
        blocked,
      );

      expect(
        await count('social.follows WHERE follower_id = ANY($1) AND following_id = ANY($1)', [
          [pat.id, quinn.id],
        ]),
      ).toBe(0);
      const removed = (await socialOutbox(db.url, 'social.follow.removed')).map((e) => e.data);
      expect(removed).toEqual(
        expect.arrayContaining([
          { followerId: pat.id, followingId: quinn.id },
          { followerId: quinn.id, followingId: pat.id },
        ]),
      );
      const created = (await socialOutbox(db.url, 'social.block.created')).map((e) => e.data);
      expect(created).toEqual([{ blockerId: pat.id, blockedId: quinn.id }]);
      await expect(social.client.call('follows.followersCount', { userId: pat.id })).resolves.toEqual({
        count: 0,
      });
    });

    it('keeps both sides from following or asking while the block stands', async () => {
      await expect(
        social.client.call('follows.follow', { userId: quinn.id, targetId: pat.id }, quinn.caller),
      ).rejects.toMatchObject({
        status: 403,
        message: 'You cannot follow this user',
      });
      await expect(
        social.client.call('follows.follow', { userId: pat.id, targetId: quinn.id }, pat.caller),
      ).rejects.toMatchObject({
        status: 403,
        message: 'Unblock this user to follow them',
      });
      expect(
        await count('social.follows WHERE follower_id = ANY($1) AND following_id = ANY($1)', [
          [pat.id, quinn.id],
        ]),
      ).toBe(0);
    });

    it('ends pending requests both ways, and a blocked user cannot ask a private blocker', async () => {
      await expect(
        social.client.call('follows.follow', { userId: kim.id, targetId: lee.id }, kim.caller),
      ).resolves.toEqual({ status: 'requested' });
      await expect(
        social.client.call('follows.follow', { userId: lee.id, targetId: kim.id }, lee.caller),
      ).resolves.toEqual({ status: 'requested' });
      await social.client.call('blocks.block', { blockedId: lee.id }, kim.caller);
      await expect(social.client.call('requests.list', { userId: kim.id }, kim.caller)).resolves.toEqual([]);
      await expect(social.client.call('requests.list', { userId: lee.id }, lee.caller)).resolves.toEqual([]);
      await expect(
        social.client.call('follows.follow', { userId: lee.id, targetId: kim.id }, lee.caller),
      ).rejects.toMatchObject({
        status: 403,
        message: 'You cannot follow this user',
      });
      await expect(
        social.client.call('follows.status', { userId: lee.id, targetId: kim.id }, lee.caller),
      ).resolves.toEqual({ isFollowing: false, status: 'not_following' });
    });

    it("lists the caller's blocks only, newest first", async () => {
      await social.client.call('blocks.block', { blockedId: lee.id }, pat.caller);
      const list = await social.client.call('blocks.list', {}, pat.caller);
      expect(list.map((b) => [b.blockerId, b.blockedId, b.user.id])).toEqual([
        [pat.id, lee.id, lee.id],
        [pat.id, quinn.id, quinn.id],
      ]);
      await expect(social.client.call('blocks.list', {}, quinn.caller)).resolves.toEqual([]);
      await expect(social.client.call('blocks.list', {})).rejects.toMatchObject({ status: 401 });
      expect((await rawCall(social.service.url, 'blocks.list', '', pat.caller)).status).toBe(200);
    });

    it('refuses blocking oneself (400), unknown users (404) and anonymous callers (401)', async () => {
      await expect(
        social.client.call('blocks.block', { blockedId: pat.id }, pat.caller),
      ).rejects.toMatchObject({ status: 400, message: 'You cannot block yourself' });
      await expect(
        social.client.call('blocks.block', { blockedId: 987654 }, pat.caller),
      ).rejects.toMatchObject({ status: 404, message: 'User not found' });
      await expect(social.client.call('blocks.block', { blockedId: quinn.id })).rejects.toMatchObject({
        status: 401,
      });
      await expect(social.client.call('blocks.unblock', { blockedId: quinn.id })).rejects.toMatchObject({
        status: 401,
      });
      for (const body of ['{}', '{"blockedId":"x"}', '{"blockedId":0}']) {
        expect((await rawCall(social.service.url, 'blocks.block', body, pat.caller)).status).toBe(400);
      }
    });

    it('unblocks (idempotently, one social.block.removed) and following works again', async () => {
      await expect(
        social.client.call('blocks.unblock', { blockedId: quinn.id }, pat.caller),
      ).resolves.toEqual({ message: 'User unblocked' });
      await expect(
        social.client.call('blocks.unblock', { blockedId: quinn.id }, pat.caller),
      ).resolves.toEqual({ message: 'User unblocked' });
      const removed = (await socialOutbox(db.url, 'social.block.removed')).map((e) => e.data);
      expect(removed).toEqual([{ blockerId: pat.id, blockedId: quinn.id }]);
      await expect(
        social.client.call('follows.follow', { userId: pat.id, targetId: quinn.id }, pat.caller),
      ).resolves.toEqual({ status: 'following' });
      await expect(
        social.client.call('follows.follow', { userId: quinn.id, targetId: pat.id }, quinn.caller),
      ).resolves.toEqual({ status: 'following' });
      await expect(social.client.call('blocks.list', {}, pat.caller)).resolves.toEqual([
        expect.objectContaining({ blockedId: lee.id }),
      ]);
    });
  });

  describe('recommendations', () => {
    let me: TestUser;
    let z1: TestUser;
    let z2: TestUser;
    let f1: TestUser;
    let c1: TestUser;

    beforeAll(async () => {
      me = await registerAndProject({
        name: 'Mia Mendes',
        flavorBuds: ['sushi', 'vegan'],
        cityBuds: ['New York'],
      });
      const b1 = await registerAndProject({ name: 'Bud One' });
      const b2 = await registerAndProject({ name: 'Bud Two' });
      z1 = await registerAndProject({ name: 'Zed One' });
      z2 = await registerAndProject({ name: 'Zed Two', flavorBuds: ['sushi'] });
      f1 = await registerAndProject({ name: 'Fay Flavor', flavorBuds: ['vegan', 'pizza', 'sushi'] });
      c1 = await registerAndProject({ name: 'Cy City', cityBuds: ['new york', 'boston'] });
      const followed = await registerAndProject({ name: 'Already Followed', flavorBuds: ['sushi'] });
      const asked = await registerAndProject({
        name: 'Already Asked',
        flavorBuds: ['sushi'],
        isPrivate: true,
      });
      const blockedByMe = await registerAndProject({ name: 'Blocked By Me', flavorBuds: ['sushi'] });
      const blockingMe = await registerAndProject({ name: 'Blocking Me', cityBuds: ['New York'] });
      await registerAndProject({ name: 'Nothing Shared', flavorBuds: ['bbq'], cityBuds: ['Oslo'] });

      for (const target of [b1, b2, followed, asked])
        await social.client.call('follows.follow', { userId: me.id, targetId: target.id }, me.caller);
      await social.client.call('follows.follow', { userId: b1.id, targetId: z1.id }, b1.caller);
      await social.client.call('follows.follow', { userId: b2.id, targetId: z1.id }, b2.caller);
      await social.client.call('follows.follow', { userId: b1.id, targetId: z2.id }, b1.caller);
      // My buds follow people I already follow or blocked: never recommended.
      await social.client.call('follows.follow', { userId: b1.id, targetId: followed.id }, b1.caller);
      await social.client.call('follows.follow', { userId: b2.id, targetId: blockedByMe.id }, b2.caller);
      await social.client.call('blocks.block', { blockedId: blockedByMe.id }, me.caller);
      await social.client.call('blocks.block', { blockedId: me.id }, blockingMe.caller);
    });

    it('recommends people my buds follow and people sharing flavors or cities, ranked by score, with reasons', async () => {
      const recommendations = await social.client.call('recommendations.list', {}, me.caller);
      expect(recommendations.map((r) => [r.user.id, r.reason, r.reasonText])).toEqual([
        [z1.id, 'followed_by_buds', 'Followed by 2 of your buds'], // 3 x 2 = 6
        [z2.id, 'followed_by_buds', 'Followed by 1 of your buds'], // 3 + 2 (sushi) = 5
        [f1.id, 'shared_flavors', 'Also loves sushi and vegan'], // 2 x 2 = 4
        [c1.id, 'shared_cities', 'Also dines in New York'], // 2
      ]);
      expect(recommendations[1]).toEqual({
        user: {
          id: z2.id,
          username: z2.username,
          name: 'Zed Two',
          profilePicture: null,
          isPrivate: false,
          bio: 'Food enthusiast with a passion for sushi.',
        },
        reason: 'followed_by_buds',
        reasonText: 'Followed by 1 of your buds',
        mutualBuds: 1,
        sharedFlavors: ['sushi'],
        sharedCities: [],
      });
      expect(recommendations[2]).toMatchObject({
        mutualBuds: 0,
        sharedFlavors: ['sushi', 'vegan'],
        sharedCities: [],
      });
      expect(recommendations[3]).toMatchObject({ sharedCities: ['new york'] });
    });

    it('honours the limit (default 20, at most 50) and needs a signed-in caller', async () => {
      await expect(social.client.call('recommendations.list', { limit: 2 }, me.caller)).resolves.toEqual([
        expect.objectContaining({ user: expect.objectContaining({ id: z1.id }) }),
        expect.objectContaining({ user: expect.objectContaining({ id: z2.id }) }),
      ]);
      await expect(
        social.client.call('recommendations.list', { limit: 500 }, me.caller),
      ).resolves.toHaveLength(4);
      await expect(social.client.call('recommendations.list', {})).rejects.toMatchObject({ status: 401 });
      expect(
        (await rawCall(social.service.url, 'recommendations.list', '{"limit":"x"}', me.caller)).status,
      ).toBe(400);
    });

    it('drops a recommendation once I follow or ask, and follows badge changes', async () => {
      await social.client.call('follows.follow', { userId: me.id, targetId: z1.id }, me.caller);
      await identity.client.call(
        'badges.setCity',
        { userId: c1.id, badges: [{ city: 'Boston' }] },
        c1.caller,
      );
      await waitForProjection(db.url, c1.id, (r) => r.city_badges.join() === 'boston');
      const ids = (await social.client.call('recommendations.list', {}, me.caller)).map((r) => r.user.id);
      expect(ids).toEqual([z2.id, f1.id]);
    });
  });

  describe('recommendations through the badge index', () => {
    const K = RECOMMENDATION_CANDIDATES_PER_BADGE;
    const CROWD = 10 * K;
    const CROWD_FIRST_ID = 800_001;

    async function badgeRows(userId: number): Promise<string[]> {
      const rows = await query<{ badge: string }>(
        db.url,
        `SELECT kind || ':' || name AS badge FROM social.user_badges WHERE user_id = $1 ORDER BY 1`,
        [userId],
      );
      return rows.map((r) => r.badge);
    }

    it('keeps social.user_badges in step with registration, badge changes and deletion', async () => {
      const ida = await registerAndProject({ name: 'Ida Index', flavorBuds: ['luxury'], cityBuds: ['Oslo'] });
      expect(await badgeRows(ida.id)).toEqual(['city:oslo', 'flavor:luxury']);
      await identity.client.call(
        'badges.setCity',
        { userId: ida.id, badges: [{ city: 'Paris' }, { city: 'Lima' }] },
        ida.caller,
      );
      await waitForProjection(db.url, ida.id, (r) => r.city_badges.length === 2);
      await bus.idle();
      expect(await badgeRows(ida.id)).toEqual(['city:lima', 'city:paris', 'flavor:luxury']);
      await publishIdentityEvent('identity.user.deleted', { userId: ida.id });
      await eventually(async () => (await projectedUser(db.url, ida.id)) === undefined);
      expect(await badgeRows(ida.id)).toEqual([]);
    });

    it('reads at most a fixed number of holders of a popular badge, by its index, and ranks as before', async () => {
      // A crowd of projected users sharing one badge, ten times the per-badge bound, among
      // others spread over many badges (as the real catalogues are: ~40 flavors, ~230 cities).
      await query(
        db.url,
        `INSERT INTO social.users (id, username, name, profile_synced_at, flavor_badges, city_badges)
         SELECT $1::int + i, 'crowd_' || i, 'Crowd ' || i, now(),
           CASE WHEN i < $2::int THEN ARRAY['luxury'] ELSE '{}'::text[] END,
           CASE WHEN i < $2::int THEN '{}'::text[] ELSE ARRAY['town ' || (i % 250)] END
         FROM generate_series(0, 2 * $2::int - 1) i`,
        [CROWD_FIRST_ID, CROWD],
      );
      await query(
        db.url,
        `INSERT INTO social.user_badges (kind, name, user_id)
         SELECT 'flavor', b, id FROM social.users, unnest(flavor_badges) b WHERE id >= $1
         UNION ALL
         SELECT 'city', b, id FROM social.users, unnest(city_badges) b WHERE id >= $1`,
        [CROWD_FIRST_ID],
      );
      await query(db.url, 'VACUUM ANALYZE social.user_badges');
      await query(db.url, 'VACUUM ANALYZE social.users');
      const lux = await registerAndProject({ name: 'Lux Lover', flavorBuds: ['luxury'] });
      // Followed holders are not candidates; the bound counts eligible holders only.
      for (const followed of [CROWD_FIRST_ID, CROWD_FIRST_ID + 1])
        await social.client.call('follows.follow', { userId: lux.id, targetId: followed }, lux.caller);

      const recommended = await social.client.call('recommendations.list', { limit: 50 }, lux.caller);
      expect(recommended).toHaveLength(50);
      // Everyone scores 2 (one shared flavor): the lowest ids first, as the ranking always did.
      expect(recommended.map((r) => r.user.id)).toEqual(
        Array.from({ length: 50 }, (_, i) => CROWD_FIRST_ID + 2 + i),
      );
      expect(recommended[0]).toMatchObject({
        reason: 'shared_flavors',
        reasonText: 'Also loves luxury',
        sharedFlavors: ['luxury'],
      });

      const [sql, params] = recommendationCandidatesQuery(lux.id, 50);
      const nodes = await explainPlan(db.url, sql, params);
      const badgeScans = nodes.filter((n) => n['Relation Name'] === 'user_badges');
      // Every read of the badge table is an index read: my own badges by user, holders by badge.
      for (const scan of badgeScans) expect(scan['Node Type']).toMatch(/^Index( Only)? Scan$/);
      const holderScans = badgeScans.filter((n) => n['Index Name'] === 'user_badges_pkey');
      expect(holderScans.length).toBeGreaterThan(0);
      for (const scan of holderScans) {
        // Entries read per badge: the bound plus those it skips (me and the two I follow).
        const examined = scan['Actual Rows'] + (scan['Rows Removed by Filter'] ?? 0);
        expect(examined).toBeLessThanOrEqual(K + 3);
        expect(scan['Actual Loops']).toBe(1); // one badge of mine
      }
      // No scan anywhere reads the whole crowd.
      for (const node of nodes.filter((n) => /Scan/.test(n['Node Type'])))
        expect(node['Actual Rows'] * node['Actual Loops']).toBeLessThan(CROWD);
    });
  });

  describe('projection edge cases', () => {
    it('ignores an event older than what the projection holds', async () => {
      const user = await registerAndProject({ name: 'Nora New' });
      await bus.idle(); // registered and badges-changed both applied
      const stored = (await projectedUser(db.url, user.id))!;
      await publishIdentityEvent(
        'identity.user.updated',
        {
          userId: user.id,
          username: user.username,
          name: 'Old Name',
          bio: null,
          profilePicture: null,
          isPrivate: true,
          isAdmin: false,
        },
        new Date(Date.now() - 60_000),
      );
      await bus.idle();
      expect(await projectedUser(db.url, user.id)).toMatchObject({
        name: 'Nora New',
        is_private: false,
        updated_at: stored.updated_at,
      });
    });

    it('applies badges that arrive before the registration (retried) and keeps the newer ones', async () => {
      const userId = 700_001;
      const now = Date.now();
      // Not awaited: a bus may hold publish() until the event is handled, which needs the user.
      const early = publishIdentityEvent(
        'identity.user.badges-changed',
        { userId, flavorBadges: ['keto'], cityBadges: ['paris'] },
        new Date(now),
      );
      await publishIdentityEvent(
        'identity.user.registered',
        {
          userId,
          username: 'early_badges',
          name: 'Early Badges',
          bio: null,
          profilePicture: null,
          isPrivate: false,
          isAdmin: false,
          flavorBadges: ['pizza'],
          cityBadges: [],
          createdAt: new Date(now - 1000).toISOString(),
        },
        new Date(now - 1000),
      );
      await early;
      await waitForProjection(db.url, userId, (r) => r.flavor_badges.join() === 'keto');
      await bus.idle();
      expect(await projectedUser(db.url, userId)).toMatchObject({
        username: 'early_badges',
        flavor_badges: ['keto'],
        city_badges: ['paris'],
      });
      expect(bus.deadLetters('social-graph.events')).toEqual([]);
    });
  });

  describe('user deletion (identity.user.deleted)', () => {
    it('removes the user, their follows, requests and blocks, with events, exactly once', async () => {
      const gone = await registerAndProject({ name: 'Gus Gone' });
      const friend = await registerAndProject({ name: 'Fran Friend' });
      const shy = await registerAndProject({ name: 'Sam Shy', isPrivate: true });
      const fan = await registerAndProject({ name: 'Ivy Fan' });
      const foe = await registerAndProject({ name: 'Otto Foe' });
      await social.client.call('follows.follow', { userId: gone.id, targetId: friend.id }, gone.caller);
      await social.client.call('follows.follow', { userId: friend.id, targetId: gone.id }, friend.caller);
      await social.client.call('follows.follow', { userId: gone.id, targetId: shy.id }, gone.caller);
      await social.client.call('blocks.block', { blockedId: foe.id }, gone.caller);
      await social.client.call('blocks.block', { blockedId: gone.id }, fan.caller);
      await expect(social.client.call('follows.followersCount', { userId: friend.id })).resolves.toEqual({
        count: 1,
      });

      const envelope = await publishIdentityEvent('identity.user.deleted', { userId: gone.id });
      await eventually(async () => (await projectedUser(db.url, gone.id)) === undefined);
      await bus.idle();

      expect(await count('social.follows WHERE follower_id = $1 OR following_id = $1', [gone.id])).toBe(0);
      expect(
        await count('social.follow_requests WHERE requester_id = $1 OR recipient_id = $1', [gone.id]),
      ).toBe(0);
      expect(await count('social.blocks WHERE blocker_id = $1 OR blocked_id = $1', [gone.id])).toBe(0);
      // The per-pair counters go too (after the removals took their versions): only the tombstone stays.
      expect(
        await count('social.follow_versions WHERE follower_id = $1 OR following_id = $1', [gone.id]),
      ).toBe(0);
      await expect(social.client.call('follows.followersCount', { userId: friend.id })).resolves.toEqual({
        count: 0,
      });
      await expect(social.client.call('follows.followingCount', { userId: friend.id })).resolves.toEqual({
        count: 0,
      });
      await expect(social.client.call('follows.followers', { userId: friend.id })).resolves.toEqual([]);
      await expect(social.client.call('requests.list', { userId: shy.id }, shy.caller)).resolves.toEqual([]);
      await expect(social.client.call('blocks.list', {}, fan.caller)).resolves.toEqual([]);
      await expect(
        social.client.call('follows.follow', { userId: friend.id, targetId: gone.id }, friend.caller),
      ).rejects.toMatchObject({ status: 404, message: 'User not found' });
      await expect(social.client.call('follows.followersCount', { userId: gone.id })).rejects.toMatchObject({
        status: 404,
      });

      const followRemovals = (await socialOutbox(db.url, 'social.follow.removed')).filter(
        (e) => e.data.followerId === gone.id || e.data.followingId === gone.id,
      );
      expect(followRemovals.map((e) => e.data)).toEqual(
        expect.arrayContaining([
          { followerId: gone.id, followingId: friend.id },
          { followerId: friend.id, followingId: gone.id },
        ]),
      );
      expect(followRemovals).toHaveLength(2);
      const blockRemovals = (await socialOutbox(db.url, 'social.block.removed')).filter(
        (e) => e.data.blockerId === gone.id || e.data.blockedId === gone.id,
      );
      expect(blockRemovals.map((e) => e.data)).toEqual(
        expect.arrayContaining([
          { blockerId: gone.id, blockedId: foe.id },
          { blockerId: fan.id, blockedId: gone.id },
        ]),
      );
      expect(blockRemovals).toHaveLength(2);

      // The same event delivered again (at-least-once) is skipped by the inbox: no new events.
      await bus.publish(envelope);
      // A late update about the deleted user does not bring it back.
      await publishIdentityEvent('identity.user.updated', {
        userId: gone.id,
        username: gone.username,
        name: 'Ghost',
        bio: null,
        profilePicture: null,
        isPrivate: false,
        isAdmin: false,
      });
      await bus.idle();
      expect(await projectedUser(db.url, gone.id)).toBeUndefined();
      expect(
        (await socialOutbox(db.url, 'social.follow.removed')).filter(
          (e) => e.data.followerId === gone.id || e.data.followingId === gone.id,
        ),
      ).toHaveLength(2);
      expect(await count('social.inbox WHERE event_id = $1', [envelope.id])).toBe(1);
      expect(bus.deadLetters('social-graph.events')).toEqual([]);
    });
  });
});
