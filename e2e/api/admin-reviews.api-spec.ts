import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type {
  AdminBadgesDto,
  AdminReviewListDto,
  CityBadgeDto,
  CityTierDto,
  RestaurantDetailDto,
  ReviewDto,
  UserDto,
} from '@dinebuds/contracts';
import { eventually, query } from '@dinebuds/testing';
import { ApiClient, uniqueUsername, type ApiResponse } from '../support/api-client.js';
import { registerPerson, signInAdmin, type ApiPerson } from '../support/api-people.js';
import { DocumentedCalls, expectError, startApiSystem } from '../support/api-system.js';

const PASSWORD = 'Secret#123';
const ADMIN_USERNAME = uniqueUsername('chief');
const ADMIN_PASSWORD = 'Admin#Secret1';

type Person = ApiPerson;

/**
 * The admin Reviews and Badges tabs' API (docs/api-admin-reviews.md) through the
 * gateway on the all-in-one system over a fresh database: every route as an admin, a signed-in
 * person (403) and anonymous (401); search, rating filter and counts; an admin's deletion followed
 * by the author's reviewCount and the restaurant's numbers; a tier threshold change followed by the
 * city badge levels of existing holders; every answer's status listed in the OpenAPI document.
 */
describe('admin reviews and badges API through the gateway (all-in-one)', () => {
  let databaseUrl: string;
  let baseUrl: string;
  let stop: () => Promise<void>;
  let anonymous: ApiClient;
  let admin: Person;
  let ann: Person;
  let bob: Person;
  let bobsFirst: ReviewDto;
  let bobsSecond: ReviewDto;
  let annsReview: ReviewDto;
  const routes = new DocumentedCalls();

  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    query<T>(databaseUrl, text, params);

  /** A route by its documented template (`search`: the query string), its answer remembered. */
  const call = <T = unknown>(
    who: ApiClient,
    method: string,
    template: string,
    params: Record<string, string | number> = {},
    body?: unknown,
    search = '',
  ): Promise<ApiResponse<T>> => routes.call<T>(who, method, template, params, body, { search });

  const person = (prefix: string): Promise<Person> =>
    registerPerson(baseUrl, {
      username: uniqueUsername(prefix),
      password: PASSWORD,
      name: `${prefix} tester`,
    });

  async function review(who: Person, restaurantName: string, rating: number, notes: string | null) {
    const res = await who.client.post<ReviewDto>('/api/reviews', {
      restaurantName,
      address: '1 Main St, Boston, MA',
      rating,
      notes,
    });
    expect(res.status).toBe(201);
    return res.body;
  }

  const reviewCountOf = async (who: Person) =>
    (await anonymous.get<UserDto>(`/api/users/${who.id}`)).body.reviewCount;
  const bostonLevelOf = async (who: Person) =>
    (await anonymous.get<CityBadgeDto[]>(`/api/users/${who.id}/city-badges`)).body.find(
      (b) => b.city === 'boston',
    )?.level;

  beforeAll(async () => {
    ({ baseUrl, databaseUrl, stop } = await startApiSystem('api_admin_reviews', {
      env: { ADMIN_USERNAME, ADMIN_PASSWORD },
    }));
    anonymous = new ApiClient(baseUrl);
    admin = await signInAdmin(baseUrl, ADMIN_USERNAME, ADMIN_PASSWORD);
    ann = await person('ann');
    bob = await person('bob');
    const badges = await bob.client.post('/api/users/city-badges', {
      userId: bob.id,
      badges: [{ city: 'Boston' }],
    });
    expect(badges.status).toBe(200);
    bobsFirst = await review(bob, 'Harbor Chowder House', 2, 'Cold soup and slow service');
    bobsSecond = await review(bob, 'North End Pasta', 5, null);
    annsReview = await review(ann, 'North End Pasta', 4, 'Lovely gnocchi');
    // The reviewer projection (names in the list) and identity's counts follow through the broker.
    await eventually(async () => (await reviewCountOf(bob)) === 2, 20_000);
    await eventually(
      async () =>
        (await sql('SELECT 1 FROM reviews.users WHERE id = ANY($1)', [[ann.id, bob.id]])).length === 2,
      20_000,
    );
  }, 180_000);

  afterAll(async () => {
    await stop?.();
  });

  const ADMIN_ROUTES: [string, string, Record<string, string | number>, unknown][] = [
    ['GET', '/api/admin/reviews', {}, undefined],
    ['GET', '/api/admin/badges', {}, undefined],
    ['PATCH', '/api/admin/badges/tiers/{level}', { level: 'gold' }, { minReviews: 31 }],
    ['PATCH', '/api/admin/badges/{kind}/{id}', { kind: 'flavor', id: 'sushi' }, { name: 'Sushi Sage' }],
  ];

  describe('who may call', () => {
    it('answers 401 to anonymous callers', async () => {
      for (const [method, template, params, body] of [
        ...ADMIN_ROUTES,
        ['DELETE', '/api/reviews/{id}', { id: bobsFirst.id }, undefined] as const,
      ]) {
        const res = await call(anonymous, method, template, params, body);
        expect(`${method} ${template} ${res.status}`).toBe(`${method} ${template} 401`);
      }
    });

    it("answers 403 to a signed-in person who is not an admin, and to deleting someone else's review", async () => {
      for (const [method, template, params, body] of ADMIN_ROUTES) {
        const res = await call(ann.client, method, template, params, body);
        expect(`${method} ${template} ${res.status}`).toBe(`${method} ${template} 403`);
      }
      expectError(
        await call(ann.client, 'DELETE', '/api/reviews/{id}', { id: bobsFirst.id }),
        403,
        'You can only change your own reviews',
      );
      const names = await sql<{ name: string }>(
        "SELECT name FROM identity.badge_names WHERE kind = 'flavor' AND badge_id = 'sushi'",
      );
      expect(names[0].name).toBe('SushiBud');
      const tiers = await sql<{ min_reviews: number }>(
        "SELECT min_reviews FROM identity.city_tiers WHERE level = 'gold'",
      );
      expect(tiers[0].min_reviews).toBe(30);
    });
  });

  describe('GET /api/admin/reviews', () => {
    it('lists every review newest first with its restaurant, reviewer and counts', async () => {
      const res = await call<AdminReviewListDto>(admin.client, 'GET', '/api/admin/reviews');
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(3);
      expect(res.body.overall).toBe(3);
      expect(res.body.reviews.map((r) => r.id)).toEqual([annsReview.id, bobsSecond.id, bobsFirst.id]);
      expect(res.body.reviews[2]).toMatchObject({
        id: bobsFirst.id,
        rating: 2,
        comment: 'Cold soup and slow service',
        visitDate: null,
        restaurant: { name: 'Harbor Chowder House', address: '1 Main St, Boston, MA', city: 'Boston' },
        user: { id: bob.id, username: bob.username, name: 'bob tester' },
      });
    });

    it('searches restaurant name, reviewer and comment, filters by rating, and pages', async () => {
      const list = async (search: string) =>
        (await call<AdminReviewListDto>(admin.client, 'GET', '/api/admin/reviews', {}, undefined, search))
          .body;
      expect((await list('?search=chowder')).reviews.map((r) => r.id)).toEqual([bobsFirst.id]);
      expect((await list(`?search=${ann.username.toUpperCase()}`)).reviews.map((r) => r.id)).toEqual([
        annsReview.id,
      ]);
      expect((await list('?search=gnocchi')).reviews.map((r) => r.id)).toEqual([annsReview.id]);
      expect(await list('?search=pasta&rating=5')).toMatchObject({ total: 1, overall: 3 });
      expect((await list('?rating=1')).reviews).toEqual([]);
      const page = await list('?limit=1&offset=1');
      expect(page).toMatchObject({ total: 3, overall: 3 });
      expect(page.reviews.map((r) => r.id)).toEqual([bobsSecond.id]);
    });

    it('answers 400 with a sentence to a bad filter', async () => {
      for (const search of ['?rating=6', '?rating=abc', `?search=${'x'.repeat(101)}`, '?limit=0']) {
        const res = await call(admin.client, 'GET', '/api/admin/reviews', {}, undefined, search);
        expectError(res, 400);
      }
    });
  });

  describe('GET and PATCH /api/admin/badges', () => {
    it('lists the catalogue with real holder counts and the default tiers', async () => {
      const res = await call<AdminBadgesDto>(admin.client, 'GET', '/api/admin/badges');
      expect(res.status).toBe(200);
      expect(res.body.flavor).toHaveLength(12);
      expect(res.body.city).toHaveLength(10);
      expect(res.body.city.find((b) => b.id === 'boston')).toEqual({
        kind: 'city',
        id: 'boston',
        name: 'Boston',
        holders: 1,
      });
      expect(res.body.tiers.map((t) => [t.level, t.minReviews])).toEqual([
        ['bronze', 10],
        ['silver', 20],
        ['gold', 30],
        ['platinum', 40],
      ]);
      expect(res.body.tiers[0].holders).toBe(1);
    });

    it('renames a badge (persisted) and refuses a blank name or an unknown badge', async () => {
      const res = await call(
        admin.client,
        'PATCH',
        '/api/admin/badges/{kind}/{id}',
        { kind: 'city', id: 'new york' },
        {
          name: '  Big Apple Bud ',
        },
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ kind: 'city', id: 'new york', name: 'Big Apple Bud' });
      const after = (await admin.client.get<AdminBadgesDto>('/api/admin/badges')).body;
      expect(after.city.find((b) => b.id === 'new york')?.name).toBe('Big Apple Bud');
      expectError(
        await call(
          admin.client,
          'PATCH',
          '/api/admin/badges/{kind}/{id}',
          { kind: 'flavor', id: 'sushi' },
          { name: ' ' },
        ),
        400,
        'Badge name cannot be empty',
      );
      expectError(
        await call(
          admin.client,
          'PATCH',
          '/api/admin/badges/{kind}/{id}',
          { kind: 'flavor', id: 'caviar' },
          { name: 'X' },
        ),
        404,
        'Badge not found',
      );
      expectError(
        await call(
          admin.client,
          'PATCH',
          '/api/admin/badges/{kind}/{id}',
          { kind: 'planet', id: 'sushi' },
          { name: 'X' },
        ),
        400,
      );
    });

    it('validates thresholds: whole, at least 1, strictly increasing', async () => {
      const tier = (level: string, minReviews: unknown) =>
        call(admin.client, 'PATCH', '/api/admin/badges/tiers/{level}', { level }, { minReviews });
      expectError(await tier('bronze', 0), 400, 'Threshold must be at least 1');
      expectError(await tier('bronze', 2.5), 400, 'Threshold must be a whole number');
      expectError(await tier('silver', 10), 400, 'Silver must need more reviews than Bronze (10)');
      expectError(await tier('silver', 30), 400, 'Silver must need fewer reviews than Gold (30)');
      expectError(await tier('diamond', 50), 404, 'Tier not found');
      const stored = await sql<{ min_reviews: number }>(
        'SELECT min_reviews FROM identity.city_tiers ORDER BY position',
      );
      expect(stored.map((t) => t.min_reviews)).toEqual([10, 20, 30, 40]);
    });

    it("a threshold change moves existing holders' city badge levels, and back", async () => {
      expect(await bostonLevelOf(bob)).toBe('bronze');
      expect(
        (
          await call(
            admin.client,
            'PATCH',
            '/api/admin/badges/tiers/{level}',
            { level: 'bronze' },
            { minReviews: 1 },
          )
        ).status,
      ).toBe(200);
      const res = await call<CityTierDto[]>(
        admin.client,
        'PATCH',
        '/api/admin/badges/tiers/{level}',
        { level: 'silver' },
        {
          minReviews: 2,
        },
      );
      expect(res.status).toBe(200);
      expect(res.body.map((t) => [t.level, t.minReviews, t.holders])).toEqual([
        ['bronze', 1, 0],
        ['silver', 2, 1],
        ['gold', 30, 0],
        ['platinum', 40, 0],
      ]);
      // Bob has 2 reviews in Boston: silver now.
      expect(await bostonLevelOf(bob)).toBe('silver');
      await admin.client.patch('/api/admin/badges/tiers/silver', { minReviews: 20 });
      expect(await bostonLevelOf(bob)).toBe('bronze');
      const events = await sql<{ n: string }>(
        "SELECT count(*) AS n FROM identity.outbox WHERE type = 'identity.user.badges-changed' AND (payload->'data'->>'userId')::int = $1",
        [bob.id],
      );
      expect(Number(events[0].n)).toBeGreaterThanOrEqual(3);
      await admin.client.patch('/api/admin/badges/tiers/bronze', { minReviews: 10 });
    });
  });

  describe('DELETE /api/reviews/{id} by an admin', () => {
    it("deletes anyone's review; the author's count and the restaurant's numbers follow", async () => {
      const before = (await anonymous.get<RestaurantDetailDto>(`/api/restaurants/${bobsFirst.restaurantId}`))
        .body;
      expect(before.totalReviews).toBe(1);
      const res = await call(
        admin.client,
        'DELETE',
        '/api/reviews/{id}',
        { id: bobsFirst.id },
        { reason: 'Spam' },
      );
      expect(res.status).toBe(200);
      expectError(
        await call(admin.client, 'DELETE', '/api/reviews/{id}', { id: bobsFirst.id }),
        404,
        'Review not found',
      );
      await eventually(async () => (await reviewCountOf(bob)) === 1, 20_000);
      const after = (await anonymous.get<RestaurantDetailDto>(`/api/restaurants/${bobsFirst.restaurantId}`))
        .body;
      expect(after).toMatchObject({ totalReviews: 0, averageRating: null });
      const list = (await admin.client.get<AdminReviewListDto>('/api/admin/reviews')).body;
      expect(list).toMatchObject({ total: 2, overall: 2 });
      const actions = await sql<{ payload: Record<string, unknown> }>(
        "SELECT payload->'data' AS payload FROM reviews.outbox WHERE type = 'admin.action.recorded'",
      );
      expect(actions.map((a) => a.payload)).toEqual([
        expect.objectContaining({
          action: 'review.deleted',
          actorId: admin.id,
          targetType: 'review',
          targetId: bobsFirst.id,
          subjectUserId: bob.id,
          reason: 'Spam',
        }),
      ]);
    });

    it('still lets an author delete their own review, recorded as no admin action', async () => {
      const res = await call(ann.client, 'DELETE', '/api/reviews/{id}', { id: annsReview.id });
      expect(res.status).toBe(200);
      const actions = await sql("SELECT 1 FROM reviews.outbox WHERE type = 'admin.action.recorded'");
      expect(actions).toHaveLength(1);
      expectError(await call(admin.client, 'DELETE', '/api/reviews/{id}', { id: 'abc' }), 400);
      expectError(
        await call(
          admin.client,
          'DELETE',
          '/api/reviews/{id}',
          { id: bobsSecond.id },
          { reason: 'x'.repeat(501) },
        ),
        400,
        'Reason must be at most 500 characters',
      );
    });
  });

  describe('the OpenAPI document', () => {
    it('lists every answer above for its route', async () => {
      expect(await routes.undocumented(anonymous)).toEqual([]);
    });
  });
});
