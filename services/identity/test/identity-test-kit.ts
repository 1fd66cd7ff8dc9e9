import type { Caller, ClientInfo, IdentityRpc, RegisterRequest } from '@dinebuds/contracts';
import type { EventBus } from '@dinebuds/events';
import { ServiceClient } from '@dinebuds/service-client';
import { freePort } from '@dinebuds/testing';
import pg from 'pg';
import {
  startIdentityService,
  type IdentityServiceOptions,
  type RunningIdentityService,
} from '../src/index.js';

/**
 * IdentityRpc is an interface (no implicit index signature), ServiceClient wants an RpcMap: the
 * mapped type copy satisfies it with the same keys.
 */
export type IdentityRpcMap = { [P in keyof IdentityRpc]: IdentityRpc[P] };

export const INTERNAL_TOKEN = 'identity-test-internal-token';
/** OWASP's floor: the cheapest settings the service accepts. */
export const TEST_ARGON2 = { memoryCost: 19456, timeCost: 2 };
export const STRONG_PASSWORD = 'Sup3r-secret';

export interface TestIdentity {
  service: RunningIdentityService;
  client: ServiceClient<IdentityRpcMap>;
  stop(): Promise<void>;
}

export async function startTestIdentity(
  databaseUrl: string,
  bus: EventBus,
  extra: Partial<IdentityServiceOptions> = {},
): Promise<TestIdentity> {
  const service = await startIdentityService({
    port: await freePort(),
    host: '127.0.0.1',
    databaseUrl,
    bus,
    internalToken: INTERNAL_TOKEN,
    logLevel: 'silent',
    argon2: TEST_ARGON2,
    ...extra,
  });
  const client = new ServiceClient<IdentityRpcMap>({
    service: 'identity',
    baseUrl: service.url,
    internalToken: INTERNAL_TOKEN,
    timeoutMs: 10_000,
  });
  return {
    service,
    client,
    async stop() {
      await client.close();
      await service.close();
    },
  };
}

let counter = 0;
/** A unique, valid username per call. */
export function uniqueUsername(prefix = 'user'): string {
  counter += 1;
  return `${prefix}_${counter}_${Math.random().toString(36).slice(2, 7)}`;
}

export function registration(
  overrides: Partial<RegisterRequest & ClientInfo> = {},
): RegisterRequest & ClientInfo {
  return {
    username: uniqueUsername(),
    password: 'secret1',
    name: 'Test Diner',
    userAgent: 'jest',
    ipAddress: '127.0.0.1',
    ...overrides,
  };
}

export function callerOf(auth: { user: { id: number; isAdmin: boolean }; sessionId: string }): Caller {
  return { userId: auth.user.id, isAdmin: auth.user.isAdmin, sessionId: auth.sessionId };
}

/** Raw SQL against the test database (to look at what the service stored). */
export async function query<T = Record<string, unknown>>(
  databaseUrl: string,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Calls the service with a raw body (bypassing the client's types) to probe malformed input. */
export async function rawCall(
  baseUrl: string,
  pattern: string,
  body: string,
  caller?: Caller,
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-internal-token': INTERNAL_TOKEN,
  };
  if (caller) {
    headers['x-caller-id'] = String(caller.userId);
    headers['x-caller-admin'] = String(caller.isAdmin);
    if (caller.sessionId) headers['x-caller-session'] = caller.sessionId;
  }
  const response = await fetch(`${baseUrl}/rpc/${pattern}`, { method: 'POST', headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // keep text
  }
  return { status: response.status, body: parsed };
}

/** 1x1 transparent PNG. */
export const TINY_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
