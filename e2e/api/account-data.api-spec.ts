import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  ACCOUNT_MESSAGES as A,
  type AccountExport,
  type CurrentUserDto,
  type ImportSavedResponse,
  type RestaurantDetailDto,
  type ReviewDto,
  type SavedRestaurantDto,
  type UserDto,
} from '@dinebuds/contracts';
import { TEST_AMQP_URL, createTestDatabase, eventually, query, type TestDatabase } from '@dinebuds/testing';
import { ApiClient, uniqueUsername, type ApiResponse } from '../support/api-client.js';
import { createTestVhost, removeDataDir, startAllInOneSystem, type TestVhost } from '../support/system.js';

const PASSWORD = 'Secret#123';
const ADMIN_USERNAME = uniqueUsername('acctboss');
const ADMIN_PASSWORD = 'Admin#Secret1';
const SCHEMAS = ['identity', 'social', 'reviews', 'messaging', 'moderation'];
/** Columns that name a person: `<role>_id` or `<who>_by`, and the projections' users.id. */
const PERSON_COLUMN =
  /^(user|follower|following|requester|recipient|blocker|blocked|sender|receiver|proposer|reporter|content_owner|subject_user|actor|other|muter|muted)_id$|_by$/;
/** Kept on purpose: tombstones (the id only, so late events cannot bring the person back), event plumbing. */
const KEPT_TABLES = /^(deleted_users|outbox|inbox|.*_outbox|.*_inbox|migrations|.*_migrations)$/;

interface Person {
  id: number;
  username: string;
  client: ApiClient;
}

/**
 * A diner's own data (docs/api-account.md) through the gateway, on the all-in-one system over a
 * fresh database and a real RabbitMQ (its own virtual host): export (JSON and CSV), the
 * saved-places import (the export's CSV round-trips into another person; a plain list), deleting
 * one's own account (password) and an admin's delete of a person (admin, non-admin, anonymous,
 * oneself); after a deletion every schema holds nothing of the person and the API answers 404.
 */
