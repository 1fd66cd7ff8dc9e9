import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CityBadgeDto, CurrentUserDto, FlavorBadgeDto, SessionDto, UserDto } from '@dinebuds/contracts';
import { ApiClient, uniqueUsername } from '../support/api-client.js';
import type { TestSystem } from '../support/system.js';

// A 1x1 transparent PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

function multipart(field: string, filename: string, contentType: string, data: Buffer): { raw: FormData } {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(data)], { type: contentType }), filename);
  return { raw: form };
}

/** The identity API contract (docs/api-identity.md), run against a system started by `start`. */
export function describeIdentityApi(mode: string, start: () => Promise<TestSystem>): void {
  describe(`identity API through the gateway (${mode})`, () => {
    let system: TestSystem;
    let alice: ApiClient;
    let aliceUser: CurrentUserDto;
    const aliceName = uniqueUsername('alice');
    const password = 'Secret#123';

    beforeAll(async () => {
      system = await start();
      alice = new ApiClient(system.baseUrl);
      const registered = await alice.post<CurrentUserDto>('/api/register', {
        username: aliceName,
        password,
        name: 'Alice Doe',
        flavorBuds: ['sushi', 'vegan'],
        cityBuds: ['new york', 'charlottesville'],
      });
      expect(registered.status).toBe(201);
      aliceUser = registered.body;
    }, 120_000);

    afterAll(async () => {
      await system?.stop();
    });

    it('registers with badges and a generated bio, sets an HttpOnly session cookie', async () => {
      expect(aliceUser).toMatchObject({
        username: aliceName,
        name: 'Alice Doe',
        isAdmin: false,
        isPrivate: false,
        reviewCount: 0,
      });
      expect(aliceUser.bio).toBe(
        'Food enthusiast with a passion for sushi and vegan, enjoying dining in New York and Charlottesville.',
      );
      expect(JSON.stringify(aliceUser)).not.toMatch(/password|hash/i);
      expect(alice.sessionCookie).toBeTruthy();
      const flavors = await alice.get<FlavorBadgeDto[]>(`/api/users/${aliceUser.id}/flavor-badges`);
      expect(flavors.body.map((b) => [b.badgeId, b.category]).sort()).toEqual([
        ['sushi', 'preference'],
        ['vegan', 'dietary'],
      ]);
      const cities = await alice.get<CityBadgeDto[]>(`/api/users/${aliceUser.id}/city-badges`);
      expect(cities.body.map((b) => b.city).sort()).toEqual(['charlottesville', 'new york']);
      expect(cities.body.every((b) => b.level === 'bronze' && b.reviewCount === 0)).toBe(true);
    });

    it('answers the current user, and 401 without a session', async () => {
      const me = await alice.get<CurrentUserDto>('/api/user');
      expect(me.status).toBe(200);
      expect(me.body.id).toBe(aliceUser.id);
      const anonymous = await new ApiClient(system.baseUrl).get('/api/user');
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    });

    it('rejects a second account with the same username in another case', async () => {
      const dup = await new ApiClient(system.baseUrl).post('/api/register', {
        username: aliceName.toUpperCase(),
        password,
        name: 'Other',
      });
      expect(dup.status).toBe(409);
      expect(dup.body).toMatchObject({ message: 'Username already exists' });
    });

    it('validates registration with the spec messages and never answers 500', async () => {
      const client = new ApiClient(system.baseUrl);
      const cases: [unknown, number, string | RegExp][] = [
        [{ username: 'ab', password, name: 'Bob' }, 400, 'Username must be at least 3 characters'],
        [
          { username: uniqueUsername(), password: '123', name: 'Bob' },
          400,
          'Password must be at least 6 characters',
        ],
        [{ username: uniqueUsername(), password, name: 'B' }, 400, 'Name must be at least 2 characters'],
        [{ username: 42, password, name: 'Bob' }, 400, /username/i],
        [
          { username: uniqueUsername(), password, name: 'Bob', flavorBuds: ['a', 'b', 'c', 'd', 'e', 'f'] },
          400,
          /flavor/i,
        ],
        [[1, 2, 3], 400, /./],
      ];
      for (const [body, status, message] of cases) {
        const response = await client.post<{ message: string }>('/api/register', body);
        expect({ body, status: response.status }).toEqual({ body, status });
        expect(typeof response.body.message).toBe('string');
        expect(response.body.message).toMatch(message);
      }
      const malformed = await client.request('POST', '/api/register', undefined, {
        headers: { 'content-type': 'application/json' },
        raw: '{"username": ',
      });
      expect(malformed.status).toBe(400);
      const huge = await client.post('/api/register', {
        username: uniqueUsername(),
        password,
        name: 'x'.repeat(3 * 1024 * 1024),
      });
      expect(huge.status).toBe(413);
      expect(client.sessionCookie).toBeUndefined();
    });

    it('logs in, lists sessions, revokes one, logs out', async () => {
      const second = new ApiClient(system.baseUrl);
      const wrong = await second.post('/api/login', { username: aliceName, password: 'Wrong#1234' });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toMatchObject({ message: 'Invalid username or password' });
      const login = await second.post<CurrentUserDto>('/api/login', {
        username: aliceName.toUpperCase(),
        password,
      });
      expect(login.status).toBe(200);
      expect(login.body.id).toBe(aliceUser.id);

      const sessions = await second.get<SessionDto[]>('/api/user/sessions');
      expect(sessions.status).toBe(200);
      expect(sessions.body.length).toBeGreaterThanOrEqual(2);
      expect(sessions.body.filter((s) => s.current)).toHaveLength(1);
      const other = sessions.body.find((s) => !s.current)!;
      expect(JSON.stringify(sessions.body)).not.toContain(second.sessionCookie!);

      const third = new ApiClient(system.baseUrl);
      await third.post('/api/login', { username: aliceName, password });
      const thirdSessions = await third.get<SessionDto[]>('/api/user/sessions');
      const thirdId = thirdSessions.body.find((s) => s.current)!.id;
      const revoke = await second.delete(`/api/user/sessions/${thirdId}`);
      expect(revoke.status).toBe(200);
      expect((await third.get('/api/user')).status).toBe(401);
      expect(other.id).toBeTruthy();

      const logout = await second.post('/api/logout');
      expect(logout.status).toBe(200);
      expect((await second.get('/api/user')).status).toBe(401);
      expect((await alice.get('/api/user')).status).toBe(200);
    });

    it('lets only the owner change a profile', async () => {
      const bob = new ApiClient(system.baseUrl);
      const bobUser = (
        await bob.post<CurrentUserDto>('/api/register', {
          username: uniqueUsername('bob'),
          password,
          name: 'Bob Smith',
        })
      ).body;

      const forbidden = await bob.patch(`/api/users/${aliceUser.id}`, { name: 'Hacked' });
      expect(forbidden.status).toBe(403);
      expect((await alice.get<UserDto>(`/api/users/${aliceUser.id}`)).body.name).toBe('Alice Doe');
      expect((await bob.post(`/api/users/${aliceUser.id}/toggle-privacy`)).status).toBe(403);
      expect((await bob.post('/api/users/flavor-badges', { userId: aliceUser.id, badges: [] })).status).toBe(
        403,
      );
      expect(
        (await new ApiClient(system.baseUrl).patch(`/api/users/${bobUser.id}`, { name: 'Anon' })).status,
      ).toBe(401);

      const updated = await bob.patch<UserDto>(`/api/users/${bobUser.id}`, {
        name: 'Bobby Smith',
        bio: 'Tacos forever',
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ name: 'Bobby Smith', bio: 'Tacos forever' });
      expect((await bob.patch(`/api/users/${bobUser.id}`, { bio: 'x'.repeat(161) })).status).toBe(400);

      const toggled = await bob.post<{ message: string; isPrivate: boolean }>(
        `/api/users/${bobUser.id}/toggle-privacy`,
      );
      expect(toggled.status).toBe(201 === toggled.status ? 201 : 200);
      expect(toggled.body.isPrivate).toBe(true);
      expect(
        (await bob.get<UserDto>(`/api/users/by-username/${bobUser.username.toUpperCase()}`)).body.isPrivate,
      ).toBe(true);
    });

    it('finds users by id, username and search; 404 and 400 for bad ids', async () => {
      const client = new ApiClient(system.baseUrl);
      expect((await client.get<UserDto>(`/api/users/by-username/${aliceName}`)).body.id).toBe(aliceUser.id);
      const search = await client.get<UserDto[]>(
        `/api/users/search?username=${encodeURIComponent('ALICE D')}`,
      );
      expect(search.body.map((u) => u.id)).toContain(aliceUser.id);
      const all = await client.get<UserDto[]>('/api/users');
      expect(all.body.map((u) => u.id)).toContain(aliceUser.id);
      expect((await client.get('/api/users/999999999')).status).toBe(404);
      expect((await client.get('/api/users/by-username/nobody_here_at_all')).status).toBe(404);
      expect((await client.get('/api/users/abc')).status).toBe(400);
      expect((await client.get('/api/nothing/here')).status).toBe(404);
      expect((await client.get<{ statusCode: number }>('/api/nothing/here')).body).toMatchObject({
        statusCode: 404,
      });
    });

    it('replaces badges within the limits', async () => {
      const five = ['sushi', 'pasta', 'pizza', 'taco', 'burger'].map((badgeId) => ({
        category: 'preference',
        badgeId,
      }));
      expect(
        (await alice.post('/api/users/flavor-badges', { userId: aliceUser.id, badges: five })).status,
      ).toBeLessThan(300);
      const six = await alice.post('/api/users/flavor-badges', {
        userId: aliceUser.id,
        badges: [...five, { category: 'style', badgeId: 'chill' }],
      });
      expect(six.status).toBe(400);
      expect(six.body).toMatchObject({ message: 'You can only select up to 5 FlavorBuds' });
      expect(
        (await alice.get<FlavorBadgeDto[]>(`/api/users/${aliceUser.id}/flavor-badges`)).body,
      ).toHaveLength(5);

      const four = ['Boston', 'Austin', 'Miami', 'Denver'].map((city) => ({ city, level: 'bronze' }));
      const tooMany = await alice.post('/api/users/city-badges', { userId: aliceUser.id, badges: four });
      expect(tooMany.status).toBe(400);
      expect(tooMany.body).toMatchObject({ message: 'You can only select up to 3 CityBuds' });
      const three = await alice.post<CityBadgeDto[]>('/api/users/city-badges', {
        userId: aliceUser.id,
        badges: four.slice(0, 3),
      });
      expect(three.status).toBeLessThan(300);
      expect(
        (await alice.get<CityBadgeDto[]>(`/api/users/${aliceUser.id}/city-badges`)).body
          .map((b) => b.city)
          .sort(),
      ).toEqual(['austin', 'boston', 'miami']);
      expect(
        (await alice.post('/api/users/city-badges', { userId: aliceUser.id, badges: [] })).status,
      ).toBeLessThan(300);
      expect((await alice.get<CityBadgeDto[]>(`/api/users/${aliceUser.id}/city-badges`)).body).toEqual([]);
    });

    it('uploads a profile picture checked by content, and serves it', async () => {
      const upload = await alice.request<{ profilePicture: string }>(
        'POST',
        `/api/users/${aliceUser.id}/profile-picture`,
        undefined,
        multipart('profilePicture', 'me.png', 'image/png', PNG),
      );
      expect(upload.status).toBeLessThan(300);
      expect(upload.body.profilePicture).toMatch(new RegExp(`^/api/users/${aliceUser.id}/profile-picture`));
      const served = await fetch(`${system.baseUrl}${upload.body.profilePicture}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

      const fake = await alice.request(
        'POST',
        `/api/users/${aliceUser.id}/profile-picture`,
        undefined,
        multipart('profilePicture', 'evil.png', 'image/png', Buffer.from('not an image at all')),
      );
      expect(fake.status).toBe(415);
      expect(fake.body).toMatchObject({ message: 'Invalid file type / Please upload an image file' });
      const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 10)]);
      const tooBig = await alice.request(
        'POST',
        `/api/users/${aliceUser.id}/profile-picture`,
        undefined,
        multipart('profilePicture', 'big.png', 'image/png', big),
      );
      expect(tooBig.status).toBe(413);
      const me = await alice.get<CurrentUserDto>('/api/user');
      expect(me.body.profilePicture).toBe(upload.body.profilePicture);
    });

    it('changes the password with the strength rule and signs out other sessions', async () => {
      const other = new ApiClient(system.baseUrl);
      await other.post('/api/login', { username: aliceName, password });
      const weak = await alice.post('/api/user/password', {
        currentPassword: password,
        newPassword: 'alllowercase',
      });
      expect(weak.status).toBe(400);
      expect(weak.body).toMatchObject({ message: 'Password too weak / Please create a stronger password.' });
      const wrongCurrent = await alice.post('/api/user/password', {
        currentPassword: 'Nope#12345',
        newPassword: 'Better#Pass1',
      });
      expect(wrongCurrent.status).toBe(400);
      const changed = await alice.post('/api/user/password', {
        currentPassword: password,
        newPassword: 'Better#Pass1',
      });
      expect(changed.status).toBeLessThan(300);
      expect((await alice.get('/api/user')).status).toBe(200);
      expect((await other.get('/api/user')).status).toBe(401);
      expect(
        (await new ApiClient(system.baseUrl).post('/api/login', { username: aliceName, password })).status,
      ).toBe(401);
      expect(
        (
          await new ApiClient(system.baseUrl).post('/api/login', {
            username: aliceName,
            password: 'Better#Pass1',
          })
        ).status,
      ).toBe(200);
    });

    it('refuses the most common passwords on register and on change, whatever their case', async () => {
      const tooCommon = 'This password is too common. Please choose another.';
      const client = new ApiClient(system.baseUrl);
      const username = uniqueUsername('common');
      for (const common of ['password', 'QWERTY123', 'Password1']) {
        const refused = await client.post('/api/register', {
          username,
          password: common,
          name: 'Cam Common',
        });
        expect({ common, status: refused.status, body: refused.body }).toEqual({
          common,
          status: 400,
          body: { statusCode: 400, message: tooCommon, error: 'Bad Request' },
        });
      }
      expect(client.sessionCookie).toBeUndefined();
      const registered = await client.post('/api/register', {
        username,
        password: 'Keep#1234',
        name: 'Cam Common',
      });
      expect(registered.status).toBe(201);
      const change = await client.post('/api/user/password', {
        currentPassword: 'Keep#1234',
        newPassword: 'P@ssw0rd',
      });
      expect(change.status).toBe(400);
      expect(change.body).toMatchObject({ message: tooCommon });
      expect(
        (await new ApiClient(system.baseUrl).post('/api/login', { username, password: 'Keep#1234' })).status,
      ).toBe(200);
    });

    it('serves env, health and the OpenAPI description', async () => {
      const client = new ApiClient(system.baseUrl);
      const env = await client.get<{ mapsApiKey: string; mapTileUrl: string }>('/api/env');
      expect(env.status).toBe(200);
      expect(typeof env.body.mapTileUrl).toBe('string');
      expect((await client.get('/api/health')).status).toBe(200);
      const docs = await client.get<{ paths: Record<string, unknown> }>('/api/docs-json');
      expect(Object.keys(docs.body.paths)).toEqual(
        expect.arrayContaining(['/api/register', '/api/login', '/api/user']),
      );
    });
  });
}
