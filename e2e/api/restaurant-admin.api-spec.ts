import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  REVIEW_MESSAGES as M,
  type CurrentCheckInDto,
  type MergeRestaurantsResponse,
  type RestaurantDetailDto,
  type ReviewDto,
  type SavedRestaurantDto,
  type UserDto,
} from '@dinebuds/contracts';
import { eventually, query } from '@dinebuds/testing';
import { ApiClient, uniqueUsername } from '../support/api-client.js';
import { expectError, startApiSystem } from '../support/api-system.js';
import { registerKnownToReviews, signInAdmin, type ApiPerson } from '../support/api-people.js';

const PASSWORD = 'Secret#123';
const ADMIN_USERNAME = uniqueUsername('chief');
const ADMIN_PASSWORD = 'Admin#Secret1';

type Person = ApiPerson;

const LOUS = { restaurantName: "Lou's Pizza", address: '5 Oak St, Chicago, IL' };
const LOUS_AGAIN = { restaurantName: 'Lous Pizzeria', address: '5 Oak Street, Chicago, IL' };

/**
 * Admins' restaurant routes (docs/api-reviews.md) through the gateway on the all-in-one system:
 * editing cuisine, price range, category, phone and website (as an admin, a signed-in person and
 * anonymous; every validation sentence), and merging two entries of one place, after which every
 * count is right: the page's reviews and rating, identity's reviewCount and city counts, the
 * saved lists, check-ins and moderation's review projection.
 */
