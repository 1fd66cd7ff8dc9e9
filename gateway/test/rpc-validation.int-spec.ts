import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Caller } from '@dinebuds/contracts';
import { rawCall } from '@dinebuds/testing';
import { startGatewayOnServices, type GatewayOnServices } from './support/gateway-under-test.js';
import { api, PASSWORD, sessionCookie } from './support/http.js';
import { startRealServices, type RealServices } from './support/real-services.js';

// One request class per shape: a service called directly (internal token, no gateway in front)
// refuses a malformed body with the same 400 sentence the gateway gives for it.
let real: RealServices;
let system: GatewayOnServices;
let me: { id: number; cookie: string; caller: Caller };

beforeAll(async () => {
  real = await startRealServices('gateway_rpc_validation');
  system = await startGatewayOnServices(real, { rateLimitAuthPerMinute: 1000 });
  const registered = await api(system.url, '/api/register', {
    method: 'POST',
    json: { username: 'shape_checker', password: PASSWORD, name: 'Shape Checker' },
  });
  expect(registered.status).toBe(201);
  const caller = { userId: registered.body.id, isAdmin: false, sessionId: 'unused' };
  me = { id: registered.body.id, cookie: sessionCookie(registered.setCookies), caller };
});

afterAll(async () => {
  await system?.close();
  await real?.close();
});

interface Case {
  label: string;
  route: [method: string, path: () => string];
  body: unknown;
  service: 'identity' | 'social';
  pattern: string;
  /** The RPC body the gateway would have forwarded, had it let the request through. */
  rpcBody?: () => unknown;
  message: string;
}

const client = { userAgent: 'jest', ipAddress: '127.0.0.1' };
const tooShort = { username: 'ab', password: PASSWORD, name: 'Al' };
const numericName = { username: 42, password: PASSWORD, name: 'Al' };

const cases: Case[] = [
  {
    label: 'a list instead of an object',
    route: ['POST', () => '/api/users/block'],
    body: [2],
    service: 'social',
    pattern: 'blocks.block',
    message: 'The request body must be a JSON object',
  },
  {
    label: 'an unexpected field',
    route: ['POST', () => '/api/users/block'],
    body: { blockedId: 2, blockerId: 1 },
    service: 'social',
    pattern: 'blocks.block',
    message: "Unexpected field 'blockerId'",
  },
  {
    label: 'a mistyped id',
    route: ['POST', () => '/api/users/block'],
    body: { blockedId: 'abc' },
    service: 'social',
    pattern: 'blocks.block',
    message: 'blockedId must be a positive integer',
  },
  {
    label: 'a short username',
    route: ['POST', () => '/api/register'],
    body: tooShort,
    service: 'identity',
    pattern: 'auth.register',
    rpcBody: () => ({ ...tooShort, ...client }),
    message: 'Username must be at least 3 characters',
  },
  {
    label: 'a username that is not text',
    route: ['POST', () => '/api/register'],
    body: numericName,
    service: 'identity',
    pattern: 'auth.register',
    rpcBody: () => ({ ...numericName, ...client }),
    message: 'Username must be a string',
  },
  {
    label: 'a null name',
    route: ['PATCH', () => `/api/users/${me.id}`],
    body: { name: null },
    service: 'identity',
    pattern: 'users.update',
    rpcBody: () => ({ id: me.id, name: null }),
    message: 'Name must be a string',
  },
  {
    label: 'a badge that is not an object',
    route: ['POST', () => '/api/users/flavor-badges'],
    body: { userId: 1, badges: ['sushi'] },
    service: 'identity',
    pattern: 'badges.setFlavor',
    message: 'Each badge must be an object',
  },
  {
    label: 'an unknown city badge level',
    route: ['POST', () => '/api/users/city-badges'],
    body: { userId: 1, badges: [{ city: 'rome', level: 'diamond' }] },
    service: 'identity',
    pattern: 'badges.setCity',
    message: 'Unknown city badge level',
  },
  {
    label: 'a missing current password',
    route: ['POST', () => '/api/user/password'],
    body: { currentPassword: null, newPassword: 'N3w#Secret' },
    service: 'identity',
    pattern: 'users.changePassword',
    message: 'Current password is required',
  },
];

describe('a service checks its RPC body with the request class the gateway uses', () => {
  it.each(cases.map((c) => [c.label, c] as const))('%s', async (_label, c) => {
    const [method, path] = c.route;
    const viaGateway = await api(system.url, path(), { method, cookie: me.cookie, json: c.body });
    expect({ status: viaGateway.status, message: viaGateway.body.message }).toEqual({
      status: 400,
      message: c.message,
    });
    const service = c.service === 'identity' ? real.identity : real.social;
    const direct = await rawCall(
      service.service.url,
      c.pattern,
      JSON.stringify(c.rpcBody ? c.rpcBody() : c.body),
      me.caller,
    );
    expect(direct).toEqual({
      status: 400,
      body: { statusCode: 400, message: c.message, error: 'Bad Request', code: 'VALIDATION_FAILED' },
    });
  });
});
