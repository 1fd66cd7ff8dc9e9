import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  ADMIN_USERS_MESSAGES as M,
  MODERATION_MESSAGES,
  type AdminUserDto,
  type AdminUserListDto,
  type ReviewDto,
} from '@dinebuds/contracts';
import { eventually, query } from '@dinebuds/testing';
import { ApiClient, uniqueUsername } from '../support/api-client.js';
import { registerPerson, signInAdmin, type ApiPerson } from '../support/api-people.js';
import { DocumentedCalls, expectError, startApiSystem } from '../support/api-system.js';

const PASSWORD = 'Secret#123';
const ADMIN_USERNAME = uniqueUsername('chief');
const ADMIN_PASSWORD = 'Admin#Secret1';

type Person = ApiPerson;

/**
 * The admin Users tab's routes (docs/api-identity.md, "Admin: users") through the gateway on the
 * all-in-one system over a fresh database: the list with search and filters and its real level and
 * most-visited city, deactivation (no sign-in, every open session ends on its next request) and
 * reactivation; each route as an admin, a signed-in person (403) and anonymous (401); every
 * answer's status one the OpenAPI document lists.
 */
describe('admin users API through the gateway (all-in-one)', () => {
  let databaseUrl: string;
  let baseUrl: string;
  let stop: () => Promise<void>;
  let anonymous: ApiClient;
  let admin: Person;
  let ann: Person;
  let bob: Person;
  /** The test's own people share this prefix, so searches find only them. */
  const prefix = uniqueUsername('adm').slice(0, 10);
  const routes = new DocumentedCalls();
  const call = routes.call.bind(routes);

  const person = (name: string): Promise<Person> =>
    registerPerson(baseUrl, { username: `${prefix}${name}`, password: PASSWORD, name });

  const list = (search: string) =>
    call<AdminUserListDto>(admin.client, 'GET', '/api/admin/users', {}, undefined, { search });

  beforeAll(async () => {
    ({ baseUrl, databaseUrl, stop } = await startApiSystem('api_admin_users', {
      env: { ADMIN_USERNAME, ADMIN_PASSWORD },
    }));
    anonymous = new ApiClient(baseUrl);
    admin = await signInAdmin(baseUrl, ADMIN_USERNAME, ADMIN_PASSWORD);
    ann = await person('ann');
    bob = await person('bob');
    for (const [restaurantName, address] of [
      ['Harbor Oysters', '1 Main St, Boston, MA'],
      ['North End Pasta', '2 Hanover St, Boston, MA'],
      ['Deli Corner', '3 Broadway, New York, NY'],
    ]) {
      const review = await bob.client.post<ReviewDto>('/api/reviews', { restaurantName, address, rating: 4 });
      expect(review.status).toBe(201);
    }
  }, 180_000);

  afterAll(async () => {
    await stop?.();
  });

  const ROUTES: [string, string][] = [
    ['GET', '/api/admin/users'],
    ['GET', '/api/admin/users/{id}'],
    ['POST', '/api/admin/users/{id}/deactivate'],
    ['POST', '/api/admin/users/{id}/reactivate'],
  ];

  it('answers 401 to anonymous callers and 403 to people who are not admins, changing nothing', async () => {
    for (const [method, template] of ROUTES) {
      expect((await call(anonymous, method, template, { id: bob.id })).status).toBe(401);
      expectError(
        await call(ann.client, method, template, { id: bob.id }),
        403,
        MODERATION_MESSAGES.adminsOnly,
      );
    }
    expect((await bob.client.get('/api/user')).status).toBe(200);
  });

  it('lists people with their real level and most-visited city, searched and filtered', async () => {
    await eventually(async () => {
      const row = (await call<AdminUserDto>(admin.client, 'GET', '/api/admin/users/{id}', { id: bob.id }))
        .body;
      return row.reviewCount === 3 && row.mostVisitedCity === 'Boston';
    }, 20_000);
    const all = await list(`?q=${prefix.toUpperCase()}`);
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(2);
    expect(all.body.users.map((u) => u.username)).toEqual([ann.username, bob.username]);
    expect(all.body.users[1]).toMatchObject({
      id: bob.id,
      reviewCount: 3,
      level: 'Flavor Seeker',
      mostVisitedCity: 'Boston',
      isActive: true,
      deactivatedAt: null,
      isAdmin: false,
    });
    expect(all.body.users[0]).toMatchObject({ reviewCount: 0, mostVisitedCity: null });

    expect((await list(`?q=${prefix}&reviews=0-10`)).body.total).toBe(2);
    expect((await list(`?q=${prefix}&reviews=11-30`)).body).toEqual({ users: [], total: 0 });
    const paged = await list(`?q=${prefix}&limit=1&offset=1`);
    expect(paged.body.total).toBe(2);
    expect(paged.body.users.map((u) => u.id)).toEqual([bob.id]);

    expectError(await list('?reviews=lots'), 400, M.reviewsFilter);
    expectError(await list('?status=asleep'), 400, M.statusFilter);
    expect((await list('?limit=0')).status).toBe(400);
    expect((await call(admin.client, 'GET', '/api/admin/users/{id}', { id: 'abc' })).status).toBe(400);
    expectError(
      await call(admin.client, 'GET', '/api/admin/users/{id}', { id: 99_999_999 }),
      404,
      M.userNotFound,
    );
  });

  it('deactivates: no sign-in, the open session ends on its next request; reactivation undoes it', async () => {
    expectError(
      await call(admin.client, 'POST', '/api/admin/users/{id}/deactivate', { id: admin.id }),
      400,
      M.cannotDeactivateSelf,
    );
    expectError(
      await call(
        admin.client,
        'POST',
        '/api/admin/users/{id}/deactivate',
        { id: bob.id },
        { reason: 'x'.repeat(501) },
      ),
      400,
      M.reasonTooLong,
    );
    expect((await bob.client.get('/api/user')).status).toBe(200);

    const off = await call<AdminUserDto>(
      admin.client,
      'POST',
      '/api/admin/users/{id}/deactivate',
      { id: bob.id },
      {
        reason: 'Spam reviews',
      },
    );
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id: bob.id, isActive: false });
    expect(Date.parse(off.body.deactivatedAt ?? '')).not.toBeNaN();
    // Bob's open session: refused on its very next request.
    expect((await bob.client.get('/api/user')).status).toBe(401);
    const signIn = await new ApiClient(baseUrl).post('/api/login', {
      username: bob.username,
      password: PASSWORD,
    });
    expectError(signIn, 403, M.accountDeactivated);
    // A wrong password still hears the usual answer: the state is told only to the owner.
    const wrong = await new ApiClient(baseUrl).post('/api/login', {
      username: bob.username,
      password: 'Nope#12345',
    });
    expect(wrong.status).toBe(401);
    expect(
      await query(databaseUrl, 'SELECT 1 FROM identity.sessions WHERE user_id = $1 AND revoked_at IS NULL', [
        bob.id,
      ]),
    ).toEqual([]);

    // Asked again: answered unchanged, nothing recorded twice.
    const again = await call<AdminUserDto>(admin.client, 'POST', '/api/admin/users/{id}/deactivate', {
      id: bob.id,
    });
    expect(again.body.deactivatedAt).toBe(off.body.deactivatedAt);
    expect((await list(`?q=${prefix}&status=inactive`)).body.users.map((u) => u.id)).toEqual([bob.id]);
    expect((await list(`?q=${prefix}&status=active`)).body.users.map((u) => u.id)).toEqual([ann.id]);

    const on = await call<AdminUserDto>(admin.client, 'POST', '/api/admin/users/{id}/reactivate', {
      id: bob.id,
    });
    expect(on.body).toMatchObject({ isActive: true, deactivatedAt: null });
    const back = new ApiClient(baseUrl);
    expect((await back.post('/api/login', { username: bob.username, password: PASSWORD })).status).toBe(200);
    expect((await back.get('/api/user')).status).toBe(200);
    expectError(
      await call(admin.client, 'POST', '/api/admin/users/{id}/reactivate', { id: 99_999_999 }),
      404,
      M.userNotFound,
    );
  });

  it("shows admins a private person's reviews and saved places (the user detail), not others", async () => {
    expect((await ann.client.post(`/api/users/${ann.id}/toggle-privacy`)).status).toBe(200);
    const other = (await person('cy')).client;
    await eventually(async () => (await other.get(`/api/reviews?userId=${ann.id}`)).status === 403, 20_000);
    expect((await other.get(`/api/saved-restaurants?userId=${ann.id}`)).status).toBe(403);
    expect((await admin.client.get(`/api/reviews?userId=${ann.id}`)).status).toBe(200);
    expect((await admin.client.get(`/api/saved-restaurants?userId=${ann.id}`)).status).toBe(200);
    expect((await admin.client.get(`/api/reviews?userId=99999999`)).status).toBe(404);
  });

  it('lists every answer above in the OpenAPI document', async () => {
    expect(await routes.undocumented(anonymous)).toEqual([]);
    expect(routes.answered.size).toBeGreaterThan(12);
  });
});