describe('account data API through the gateway (all-in-one, RabbitMQ)', () => {
  let database: TestDatabase;
  let vhost: TestVhost;
  let baseUrl: string;
  let stop: () => Promise<void>;
  let anonymous: ApiClient;
  let admin: Person;
  let ann: Person;
  let bob: Person;
  let cat: Person;
  let dan: Person;

  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    query<T>(database.url, text, params);

  async function register(prefix: string): Promise<Person> {
    const client = new ApiClient(baseUrl);
    const username = uniqueUsername(prefix);
    const res = await client.post<CurrentUserDto>('/api/register', {
      username,
      password: PASSWORD,
      name: `${prefix} tester`,
    });
    expect(res.status).toBe(201);
    const id = res.body.id;
    await eventually(async () => {
      const known = await sql(
        `SELECT 1 FROM social.users WHERE id = $1 UNION ALL SELECT 1 FROM reviews.users WHERE id = $1
         UNION ALL SELECT 1 FROM messaging.users WHERE id = $1 UNION ALL SELECT 1 FROM moderation.users WHERE id = $1`,
        [id],
      );
      return known.length === 4;
    }, 20_000);
    return { id, username, client };
  }

  async function signIn(username: string, password: string): Promise<Person> {
    const client = new ApiClient(baseUrl);
    const res = await client.post<CurrentUserDto>('/api/login', { username, password });
    expect(res.status).toBe(200);
    return { id: res.body.id, username, client };
  }

  function expectError(res: ApiResponse, status: number, message?: string): void {
    expect({ status: res.status, body: res.body }).toMatchObject({
      status,
      body: { statusCode: status, ...(message ? { message } : {}) },
    });
  }

  async function review(who: Person, restaurantName: string, address: string, rating: number) {
    const res = await who.client.post<ReviewDto>('/api/reviews', {
      restaurantName,
      address,
      rating,
      notes: 'ok',
    });
    expect(res.status).toBe(201);
    return res.body;
  }

  /** Every column naming a person in every service's schema, and the projections' users.id. */
  async function personColumns(): Promise<{ schema: string; table: string; column: string }[]> {
    const rows = await sql<{ schema: string; table: string; column: string }>(
      `SELECT c.table_schema AS schema, c.table_name AS table, c.column_name AS column
         FROM information_schema.columns c JOIN information_schema.tables t
           ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
        WHERE c.table_schema = ANY($1) AND c.data_type = 'integer'`,
      [SCHEMAS],
    );
    return rows.filter(
      (r) =>
        !KEPT_TABLES.test(r.table) &&
        (PERSON_COLUMN.test(r.column) || (r.table === 'users' && r.column === 'id')),
    );
  }

  /** `schema.table.column` of every row still naming the person. */
  async function leftovers(userId: number): Promise<string[]> {
    const found: string[] = [];
    for (const { schema, table, column } of await personColumns()) {
      const rows = await sql(`SELECT 1 FROM "${schema}"."${table}" WHERE "${column}" = $1 LIMIT 1`, [userId]);
      if (rows.length > 0) found.push(`${schema}.${table}.${column}`);
    }
    return found;
  }

  beforeAll(async () => {
    database = await createTestDatabase('api_account_data');
    vhost = createTestVhost(TEST_AMQP_URL, 'api_account');
    const system = await startAllInOneSystem({
      databaseUrl: database.url,
      amqpUrl: vhost.url,
      env: { ADMIN_USERNAME, ADMIN_PASSWORD, SAVED_IMPORT_MAX_ROWS: '5' },
    });
    baseUrl = system.baseUrl;
    stop = async () => {
      await system.stop();
      removeDataDir(system.dataDir);
      vhost.drop();
      await database.drop();
    };
    anonymous = new ApiClient(baseUrl);
    admin = await signIn(ADMIN_USERNAME, ADMIN_PASSWORD);
    [ann, bob, cat, dan] = [
      await register('ann'),
      await register('bob'),
      await register('cat'),
      await register('dan'),
    ];
  }, 180_000);

  afterAll(async () => {
    await stop?.();
  });

  describe('export my data', () => {
    it('is one JSON download with every service part, and CSVs of reviews and saved places', async () => {
      const rev = await review(ann, 'Export Diner', '1 Export St, Chicago, IL', 4);
      expect((await ann.client.post(`/api/restaurants/${rev.restaurantId}/toggle-save`)).status).toBe(200);
      await ann.client.post(`/api/users/${ann.id}/follow/${bob.id}`);
      await bob.client.post(`/api/users/${bob.id}/follow/${ann.id}`);
      await eventually(
        async () =>
          (
            await sql('SELECT 1 FROM messaging.follows WHERE follower_id = $1 AND following_id = $2', [
              bob.id,
              ann.id,
            ])
          ).length === 1,
        20_000,
      );
      expect(
        (await ann.client.post('/api/messages/send', { receiverId: bob.id, content: 'Hi, "bob"' })).status,
      ).toBe(201);
      expect((await ann.client.post('/api/feedback', { type: 'compliment', text: 'Nice app' })).status).toBe(
        201,
      );

      const res = await ann.client.get<AccountExport>('/api/user/export');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toMatch(
        /^attachment; filename="dinebuds-export-\d{4}-\d\d-\d\d\.json"$/,
      );
      const data = res.body;
      expect(data.identity.profile).toMatchObject({ id: ann.id, username: ann.username });
      expect(data.identity.sessions.length).toBeGreaterThan(0);
      expect(data.social.following).toEqual([
        expect.objectContaining({ userId: bob.id, username: bob.username }),
      ]);
      expect(data.social.followers).toEqual([expect.objectContaining({ userId: bob.id })]);
      expect(data.reviews.reviews).toEqual([
        expect.objectContaining({
          reviewId: rev.id,
          restaurantId: rev.restaurantId,
          name: 'Export Diner',
          rating: 4,
        }),
      ]);
      expect(data.reviews.savedRestaurants).toEqual([
        expect.objectContaining({ restaurantId: rev.restaurantId }),
      ]);
      expect(data.messaging.messages).toEqual([
        expect.objectContaining({
          direction: 'sent',
          content: 'Hi, "bob"',
          other: expect.objectContaining({ userId: bob.id }),
        }),
      ]);
      expect(data.moderation.feedback).toEqual([
        expect.objectContaining({ type: 'compliment', text: 'Nice app' }),
      ]);

      const reviewsCsv = await ann.client.get<string>('/api/user/export/reviews.csv');
      expect(reviewsCsv.status).toBe(200);
      expect(reviewsCsv.headers.get('content-type')).toMatch(/^text\/csv/);
      expect(reviewsCsv.headers.get('content-disposition')).toMatch(/filename="dinebuds-reviews-.*\.csv"/);
      expect(reviewsCsv.body.split('\r\n')[0]).toBe(
        'reviewId,restaurantId,name,address,city,latitude,longitude,rating,notes,visitDate,createdAt',
      );
      expect(reviewsCsv.body).toContain('"1 Export St, Chicago, IL"');
      expect((await anonymous.get('/api/user/export')).status).toBe(401);
      expect((await anonymous.get('/api/user/export/saved.csv')).status).toBe(401);
    }, 60_000);
  });

  describe('import saved places', () => {
    it("round-trips: a person's saved.csv imported by another saves the same places", async () => {
      const a = await review(dan, 'Round Trip Tacos', '10 Trip Ave, Austin, TX', 5);
      const b = await review(dan, 'Round, Trip "Noodles"', '20 Trip Ave, Seattle, WA', 3);
      for (const id of [a.restaurantId, b.restaurantId])
        expect((await dan.client.post(`/api/restaurants/${id}/toggle-save`)).status).toBe(200);
      const csv = await dan.client.get<string>('/api/user/export/saved.csv');
      expect(csv.status).toBe(200);

      const imported = await cat.client.post<ImportSavedResponse>('/api/saved-restaurants/import', {
        text: csv.body,
      });
      expect(imported.status).toBe(200);
      expect(imported.body).toMatchObject({ imported: 2, alreadySaved: 0, skipped: 0 });
      const mine = await cat.client.get<SavedRestaurantDto[]>('/api/saved-restaurants');
      expect(mine.body.map((s) => s.restaurantId).sort()).toEqual([a.restaurantId, b.restaurantId].sort());

      const again = await cat.client.post<ImportSavedResponse>('/api/saved-restaurants/import', {
        text: csv.body,
      });
      expect(again.body).toMatchObject({ imported: 0, alreadySaved: 2, skipped: 0 });
    }, 60_000);

    it('reads a plain list of names and addresses: known places matched, new ones created, bad rows skipped', async () => {
      const known = await review(dan, 'List Bistro', '5 List Rd, Boston, MA', 4);
      const text = [
        'List Bistro, 5 List Rd, Boston, MA',
        '',
        'Round Trip Tacos, Austin',
        'Brand New Cafe, 77 Fresh St, Denver, CO',
        'Nowhere Diner, 1 Unknown Lane, Atlantis',
        'Only a name',
      ].join('\n');
      const res = await bob.client.post<ImportSavedResponse>('/api/saved-restaurants/import', { text });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ imported: 3, alreadySaved: 0, skipped: 2 });
      const [tacos] = await sql<{ id: number }>(
        `SELECT id FROM reviews.restaurants WHERE name = 'Round Trip Tacos'`,
      );
      expect(res.body.rows).toEqual([
        expect.objectContaining({ line: 1, status: 'imported', restaurantId: known.restaurantId }),
        // Only the city given: the one restaurant of that name there.
        expect.objectContaining({ line: 3, status: 'imported', restaurantId: tacos.id }),
        expect.objectContaining({ line: 4, name: 'Brand New Cafe', status: 'imported' }),
        expect.objectContaining({ line: 5, status: 'skipped', reason: expect.any(String) }),
        expect.objectContaining({ line: 6, status: 'skipped', reason: A.rowNoAddress }),
      ]);
      const created = res.body.rows[2].restaurantId as number;
      expect((await anonymous.get(`/api/restaurants/${created}`)).status).toBe(200);
    }, 60_000);

    it('refuses empty text (400), too many rows (413) and anonymous callers (401)', async () => {
      expectError(await bob.client.post('/api/saved-restaurants/import', { text: '' }), 400, A.importEmpty);
      expectError(await bob.client.post('/api/saved-restaurants/import', {}), 400, A.importEmpty);
      expectError(
        await bob.client.post('/api/saved-restaurants/import', { text: '\n\n' }),
        400,
        A.importEmpty,
      );
      const six = Array.from({ length: 6 }, (_, i) => `Place ${i}, ${i} Main St, Miami, FL`).join('\n');
      expectError(
        await bob.client.post('/api/saved-restaurants/import', { text: six }),
        413,
        A.importTooManyRows(5),
      );
      expect(
        (await anonymous.post('/api/saved-restaurants/import', { text: 'A, 1 B St, Miami' })).status,
      ).toBe(401);
    }, 30_000);
  });

  describe('delete my account', () => {
    it('needs the right password: 400 without one, 403 when wrong, 401 anonymous', async () => {
      expectError(await ann.client.request('DELETE', '/api/user', {}), 400, A.passwordRequired);
      expectError(
        await ann.client.request('DELETE', '/api/user', { password: 'Wrong#123' }),
        403,
        A.wrongPassword,
      );
      expect((await anonymous.request('DELETE', '/api/user', { password: PASSWORD })).status).toBe(401);
      expect((await ann.client.get('/api/user')).status).toBe(200);
    });

    it('removes the person from every service through RabbitMQ, keeps others right, and answers 404 after', async () => {
      // More of ann everywhere: a review beside bob's (the restaurant's ranking must follow),
      // a check-in bob comments on and likes, bob's check-in ann comments on and likes, a block, a
      // follower, a poll, reports both ways.
      const shared = await review(bob, 'Shared Grill', '9 Cascade St, Chicago, IL', 2);
      await review(ann, 'Shared Grill', '9 Cascade St, Chicago, IL', 5);
      const annIn = await ann.client.post<{ id: number }>('/api/check-ins', {
        restaurantId: shared.restaurantId,
      });
      expect(annIn.status).toBe(201);
      expect((await bob.client.post(`/api/check-ins/${annIn.body.id}/like`)).status).toBe(200);
      expect(
        (await bob.client.post(`/api/check-ins/${annIn.body.id}/comments`, { text: 'Enjoy' })).status,
      ).toBe(201);
      const bobIn = await bob.client.post<{ id: number }>('/api/check-ins', {
        restaurantId: shared.restaurantId,
      });
      expect(
        (await ann.client.post(`/api/check-ins/${bobIn.body.id}/comments`, { text: 'Me too' })).status,
      ).toBe(201);
      expect((await ann.client.post(`/api/check-ins/${bobIn.body.id}/like`)).status).toBe(200);
      expect((await ann.client.post('/api/users/block', { blockedId: dan.id })).status).toBeLessThan(300);
      await cat.client.post(`/api/users/${cat.id}/follow/${ann.id}`);
      const fromBob = await bob.client.post<{ id: number }>('/api/messages/send', {
        receiverId: ann.id,
        content: 'Yo',
      });
      expect(fromBob.status).toBe(201);
      const annMsg = await ann.client.post<{ id: number }>('/api/messages/send', {
        receiverId: bob.id,
        content: 'Spam',
      });
      expect(
        (await bob.client.post(`/api/messages/report/${annMsg.body.id}`, { reason: 'Spam' })).status,
      ).toBe(200);
      expect(
        (
          await ann.client.post('/api/messages/polls', {
            receiverId: bob.id,
            options: [{ restaurantId: shared.restaurantId, restaurantName: 'Shared Grill' }],
          })
        ).status,
      ).toBe(201);
      expect(
        (await ann.client.post('/api/reports', { type: 'review', contentId: shared.id, reason: 'Fake' }))
          .status,
      ).toBe(201);
      expect(
        (await bob.client.post('/api/reports', { type: 'user', contentId: ann.id, reason: 'Rude' })).status,
      ).toBe(201);
      await eventually(
        async () =>
          (await sql('SELECT 1 FROM moderation.reported_messages WHERE message_id = $1', [annMsg.body.id]))
            .length === 1,
        20_000,
      );
      expect(
        (await anonymous.get<RestaurantDetailDto>(`/api/restaurants/${shared.restaurantId}`)).body,
      ).toMatchObject({
        totalReviews: 2,
        averageRating: 3.5,
      });
      const before = await leftovers(ann.id);
      for (const schema of SCHEMAS) expect(before.some((where) => where.startsWith(`${schema}.`))).toBe(true);
      const bobBefore = (await anonymous.get<UserDto>(`/api/users/${bob.id}`)).body.reviewCount;

      const oldCookie = ann.client.sessionCookie;
      const res = await ann.client.request('DELETE', '/api/user', { password: PASSWORD });
      expect(res).toMatchObject({ status: 200, body: { message: A.accountDeleted } });
      expect(ann.client.sessionCookie).toBeUndefined();
      const stale = new ApiClient(baseUrl);
      expect(
        (
          await stale.request('GET', '/api/user', undefined, {
            headers: { cookie: `dinebuds_sid=${oldCookie}` },
          })
        ).status,
      ).toBe(401);
      expect(
        (await anonymous.post('/api/login', { username: ann.username, password: PASSWORD })).status,
      ).toBe(401);

      await eventually(async () => (await leftovers(ann.id)).length === 0, 30_000).catch(() => undefined);
      expect(await leftovers(ann.id)).toEqual([]);

      expectError(await anonymous.get(`/api/users/${ann.id}`), 404);
      expectError(await anonymous.get(`/api/users/by-username/${ann.username}`), 404);
      expectError(await anonymous.get(`/api/reviews?userId=${ann.id}`), 404);
      expectError(await bob.client.get(`/api/saved-restaurants?userId=${ann.id}`), 404);
      expectError(await bob.client.get(`/api/users/${ann.id}/followers`), 404);
      expectError(await bob.client.get(`/api/messages/conversation/${bob.id}/${ann.id}`), 404);
      expectError(
        await bob.client.post('/api/messages/send', { receiverId: ann.id, content: 'Still there?' }),
        404,
      );
      expectError(await bob.client.post(`/api/users/${bob.id}/follow/${ann.id}`), 404);

      // Others' data stays right: the restaurant's reviews and bob's counts are bob's alone.
      const place = await anonymous.get<RestaurantDetailDto>(`/api/restaurants/${shared.restaurantId}`);
      expect(place.body.reviews.map((r) => r.user.id)).toEqual([bob.id]);
      expect(place.body).toMatchObject({ totalReviews: 1, averageRating: 2 });
      expect((await anonymous.get<UserDto>(`/api/users/${bob.id}`)).body.reviewCount).toBe(bobBefore);
      expect(
        (await bob.client.get<{ count: number }>(`/api/users/${bob.id}/followers/count`)).body.count,
      ).toBe(0);
    }, 120_000);
  });

  describe('an admin deletes a person', () => {
    it('is for admins only, never oneself: 401 anonymous, 403 others, 400 oneself, 404 unknown', async () => {
      expect((await anonymous.delete(`/api/users/${cat.id}`)).status).toBe(401);
      expectError(await bob.client.delete(`/api/users/${cat.id}`), 403);
      expectError(await admin.client.delete(`/api/users/${admin.id}`), 400, A.cannotDeleteSelf);
      expectError(await admin.client.delete('/api/users/2000000000'), 404);
      expectError(await admin.client.delete('/api/users/abc'), 400);
      expect((await anonymous.get(`/api/users/${cat.id}`)).status).toBe(200);
    });

    it('deletes the person and ends their sessions at once', async () => {
      const res = await admin.client.delete(`/api/users/${cat.id}`);
      expect(res).toMatchObject({ status: 200, body: { message: A.userDeleted } });
      expect((await cat.client.get('/api/user')).status).toBe(401);
      expectError(await anonymous.get(`/api/users/${cat.id}`), 404);
      expectError(await admin.client.delete(`/api/users/${cat.id}`), 404);
      await eventually(async () => (await leftovers(cat.id)).length === 0, 30_000).catch(() => undefined);
      expect(await leftovers(cat.id)).toEqual([]);
      // Bob's import of dan's places stays: only cat's saves went.
      expect((await sql('SELECT 1 FROM reviews.saved_restaurants WHERE user_id = $1', [cat.id])).length).toBe(
        0,
      );
    }, 60_000);
  });
});
