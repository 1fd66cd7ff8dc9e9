import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type {
  FeedPageDto,
  FollowUserDto,
  IsFollowingResponse,
  MutedUserDto,
  MuteStatusResponse,
  RankedRestaurantDto,
  SafetyStatusResponse,
  ReviewDto,
  StoryDto,
} from '@dinebuds/contracts';
import { createTestDatabase, eventually, query, type TestDatabase } from '@dinebuds/testing';
import { ApiClient, type ApiResponse } from '../support/api-client.js';
import { registerKnownToReviews, type ApiPerson } from '../support/api-people.js';
import { removeDataDir, startAllInOneSystem } from '../support/system.js';

const PASSWORD = 'Secret#123';

type Person = ApiPerson;

/**
 * Safety tools beside block (docs/api-social.md) through the gateway on the all-in-one system:
 * muting a person takes their reviews and activity out of my feed, stories and rankings (through
 * social.mute.* into reviews' projection) while nothing the muted person reads changes; removing
 * a follower ends their follow everywhere (social.follow.removed) and they are not told.
 */
describe('safety tools API: mute and remove follower (all-in-one)', () => {
  let database: TestDatabase;
  let baseUrl: string;
  let stop: () => Promise<void>;
  let anonymous: ApiClient;
  let ann: Person;
  let bob: Person;
  let cat: Person;
  let bobsReview: ReviewDto;

  const sql = (text: string, params: unknown[] = []) => query(database.url, text, params);

  const person = (prefix: string) => registerKnownToReviews(baseUrl, database.url, prefix, PASSWORD);

  const inReviews = async (from: Person, to: Person) =>
    (
      await sql('SELECT 1 FROM reviews.follows WHERE follower_id = $1 AND following_id = $2', [
        from.id,
        to.id,
      ])
    ).length === 1;

  async function follow(from: Person, to: Person): Promise<void> {
    expect((await from.client.post(`/api/users/${from.id}/follow/${to.id}`)).status).toBe(200);
    await eventually(() => inReviews(from, to), 20_000);
  }

  async function review(who: Person, restaurantName: string, rating: number): Promise<ReviewDto> {
    const res = await who.client.post<ReviewDto>('/api/reviews', {
      restaurantName,
      address: `${restaurantName.length} Lake St, Chicago, IL`,
      rating,
      notes: `${restaurantName} notes`,
    });
    expect(res.status).toBe(201);
    return res.body;
  }

  const feedAuthors = async (who: Person) => {
    const res = await who.client.get<FeedPageDto>('/api/activity/feed');
    expect(res.status).toBe(200);
    return new Set(res.body.items.map((item) => item.user.id));
  };
  const rankedIds = async (who: Person) => {
    const res = await who.client.get<RankedRestaurantDto[]>('/api/restaurants/ranked?city=chicago');
    expect(res.status).toBe(200);
    return res.body.map((r) => r.id);
  };
  const storyUsers = async (who: Person) =>
    (await who.client.get<StoryDto[]>('/api/activity/stories')).body.map((s) => s.user.id);

  function expectError(res: ApiResponse, status: number, message?: string): void {
    expect({ status: res.status, body: res.body }).toMatchObject({
      status,
      body: { statusCode: status, ...(message ? { message } : {}) },
    });
  }

  /** What the muted person can read about the muter and themselves. */
  async function bobsView() {
    const [followers, following, status, feed, profile] = await Promise.all([
      bob.client.get<FollowUserDto[]>(`/api/users/${bob.id}/followers`),
      bob.client.get<FollowUserDto[]>(`/api/users/${bob.id}/following`),
      bob.client.get<IsFollowingResponse>(`/api/users/${ann.id}/is-following/${bob.id}`),
      bob.client.get<FeedPageDto>('/api/activity/feed'),
      bob.client.get(`/api/users/${ann.id}`),
    ]);
    return {
      followers: followers.body.map((u) => u.id).sort(),
      following: following.body.map((u) => u.id).sort(),
      status: status.status,
      feed: feed.body.items.map((i) => i.id),
      profile: profile.body,
    };
  }

  beforeAll(async () => {
    database = await createTestDatabase('api_safety_tools');
    const system = await startAllInOneSystem({ databaseUrl: database.url });
    baseUrl = system.baseUrl;
    stop = async () => {
      await system.stop();
      removeDataDir(system.dataDir);
      await database.drop();
    };
    anonymous = new ApiClient(baseUrl);
    ann = await person('ann');
    bob = await person('bob');
    cat = await person('cat');
    await follow(ann, bob);
    await follow(ann, cat);
    await follow(bob, ann);
    bobsReview = await review(bob, 'Muted Grill', 5);
    await review(cat, 'Open Kitchen', 4);
    await review(ann, 'Anns Corner', 4);
  }, 180_000);

  afterAll(async () => {
    await stop?.();
  });

  describe('mute', () => {
    it("takes the muted person's reviews out of my feed, stories and rankings; unmute brings them back", async () => {
      expect(await feedAuthors(ann)).toEqual(new Set([bob.id, cat.id]));
      expect(await rankedIds(ann)).toContain(bobsReview.restaurantId);
      expect(await storyUsers(ann)).toContain(bob.id);
      const before = await bobsView();

      const muted = await ann.client.post<MuteStatusResponse>(`/api/users/${bob.id}/mute`);
      expect(muted.status).toBe(200);
      expect(muted.body).toEqual({ muted: true });
      // Again: idempotent, one row, one event.
      expect((await ann.client.post<MuteStatusResponse>(`/api/users/${bob.id}/mute`)).body).toEqual({
        muted: true,
      });
      // Bob follows ann: her menu offers Remove follower beside Unmute.
      expect((await ann.client.get<SafetyStatusResponse>(`/api/users/${bob.id}/safety`)).body).toEqual({
        muted: true,
        followsYou: true,
      });
      const list = await ann.client.get<MutedUserDto[]>('/api/users/muted');
      expect(list.status).toBe(200);
      expect(list.body).toEqual([
        expect.objectContaining({
          mutedId: bob.id,
          user: expect.objectContaining({ id: bob.id, username: bob.username }),
        }),
      ]);

      await eventually(async () => !(await feedAuthors(ann)).has(bob.id), 20_000);
      expect(await feedAuthors(ann)).toEqual(new Set([cat.id]));
      expect(await rankedIds(ann)).not.toContain(bobsReview.restaurantId);
      expect(await storyUsers(ann)).not.toContain(bob.id);
      // The follow stays: muting is not unfollowing.
      expect(await inReviews(ann, bob)).toBe(true);
      // Bob is not told: everything he can read is as before, and his own view of ann says nothing.
      expect(await bobsView()).toEqual(before);
      expect((await bob.client.get<SafetyStatusResponse>(`/api/users/${ann.id}/safety`)).body).toEqual({
        muted: false,
        followsYou: true,
      });
      expect((await bob.client.get<MutedUserDto[]>('/api/users/muted')).body).toEqual([]);

      const unmuted = await ann.client.delete<MuteStatusResponse>(`/api/users/${bob.id}/mute`);
      expect(unmuted.status).toBe(200);
      expect(unmuted.body).toEqual({ muted: false });
      await eventually(async () => (await feedAuthors(ann)).has(bob.id), 20_000);
      expect(await rankedIds(ann)).toContain(bobsReview.restaurantId);
      expect((await ann.client.get<MutedUserDto[]>('/api/users/muted')).body).toEqual([]);
    });

    it('refuses bad input with a sentence and anonymous callers with 401', async () => {
      expectError(await ann.client.post(`/api/users/${ann.id}/mute`), 400, 'You cannot mute yourself');
      expectError(await ann.client.post('/api/users/99999999/mute'), 404, 'User not found');
      expectError(await ann.client.get('/api/users/99999999/safety'), 404, 'User not found');
      expectError(await ann.client.post('/api/users/abc/mute'), 400);
      expectError(await anonymous.post(`/api/users/${bob.id}/mute`), 401);
      expectError(await anonymous.delete(`/api/users/${bob.id}/mute`), 401);
      expectError(await anonymous.get('/api/users/muted'), 401);
      expect((await sql('SELECT COUNT(*)::int AS n FROM social.mutes'))[0]).toEqual({ n: 0 });
    });
  });

  describe('remove follower', () => {
    it('ends their follow everywhere; they are not told beyond no longer following', async () => {
      await eventually(async () => (await feedAuthors(bob)).has(ann.id), 20_000);
      const res = await ann.client.delete<{ message: string }>(`/api/users/${ann.id}/followers/${bob.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Follower removed' });
      expect(
        (await bob.client.get<IsFollowingResponse>(`/api/users/${bob.id}/is-following/${ann.id}`)).body,
      ).toMatchObject({ status: 'not_following' });
      expect((await ann.client.get<FollowUserDto[]>(`/api/users/${ann.id}/followers`)).body).toEqual([]);
      // reviews' projection follows social.follow.removed: ann leaves bob's feed.
      await eventually(async () => !(await inReviews(bob, ann)), 20_000);
      expect(await feedAuthors(bob)).toEqual(new Set());
      // Ann still follows bob: only his follow of her ended.
      expect(await inReviews(ann, bob)).toBe(true);
      // Again: nothing to remove answers the same.
      expect((await ann.client.delete(`/api/users/${ann.id}/followers/${bob.id}`)).status).toBe(200);
    });

    it('is for your own followers only, with a sentence for bad input', async () => {
      expectError(await ann.client.delete(`/api/users/${bob.id}/followers/${cat.id}`), 403);
      expectError(
        await ann.client.delete(`/api/users/${ann.id}/followers/${ann.id}`),
        400,
        'You cannot remove yourself as a follower',
      );
      expectError(await ann.client.delete(`/api/users/${ann.id}/followers/99999999`), 404, 'User not found');
      expectError(await anonymous.delete(`/api/users/${ann.id}/followers/${bob.id}`), 401);
      // Cat's follow of... nobody changed: ann still follows cat.
      expect(await inReviews(ann, cat)).toBe(true);
    });
  });
});
