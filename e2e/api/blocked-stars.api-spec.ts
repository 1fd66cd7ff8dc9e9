import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type {
  RecommendationDto,
  RestaurantDetailDto,
  RestaurantListItemDto,
  RestaurantSearchItemDto,
  ReviewDto,
} from '@dinebuds/contracts';
import { eventually, query } from '@dinebuds/testing';
import { ApiClient } from '../support/api-client.js';
import { registerKnownToReviews, type ApiPerson } from '../support/api-people.js';
import { startApiSystem, type ApiSystem } from '../support/api-system.js';

const PASSWORD = 'Secret#123';
const PLACE = { restaurantName: 'Quillfeather Bistro', address: '12 N Wells St, Chicago, IL 60606' };
const OTHER_PLACE = { restaurantName: 'Marrowbone Grill', address: '40 W Lake St, Chicago, IL 60601' };

/**
 * Stars of people blocked either way never reach the viewer's all-reviews figures: Eve rates the
 * place 5, Bob and Cat 1 each. Ann blocks Bob, Cat blocks Ann: on every read that shows the
 * place's average and count (page, list, search, recommendations) Ann sees Eve's 5 out of 1,
 * and the page lists neither Bob's nor Cat's review; Dan, blocked by nobody, still sees all three.
 */
describe("blocked people's stars in a restaurant's average", () => {
  let system: ApiSystem;
  let ann: ApiPerson;
  let bob: ApiPerson;
  let cat: ApiPerson;
  let dan: ApiPerson;
  let eve: ApiPerson;
  let placeId: number;

  async function review(who: ApiPerson, place: typeof PLACE, rating: number): Promise<number> {
    const res = await who.client.post<ReviewDto>('/api/reviews', { ...place, rating });
    expect(res.status).toBe(201);
    return res.body.restaurantId;
  }

  async function block(blocker: ApiPerson, blocked: ApiPerson): Promise<void> {
    expect((await blocker.client.post('/api/users/block', { blockedId: blocked.id })).status).toBeLessThan(
      300,
    );
    await eventually(
      async () =>
        (
          await query(
            system.databaseUrl,
            'SELECT 1 FROM reviews.blocks WHERE blocker_id = $1 AND blocked_id = $2',
            [blocker.id, blocked.id],
          )
        ).length === 1,
      20_000,
    );
  }

  /** [averageRating, totalReviews] of the place on each read that shows them, as `who` sees it. */
  async function figures(who: ApiPerson): Promise<Record<string, [number | null, number] | undefined>> {
    const page = await who.client.get<RestaurantDetailDto>(`/api/restaurants/${placeId}`);
    const list = await who.client.get<RestaurantListItemDto[]>('/api/restaurants?city=chicago');
    const search = await who.client.get<RestaurantSearchItemDto[]>('/api/restaurants/search?q=quillfeather');
    const picks = await who.client.get<RecommendationDto[]>('/api/recommendations');
    const pair = (r?: { averageRating: number | null; totalReviews: number }) =>
      r && ([r.averageRating, r.totalReviews] as [number | null, number]);
    return {
      page: pair(page.body),
      list: pair(list.body.find((r) => r.id === placeId)),
      search: pair(search.body.find((r) => r.id === placeId)),
      recommendations: pair(picks.body.find((r) => r.id === placeId)),
    };
  }

  const reviewers = async (who: ApiPerson) =>
    (await who.client.get<RestaurantDetailDto>(`/api/restaurants/${placeId}`)).body.reviews
      .map((r) => r.user.id)
      .sort((a, b) => a - b);

  beforeAll(async () => {
    system = await startApiSystem('api_blocked_stars');
    // One at a time: registrations hash passwords, and a busy machine answers a burst with 504.
    const people: ApiPerson[] = [];
    for (const prefix of ['ann', 'bob', 'cat', 'dan', 'eve'])
      people.push(await registerKnownToReviews(system.baseUrl, system.databaseUrl, prefix, PASSWORD));
    [ann, bob, cat, dan, eve] = people;
    placeId = await review(eve, PLACE, 5);
    await review(bob, PLACE, 1);
    await review(cat, PLACE, 1);
    // Ann and Dan reviewed elsewhere in Chicago: the place is a recommendation for both.
    await review(ann, OTHER_PLACE, 4);
    await review(dan, OTHER_PLACE, 4);
  }, 240_000);

  afterAll(async () => {
    await system?.stop();
  });

  it('before any block everyone sees all three reviews: 2.3 out of 3', async () => {
    const all = { page: [2.3, 3], list: [2.3, 3], search: [2.3, 3], recommendations: [2.3, 3] };
    expect(await figures(ann)).toEqual(all);
    expect(await figures(dan)).toEqual(all);
    expect(await reviewers(ann)).toEqual([bob.id, cat.id, eve.id].sort((a, b) => a - b));
  });

  it("Ann blocks Bob: his 1 star leaves Ann's figures and his review her page; Dan's are unchanged", async () => {
    await block(ann, bob);
    const withoutBob = { page: [3, 2], list: [3, 2], search: [3, 2], recommendations: [3, 2] };
    expect(await figures(ann)).toEqual(withoutBob);
    expect(await reviewers(ann)).toEqual([cat.id, eve.id].sort((a, b) => a - b));
    expect((await figures(dan)).page).toEqual([2.3, 3]);
  });

  it("Cat blocks Ann: Cat's 1 star leaves Ann's figures too (the other direction)", async () => {
    await block(cat, ann);
    const onlyEve = { page: [5, 1], list: [5, 1], search: [5, 1], recommendations: [5, 1] };
    expect(await figures(ann)).toEqual(onlyEve);
    expect(await reviewers(ann)).toEqual([eve.id]);
    const all = { page: [2.3, 3], list: [2.3, 3], search: [2.3, 3], recommendations: [2.3, 3] };
    expect(await figures(dan)).toEqual(all);
    expect(await reviewers(dan)).toHaveLength(3);
    // Bob sees Cat's and Eve's stars (Ann, whom he is blocked by, reviewed elsewhere).
    expect((await figures(bob)).page).toEqual([2.3, 3]);
  });

  it('an anonymous visitor sees the whole average', async () => {
    const res = await new ApiClient(system.baseUrl).get<RestaurantDetailDto>(`/api/restaurants/${placeId}`);
    expect([res.body.averageRating, res.body.totalReviews]).toEqual([2.3, 3]);
  });
});
