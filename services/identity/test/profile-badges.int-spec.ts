import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { AuthResult, Caller, EventEnvelope } from '@dinebuds/contracts';
import {
  TINY_PNG_BASE64,
  callerOf,
  createTestSystem,
  eventually,
  query,
  rawCall,
  registration,
  uniqueUsername,
  type TestDatabase,
  type TestSystem,
} from '@dinebuds/testing';
import { startTestIdentity, type TestIdentity } from './identity-test-kit.js';

describe('identity: profiles, pictures and badges', () => {
  let system: TestSystem;
  let db: TestDatabase;
  let identity: TestIdentity;
  let owner: AuthResult;
  let ownerCaller: Caller;
  let other: AuthResult;
  let otherCaller: Caller;
  const updates: EventEnvelope<'identity.user.updated'>[] = [];

  beforeAll(async () => {
    system = await createTestSystem('identity_profile');
    db = system.db;
    await system.bus.subscribe({
      queue: 'test.identity-updates',
      types: ['identity.user.updated'],
      handler: async (envelope) => {
        updates.push(envelope as EventEnvelope<'identity.user.updated'>);
      },
    });
    identity = await system.own(startTestIdentity(db.url, system.bus));
    owner = await identity.client.call(
      'auth.register',
      registration({ username: uniqueUsername('Owner'), name: 'Olive Owner' }),
    );
    other = await identity.client.call(
      'auth.register',
      registration({ username: uniqueUsername('Other'), name: 'Otto Other' }),
    );
    ownerCaller = callerOf(owner);
    otherCaller = callerOf(other);
  });

  afterAll(async () => {
    await system?.close();
  });

  describe('reading users', () => {
    it('gets users by id and by username (case-insensitive), 404 otherwise', async () => {
      await expect(identity.client.call('users.get', { id: owner.user.id })).resolves.toEqual(owner.user);
      await expect(
        identity.client.call('users.getByUsername', { username: owner.user.username.toUpperCase() }),
      ).resolves.toEqual(owner.user);
      await expect(identity.client.call('users.get', { id: 999999 })).rejects.toMatchObject({
        status: 404,
        message: 'User not found',
      });
      await expect(
        identity.client.call('users.getByUsername', { username: 'no_such_user' }),
      ).rejects.toMatchObject({ status: 404, message: 'User not found' });
      for (const body of ['{"id": "abc"}', '{"id": -1}', '{"id": 1.5}', '{}', '{"id": 99999999999}']) {
        const response = await rawCall(identity.service.url, 'users.get', body);
        expect(response.status).toBe(400);
      }
    });

    it('lists users by id with paging and a capped limit', async () => {
      const all = await identity.client.call('users.list', {});
      expect(all.map((u) => u.id)).toEqual([...all.map((u) => u.id)].sort((a, b) => a - b));
      expect(all[0]).toEqual({
        id: owner.user.id,
        username: owner.user.username,
        name: 'Olive Owner',
        profilePicture: null,
        bio: owner.user.bio,
        reviewCount: 0,
        isPrivate: false,
      });
      await expect(identity.client.call('users.list', { limit: 1, offset: 1 })).resolves.toEqual([
        expect.objectContaining({ id: other.user.id }),
      ]);
      await expect(identity.client.call('users.list', { limit: 100000 })).resolves.toHaveLength(all.length);
      expect((await rawCall(identity.service.url, 'users.list', '{"limit": "lots"}')).status).toBe(400);
    });

    it('searches name or username, case-insensitive substring, wildcards literal', async () => {
      const found = await identity.client.call('users.search', { query: 'LIVE own' });
      expect(found.map((u) => u.id)).toEqual([owner.user.id]);
      const byUsername = await identity.client.call('users.search', {
        query: other.user.username.slice(2, 9).toUpperCase(),
      });
      expect(byUsername.map((u) => u.id)).toEqual([other.user.id]);
      await expect(identity.client.call('users.search', { query: '%' })).resolves.toEqual([]);
      await expect(identity.client.call('users.search', { query: '' })).resolves.toHaveLength(2);
      expect((await rawCall(identity.service.url, 'users.search', '{"query": 5}')).status).toBe(400);
      expect(
        (await rawCall(identity.service.url, 'users.search', JSON.stringify({ query: 'q'.repeat(101) })))
          .status,
      ).toBe(400);
    });
  });

  describe('profile changes', () => {
    it('lets only the owner update the profile, and publishes identity.user.updated', async () => {
      await expect(
        identity.client.call('users.update', { id: owner.user.id, name: 'Hacker' }, otherCaller),
      ).rejects.toMatchObject({
        status: 403,
        message: 'You can only change your own profile',
      });
      await expect(
        identity.client.call('users.update', { id: owner.user.id, name: 'Hacker' }),
      ).rejects.toMatchObject({ status: 401 });
      await expect(
        identity.client.call('users.update', { id: 424242, name: 'Ghost' }, ownerCaller),
      ).rejects.toMatchObject({ status: 404 });

      const updated = await identity.client.call(
        'users.update',
        { id: owner.user.id, name: '  Olive  Newname ', bio: ' Hello ' },
        ownerCaller,
      );
      expect(updated).toMatchObject({ name: 'Olive Newname', bio: 'Hello', isPrivate: false });
      await expect(
        identity.client.call('users.update', { id: owner.user.id, bio: '' }, ownerCaller),
      ).resolves.toMatchObject({ bio: null, name: 'Olive Newname' });
      await eventually(() =>
        updates.find(
          (e) => e.data.userId === owner.user.id && e.data.name === 'Olive Newname' && e.data.bio === null,
        ),
      );

      await expect(
        identity.client.call('users.update', { id: owner.user.id, name: 'X' }, ownerCaller),
      ).rejects.toMatchObject({
        status: 400,
        message: 'Name must be at least 2 characters',
      });
      await expect(
        identity.client.call('users.update', { id: owner.user.id, bio: 'b'.repeat(161) }, ownerCaller),
      ).rejects.toMatchObject({
        status: 400,
        message: 'Bio must be at most 160 characters',
      });
      for (const body of [
        { id: owner.user.id, name: 5 },
        { id: owner.user.id, isPrivate: 'yes' },
        { id: owner.user.id, name: null },
        { name: 'No id' },
      ]) {
        expect(
          (await rawCall(identity.service.url, 'users.update', JSON.stringify(body), ownerCaller)).status,
        ).toBe(400);
      }
      await expect(identity.client.call('users.get', { id: owner.user.id })).resolves.toMatchObject({
        name: 'Olive Newname',
        bio: null,
      });
    });

    it('toggles privacy for the owner or an admin only', async () => {
      await expect(
        identity.client.call('users.togglePrivacy', { id: owner.user.id }, ownerCaller),
      ).resolves.toEqual({
        message: 'Profile is now private',
        isPrivate: true,
      });
      await expect(
        identity.client.call('users.togglePrivacy', { id: owner.user.id }, otherCaller),
      ).rejects.toMatchObject({ status: 403 });
      await expect(
        identity.client.call('users.togglePrivacy', { id: owner.user.id }, { ...otherCaller, isAdmin: true }),
      ).resolves.toEqual({
        message: 'Profile is now public',
        isPrivate: false,
      });
      await eventually(() => updates.find((e) => e.data.userId === owner.user.id && e.data.isPrivate));
    });
  });

  describe('profile pictures', () => {
    it('stores a real PNG, bumps the version and serves it back', async () => {
      const first = await identity.client.call(
        'users.setPicture',
        { id: owner.user.id, contentType: 'image/png', dataBase64: TINY_PNG_BASE64 },
        ownerCaller,
      );
      expect(first).toEqual({ profilePicture: `/api/users/${owner.user.id}/profile-picture?v=1` });
      // The declared type is ignored: the content decides.
      const second = await identity.client.call(
        'users.setPicture',
        { id: owner.user.id, contentType: 'text/plain', dataBase64: TINY_PNG_BASE64 },
        ownerCaller,
      );
      expect(second.profilePicture).toBe(`/api/users/${owner.user.id}/profile-picture?v=2`);

      const picture = await identity.client.call('users.getPicture', { id: owner.user.id });
      expect(picture).toEqual({
        contentType: 'image/png',
        dataBase64: Buffer.from(TINY_PNG_BASE64, 'base64').toString('base64'),
        etag: expect.any(String),
      });
      await expect(identity.client.call('users.get', { id: owner.user.id })).resolves.toMatchObject({
        profilePicture: second.profilePicture,
      });
      await eventually(() =>
        updates.find(
          (e) => e.data.userId === owner.user.id && e.data.profilePicture === second.profilePicture,
        ),
      );
    });

    it('refuses a text file named like an image (415), an oversized file (413) and other users (403)', async () => {
      const text = Buffer.from('hello, I am definitely a picture').toString('base64');
      await expect(
        identity.client.call(
          'users.setPicture',
          { id: other.user.id, contentType: 'image/png', dataBase64: text },
          otherCaller,
        ),
      ).rejects.toMatchObject({
        status: 415,
        message: 'Invalid file type / Please upload an image file',
      });
      const pngHeader = Buffer.from(TINY_PNG_BASE64, 'base64');
      const huge = Buffer.concat([pngHeader, Buffer.alloc(5 * 1024 * 1024 + 1 - pngHeader.length)]);
      await expect(
        identity.client.call(
          'users.setPicture',
          { id: other.user.id, contentType: 'image/png', dataBase64: huge.toString('base64') },
          otherCaller,
        ),
      ).rejects.toMatchObject({ status: 413, message: 'File too large / The maximum file size is 5MB' });
      await expect(
        identity.client.call(
          'users.setPicture',
          { id: other.user.id, contentType: 'image/png', dataBase64: TINY_PNG_BASE64 },
          ownerCaller,
        ),
      ).rejects.toMatchObject({
        status: 403,
      });
      expect(
        (
          await rawCall(
            identity.service.url,
            'users.setPicture',
            JSON.stringify({ id: other.user.id, dataBase64: '!!notbase64!!' }),
            otherCaller,
          )
        ).status,
      ).toBe(400);
      // Nothing stored for the other user.
      await expect(identity.client.call('users.getPicture', { id: other.user.id })).rejects.toMatchObject({
        status: 404,
      });
      const [row] = await query<{ picture: Buffer | null; picture_version: number }>(
        db.url,
        'SELECT picture, picture_version FROM identity.users WHERE id = $1',
        [other.user.id],
      );
      expect(row).toEqual({ picture: null, picture_version: 0 });
    });
    it('answers a matching If-None-Match from the version alone, without reading the bytes', async () => {
      const diner = await identity.client.call('auth.register', registration());
      const id = diner.user.id;
      // users.getPicture with the client's If-None-Match (optional in the request).
      const getPicture = (ifNoneMatch?: string) =>
        identity.client.call('users.getPicture', { id, ifNoneMatch });
      await expect(getPicture('*')).rejects.toMatchObject({ status: 404 });
      await identity.client.call(
        'users.setPicture',
        { id, contentType: 'image/png', dataBase64: TINY_PNG_BASE64 },
        callerOf(diner),
      );
      const full = await getPicture();
      expect(full.dataBase64).toBe(TINY_PNG_BASE64);
      const etag = full.etag;

      const dataSource = identity.service.app.get<DataSource>(getDataSourceToken('identity'), {
        strict: false,
      });
      const logged = jest.spyOn(dataSource.logger, 'logQuery');
      let revalidations: unknown[];
      let sql: string[];
      try {
        revalidations = [
          await getPicture(etag),
          await getPicture(`W/${etag}`),
          await getPicture(`"x", ${etag}`),
        ];
        sql = logged.mock.calls.map(([text]) => text);
      } finally {
        logged.mockRestore();
      }
      for (const answer of revalidations)
        expect(answer).toEqual({ contentType: 'image/png', dataBase64: '', etag, notModified: true });
      expect(sql.length).toBeGreaterThan(0);
      // Only picture_type and picture_version were read, never the picture column itself.
      for (const text of sql) expect(text).not.toMatch(/\."picture"/);

      // A stale or foreign tag gets the bytes; a new upload changes the tag.
      await expect(getPicture('"u0-v0"')).resolves.toEqual(full);
      await identity.client.call(
        'users.setPicture',
        { id, contentType: 'image/png', dataBase64: TINY_PNG_BASE64 },
        callerOf(diner),
      );
      const next = await getPicture(etag);
      expect(next).toEqual({
        contentType: 'image/png',
        dataBase64: TINY_PNG_BASE64,
        etag: expect.any(String),
      });
      expect(next.etag).not.toBe(etag);
      expect(
        (await rawCall(identity.service.url, 'users.getPicture', JSON.stringify({ id, ifNoneMatch: 5 })))
          .status,
      ).toBe(400);
    });
  });

  describe('badges', () => {
    it('replaces flavor badges for the owner, with the catalogue deciding the category', async () => {
      const badges = await identity.client.call(
        'badges.setFlavor',
        {
          userId: owner.user.id,
          badges: [
            { category: 'dietary', badgeId: 'sushi' },
            { category: 'x', badgeId: 'Vegan' },
          ],
        },
        ownerCaller,
      );
      expect(badges.map((b) => [b.badgeId, b.category])).toEqual([
        ['sushi', 'preference'],
        ['vegan', 'dietary'],
      ]);
      const replaced = await identity.client.call(
        'badges.setFlavor',
        {
          userId: owner.user.id,
          badges: [
            { category: 'style', badgeId: 'wine' },
            { category: 'preference', badgeId: 'sushi' },
          ],
        },
        ownerCaller,
      );
      expect(replaced.map((b) => b.badgeId).sort()).toEqual(['sushi', 'wine']);
      // The badge that stayed kept its id.
      expect(replaced.find((b) => b.badgeId === 'sushi')!.id).toBe(badges[0].id);
      await expect(
        identity.client.call('badges.setFlavor', { userId: owner.user.id, badges: [] }, ownerCaller),
      ).resolves.toEqual([]);
    });

    it('enforces the flavor limit, the catalogue and ownership', async () => {
      const six = ['sushi', 'pizza', 'taco', 'vegan', 'keto', 'wine'].map((badgeId) => ({
        category: 'preference',
        badgeId,
      }));
      await expect(
        identity.client.call('badges.setFlavor', { userId: owner.user.id, badges: six }, ownerCaller),
      ).rejects.toMatchObject({
        status: 400,
        message: 'You can only select up to 5 FlavorBuds',
      });
      await expect(
        identity.client.call(
          'badges.setFlavor',
          { userId: owner.user.id, badges: [{ category: 'preference', badgeId: 'caviar' }] },
          ownerCaller,
        ),
      ).rejects.toMatchObject({
        status: 400,
        message: 'Unknown flavor badge',
      });
      await expect(
        identity.client.call('badges.setFlavor', { userId: owner.user.id, badges: [] }, otherCaller),
      ).rejects.toMatchObject({ status: 403 });
      await expect(
        identity.client.call('badges.setFlavor', { userId: 777777, badges: [] }, ownerCaller),
      ).rejects.toMatchObject({ status: 404 });
      await expect(identity.client.call('badges.listFlavor', { userId: 777777 })).rejects.toMatchObject({
        status: 404,
        message: 'User not found',
      });
      for (const body of [
        { userId: owner.user.id },
        { userId: owner.user.id, badges: 'sushi' },
        { userId: owner.user.id, badges: [{ badgeId: 3 }] },
        { userId: owner.user.id, badges: [null] },
      ]) {
        expect(
          (await rawCall(identity.service.url, 'badges.setFlavor', JSON.stringify(body), ownerCaller)).status,
        ).toBe(400);
      }
    });

    it('replaces city badges, keeping review counts of cities that stay', async () => {
      const initial = await identity.client.call(
        'badges.setCity',
        { userId: owner.user.id, badges: [{ city: ' New  York ', level: 'bronze' }, { city: 'Paris' }] },
        ownerCaller,
      );
      expect(initial.map((b) => [b.city, b.level, b.reviewCount])).toEqual([
        ['new york', 'bronze', 0],
        ['paris', 'bronze', 0],
      ]);
      await query(
        db.url,
        `UPDATE identity.city_badges SET review_count = 12, level = 'silver' WHERE user_id = $1 AND city = 'paris'`,
        [owner.user.id],
      );
      // A client cannot award itself a level.
      const next = await identity.client.call(
        'badges.setCity',
        {
          userId: owner.user.id,
          badges: [
            { city: 'PARIS', level: 'platinum' },
            { city: 'Tokyo', level: 'gold' },
          ],
        },
        ownerCaller,
      );
      expect(next.map((b) => [b.city, b.level, b.reviewCount])).toEqual([
        ['paris', 'silver', 12],
        ['tokyo', 'bronze', 0],
      ]);
      const registrationPath = await identity.client.call(
        'badges.setCity',
        {
          userId: owner.user.id,
          cities: ['Paris', 'Rome', 'Oslo', 'Lima', 'Kyoto'].map((city) => ({ city, reviewCount: 0 })),
        },
        ownerCaller,
      );
      expect(registrationPath).toHaveLength(5);
      expect(registrationPath.find((b) => b.city === 'paris')).toMatchObject({
        reviewCount: 12,
        level: 'silver',
      });
      await expect(identity.client.call('badges.listCity', { userId: owner.user.id })).resolves.toHaveLength(
        5,
      );
    });

    it('enforces the city limits per path, names and ownership', async () => {
      const four = ['a city', 'b city', 'c city', 'd city'];
      await expect(
        identity.client.call(
          'badges.setCity',
          { userId: owner.user.id, badges: four.map((city) => ({ city })) },
          ownerCaller,
        ),
      ).rejects.toMatchObject({
        status: 400,
        message: 'You can only select up to 3 CityBuds',
      });
      await expect(
        identity.client.call(
          'badges.setCity',
          { userId: owner.user.id, cities: [...four, 'e city', 'f city'].map((city) => ({ city })) },
          ownerCaller,
        ),
      ).rejects.toMatchObject({ status: 400, message: 'You can select up to 5 city preferences' });
      // Duplicates (case-insensitive) count once.
      await expect(
        identity.client.call(
          'badges.setCity',
          {
            userId: owner.user.id,
            badges: ['Oslo', 'oslo', ' OSLO ', 'Rome', 'Lima'].map((city) => ({ city })),
          },
          ownerCaller,
        ),
      ).resolves.toHaveLength(3);
      await expect(
        identity.client.call(
          'badges.setCity',
          { userId: owner.user.id, badges: [{ city: '  ' }] },
          ownerCaller,
        ),
      ).rejects.toMatchObject({
        status: 400,
        message: 'Please enter a city name',
      });
      await expect(
        identity.client.call(
          'badges.setCity',
          { userId: owner.user.id, badges: [{ city: 'x'.repeat(61) }] },
          ownerCaller,
        ),
      ).rejects.toMatchObject({ status: 400 });
      await expect(
        identity.client.call('badges.setCity', { userId: owner.user.id, badges: [] }, otherCaller),
      ).rejects.toMatchObject({
        status: 403,
      });
      for (const body of [
        { userId: owner.user.id },
        { userId: owner.user.id, badges: [{ city: 'Oslo', level: 'diamond' }] },
        { userId: owner.user.id, cities: [{ city: 'Oslo', reviewCount: -1 }] },
        { userId: owner.user.id, badges: [], cities: [] },
        { userId: 'me', badges: [] },
      ]) {
        expect(
          (await rawCall(identity.service.url, 'badges.setCity', JSON.stringify(body), ownerCaller)).status,
        ).toBe(400);
      }
      await expect(identity.client.call('badges.listCity', { userId: owner.user.id })).resolves.toHaveLength(
        3,
      );
      await expect(
        identity.client.call('badges.setCity', { userId: owner.user.id, badges: [] }, ownerCaller),
      ).resolves.toEqual([]);
    });

    it('writes identity.user.badges-changed with both lists on registration and on every real change', async () => {
      const diner = await identity.client.call(
        'auth.register',
        registration({ username: uniqueUsername('Badger'), flavorBuds: ['pizza'], cityBuds: ['Rome'] }),
      );
      const dinerCaller = callerOf(diner);
      const userId = diner.user.id;
      await identity.client.call(
        'badges.setFlavor',
        {
          userId,
          badges: [
            { category: 'preference', badgeId: 'sushi' },
            { category: 'preference', badgeId: 'pizza' },
          ],
        },
        dinerCaller,
      );
      // The same list again changes nothing and writes no event.
      await identity.client.call(
        'badges.setFlavor',
        {
          userId,
          badges: [
            { category: 'preference', badgeId: 'pizza' },
            { category: 'preference', badgeId: 'sushi' },
          ],
        },
        dinerCaller,
      );
      await identity.client.call(
        'badges.setCity',
        { userId, badges: [{ city: 'rome' }, { city: 'New York' }] },
        dinerCaller,
      );
      await identity.client.call(
        'badges.setCity',
        { userId, badges: [{ city: 'Rome' }, { city: 'new york' }] },
        dinerCaller,
      );
      // Refused changes write nothing either.
      await expect(
        identity.client.call('badges.setFlavor', { userId, badges: [] }, ownerCaller),
      ).rejects.toMatchObject({ status: 403 });

      const rows = await query<{ payload: EventEnvelope<'identity.user.badges-changed'> }>(
        db.url,
        `SELECT payload FROM identity.outbox WHERE type = 'identity.user.badges-changed' AND payload->'data'->>'userId' = $1 ORDER BY seq`,
        [String(userId)],
      );
      expect(rows.map((r) => r.payload.data)).toEqual([
        { userId, flavorBadges: ['pizza'], cityBadges: ['rome'] },
        { userId, flavorBadges: ['pizza', 'sushi'], cityBadges: ['rome'] },
        { userId, flavorBadges: ['pizza', 'sushi'], cityBadges: ['rome', 'new york'] },
      ]);
      expect(rows.every((r) => r.payload.producer === 'identity')).toBe(true);
    });
  });
});