describe('restaurant admin API: edit details and merge (all-in-one)', () => {
  let databaseUrl: string;
  let baseUrl: string;
  let stop: () => Promise<void>;
  let anonymous: ApiClient;
  let admin: Person;
  let ann: Person;
  let bob: Person;
  let cat: Person;

  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    query<T>(databaseUrl, text, params);

  const person = (prefix: string) => registerKnownToReviews(baseUrl, databaseUrl, prefix, PASSWORD);

  async function review(who: Person, place: typeof LOUS, rating: number): Promise<ReviewDto> {
    const res = await who.client.post<ReviewDto>('/api/reviews', { ...place, rating });
    expect(res.status).toBe(201);
    return res.body;
  }

  const page = (id: number, who: ApiClient = anonymous) =>
    who.get<RestaurantDetailDto>(`/api/restaurants/${id}`);
  const reviewCount = async (who: Person) =>
    (await anonymous.get<UserDto>(`/api/users/${who.id}`)).body.reviewCount;
  const savedIds = async (who: Person) =>
    (await who.client.get<SavedRestaurantDto[]>('/api/saved-restaurants')).body.map((s) => s.restaurantId);

  beforeAll(async () => {
    ({ baseUrl, databaseUrl, stop } = await startApiSystem('api_restaurant_admin', {
      env: { ADMIN_USERNAME, ADMIN_PASSWORD },
    }));
    anonymous = new ApiClient(baseUrl);
    admin = await signInAdmin(baseUrl, ADMIN_USERNAME, ADMIN_PASSWORD);
    ann = await person('ann');
    bob = await person('bob');
    cat = await person('cat');
  }, 180_000);

  afterAll(async () => {
    await stop?.();
  });

  describe('PATCH /api/restaurants/{id}', () => {
    let id: number;
    beforeAll(async () => {
      id = (await review(ann, { restaurantName: 'Detail Deli', address: '9 Elm St, Chicago, IL' }, 4))
        .restaurantId;
    });

    it('an admin sets the details; the page shows them and search finds the cuisine', async () => {
      const res = await admin.client.patch<RestaurantDetailDto>(`/api/restaurants/${id}`, {
        cuisine: ' Neapolitan ',
        priceRange: '$$',
        category: 'Deli',
        phone: '+1 (312) 555-0100',
        website: 'https://detail-deli.example.com/menu',
      });
      expect(res.status).toBe(200);
      const shown = {
        cuisine: 'Neapolitan',
        priceRange: '$$',
        priceRangeLabel: '$$ Mid-range',
        category: 'Deli',
        phone: '+1 (312) 555-0100',
        website: 'https://detail-deli.example.com/menu',
      };
      expect(res.body).toMatchObject({ id, ...shown, totalReviews: 1 });
      expect((await page(id)).body).toMatchObject(shown);
      const search = await ann.client.get<{ id: number }[]>('/api/restaurants/search?q=neapolitan');
      expect(search.body.map((r) => r.id)).toContain(id);
      const outbox = await sql<{ n: number }>(
        `SELECT COUNT(*)::int AS n FROM reviews.outbox WHERE type = 'admin.action.recorded'
           AND payload::text LIKE '%restaurant.updated%'`,
      );
      expect(outbox[0].n).toBe(1);
    });

    it('a missing field stays; null or blank clears it', async () => {
      const res = await admin.client.patch<RestaurantDetailDto>(`/api/restaurants/${id}`, {
        phone: null,
        website: '',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ cuisine: 'Neapolitan', priceRange: '$$', phone: null, website: null });
    });

    it('bad input is a 400 with a sentence and changes nothing', async () => {
      const cases: [unknown, string][] = [
        [{ priceRange: '$$$$$' }, M.priceRangeInvalid],
        [{ priceRange: 'cheap' }, M.priceRangeInvalid],
        [{ phone: 'call me' }, M.phoneInvalid],
        [{ phone: '12-34' }, M.phoneInvalid],
        [{ website: 'detail-deli.com' }, M.websiteInvalid],
        [{ website: 'ftp://detail-deli.com' }, M.websiteInvalid],
        [{ cuisine: 'x'.repeat(61) }, 'Cuisine must be at most 60 characters'],
        [{ category: 'y'.repeat(61) }, 'Category must be at most 60 characters'],
        [{ cuisine: 12 }, 'Cuisine must be text'],
        [{}, M.detailsRequired],
      ];
      for (const [body, message] of cases)
        expectError(await admin.client.patch(`/api/restaurants/${id}`, body), 400, message);
      expect((await page(id)).body).toMatchObject({ cuisine: 'Neapolitan', category: 'Deli' });
      expectError(
        await admin.client.patch('/api/restaurants/99999999', { cuisine: 'Thai' }),
        404,
        M.restaurantNotFound,
      );
      expectError(await admin.client.patch('/api/restaurants/abc', { cuisine: 'Thai' }), 400);
    });

    it('answers 403 to a signed-in person who is not an admin and 401 anonymous', async () => {
      expectError(await ann.client.patch(`/api/restaurants/${id}`, { cuisine: 'Thai' }), 403, M.adminsOnly);
      expectError(await anonymous.patch(`/api/restaurants/${id}`, { cuisine: 'Thai' }), 401);
      expect((await page(id)).body.cuisine).toBe('Neapolitan');
    });
  });

  describe('POST /api/restaurants/{id}/merge', () => {
    let removed: number;
    let kept: number;
    let annsOld: ReviewDto;
    let annsNew: ReviewDto;
    let bobs: ReviewDto;

    beforeAll(async () => {
      annsOld = await review(ann, LOUS, 2);
      bobs = await review(bob, LOUS, 5);
      removed = annsOld.restaurantId;
      annsNew = await review(ann, LOUS_AGAIN, 4);
      kept = annsNew.restaurantId;
      await review(cat, LOUS_AGAIN, 3);
      expect(removed).not.toBe(kept);
      await admin.client.patch(`/api/restaurants/${removed}`, { phone: '312 555 0199', cuisine: 'Pizza' });
      for (const [who, id] of [
        [ann, removed],
        [ann, kept],
        [bob, removed],
        [cat, kept],
      ] as const)
        expect((await who.client.post('/api/saved-restaurants', { restaurantId: id })).status).toBe(200);
      expect(
        (await bob.client.post('/api/check-ins', { restaurantId: removed, status: 'Slice time' })).status,
      ).toBe(201);
      // Ann: Detail Deli and both Lou's entries; identity and moderation have seen every review.
      await eventually(async () => (await reviewCount(ann)) === 3, 20_000);
      await eventually(
        async () => (await sql('SELECT 1 FROM moderation.reviews WHERE id = $1', [annsOld.id])).length === 1,
        20_000,
      );
    });

    it('refuses non-admins, anonymous callers and bad input, changing nothing', async () => {
      expectError(
        await ann.client.post(`/api/restaurants/${removed}/merge`, { keepId: kept }),
        403,
        M.adminsOnly,
      );
      expectError(await anonymous.post(`/api/restaurants/${removed}/merge`, { keepId: kept }), 401);
      expectError(
        await admin.client.post(`/api/restaurants/${removed}/merge`, { keepId: removed }),
        400,
        M.mergeIntoItself,
      );
      expectError(
        await admin.client.post(`/api/restaurants/${removed}/merge`, {}),
        400,
        'keepId is required',
      );
      expectError(
        await admin.client.post(`/api/restaurants/${removed}/merge`, { keepId: 99999999 }),
        404,
        M.mergeTargetNotFound,
      );
      expectError(
        await admin.client.post(`/api/restaurants/99999999/merge`, { keepId: kept }),
        404,
        M.restaurantNotFound,
      );
      expect((await page(removed)).body.totalReviews).toBe(2);
    });

    it('moves reviews, saves and check-ins; each person keeps their newest review; every count follows', async () => {
      const res = await admin.client.post<MergeRestaurantsResponse>(`/api/restaurants/${removed}/merge`, {
        keepId: kept,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        keptId: kept,
        removedId: removed,
        movedReviews: 1,
        deletedReviews: 1,
        movedSaves: 1,
        movedCheckIns: 1,
      });

      expectError(await page(removed), 404, M.restaurantNotFound);
      const merged = (await page(kept, bob.client)).body;
      // Ann's newer review (4) stays, bob's (5) moved, cat's (3): 3 reviews, 4.0.
      expect(merged).toMatchObject({
        totalReviews: 3,
        averageRating: 4,
        phone: '312 555 0199',
        cuisine: 'Pizza',
      });
      expect(merged.reviews.map((r) => r.id).sort()).toEqual(
        [annsNew.id, bobs.id, merged.reviews.find((r) => r.user.id === cat.id)!.id].sort(),
      );
      expect((await sql('SELECT 1 FROM reviews.reviews WHERE id = $1', [annsOld.id])).length).toBe(0);

      expect((await savedIds(ann)).filter((id) => id === kept || id === removed)).toEqual([kept]);
      expect(await savedIds(bob)).toEqual([kept]);
      expect(await savedIds(cat)).toEqual([kept]);
      const current = await bob.client.get<CurrentCheckInDto>('/api/check-ins/current');
      expect(current.body.checkIn).toMatchObject({ restaurantId: kept });

      // identity: ann's deleted review leaves her count (Detail Deli + Lou's), bob's moved one stays.
      await eventually(async () => (await reviewCount(ann)) === 2, 20_000);
      expect(await reviewCount(bob)).toBe(1);
      expect(await reviewCount(cat)).toBe(1);
      // identity's city counts (what city badge levels read): chicago 2 for ann, 1 each for bob and cat.
      const cities = await sql<{ user_id: number; review_count: number }>(
        `SELECT user_id, review_count FROM identity.user_city_reviews WHERE city = 'chicago' AND user_id = ANY($1)
         ORDER BY user_id`,
        [[ann.id, bob.id, cat.id]],
      );
      expect(cities.map((c) => [c.user_id, c.review_count])).toEqual([
        [ann.id, 2],
        [bob.id, 1],
        [cat.id, 1],
      ]);
      // moderation's review projection: the deleted review marked deleted, the moved one at the kept entry.
      await eventually(
        async () =>
          (
            await sql('SELECT 1 FROM moderation.reviews WHERE id = $1 AND deleted_at IS NOT NULL', [
              annsOld.id,
            ])
          ).length === 1,
        20_000,
      );
      await eventually(
        async () =>
          (
            await sql('SELECT 1 FROM moderation.reviews WHERE id = $1 AND restaurant_id = $2', [
              bobs.id,
              kept,
            ])
          ).length === 1,
        20_000,
      );
      const outbox = await sql<{ n: number }>(
        `SELECT COUNT(*)::int AS n FROM reviews.outbox WHERE type = 'admin.action.recorded'
           AND payload::text LIKE '%restaurants.merged%'`,
      );
      expect(outbox[0].n).toBe(1);
    });
  });
});
