import { describe, expect, it } from '@jest/globals';
import { LoginRpcRequest, RegisterRpcRequest } from '../identity/auth.dto.js';
import { SetCityBadgesDto, SetFlavorBadgesDto } from '../identity/badges.dto.js';
import { IdRequest, SearchUsersRequest } from '../identity/users.dto.js';
import { FollowPairRequest, RecommendationsQuery } from '../social/social.dto.js';
import { checkRequest, validateRequest } from './validate-request.js';

const messageOf = async (checked: Promise<{ ok: boolean; message?: string }>) => {
  const result = await checked;
  return result.ok ? null : result.message;
};

describe('validateRequest (a service checking its RPC body)', () => {
  it('answers the sentence the gateway gives for the same mistake', async () => {
    for (const [type, body] of [
      [IdRequest, {}],
      [IdRequest, { id: 'abc' }],
      [SetFlavorBadgesDto, { userId: 1, badges: [{ category: 'preference', badgeId: 'caviar' }] }],
      [RegisterRpcRequest, { username: 'ab', password: 'secret1', name: 'Al' }],
      [LoginRpcRequest, { username: 42, password: 'secret1' }],
      [IdRequest, [1, 2]],
      [IdRequest, { id: 1, extra: true }],
    ] as const) {
      const rpc = await messageOf(validateRequest(type as new () => object, body));
      expect(rpc).toEqual(expect.any(String));
      expect(rpc).toBe(await messageOf(checkRequest(type as new () => object, body, 'edge')));
    }
    expect(await messageOf(validateRequest(IdRequest, { id: 0 }))).toBe('id must be a positive integer');
    expect(await messageOf(validateRequest(IdRequest, '[1]'))).toBe('The request body must be a JSON object');
  });

  it('accepts what the gateway adds: client info, route ids as digits', async () => {
    const login = await validateRequest(LoginRpcRequest, {
      username: 'alice',
      password: 'secret1',
      userAgent: 'jest',
      ipAddress: null,
    });
    expect(login).toMatchObject({ ok: true, value: { userAgent: 'jest', ipAddress: null } });
    await expect(validateRequest(FollowPairRequest, { userId: '3', targetId: 4 })).resolves.toEqual({
      ok: true,
      value: { userId: 3, targetId: 4 },
    });
    expect(await messageOf(validateRequest(FollowPairRequest, { userId: '1e3', targetId: 4 }))).toBe(
      'userId must be a positive integer',
    );
  });

  it("leaves to the service's policy what only the gateway refuses", async () => {
    const absurd = { username: 'x'.repeat(500), password: 'y'.repeat(5000) };
    expect(await messageOf(validateRequest(LoginRpcRequest, absurd))).toBeNull();
    expect(await messageOf(checkRequest(LoginRpcRequest, absurd, 'edge'))).toBe('Username is too long');
    const category = { userId: 1, badges: [{ category: 'x', badgeId: 'Vegan' }] };
    expect(await messageOf(validateRequest(SetFlavorBadgesDto, category))).toBeNull();
    expect(
      await messageOf(validateRequest(SetFlavorBadgesDto, { userId: 1, badges: [{ badgeId: 'sushi' }] })),
    ).toBeNull();
    expect(
      await messageOf(
        validateRequest(SetFlavorBadgesDto, { userId: 1, badges: [{ category: 5, badgeId: 'sushi' }] }),
      ),
    ).toBe('Badge category must be a string');
    const repeated = { userId: 1, badges: ['Oslo', 'oslo', ' OSLO ', 'Rome'].map((city) => ({ city })) };
    expect(await messageOf(validateRequest(SetCityBadgesDto, repeated))).toBeNull();
  });

  it('caps counts sent as numbers, as the gateway caps query text', async () => {
    await expect(validateRequest(RecommendationsQuery, { limit: 500 })).resolves.toEqual({
      ok: true,
      value: { limit: 50 },
    });
    await expect(validateRequest(SearchUsersRequest, { query: ' al ', limit: 1000 })).resolves.toMatchObject({
      ok: true,
      value: { query: 'al', limit: 100 },
    });
  });
});
