import type {
  AuthResult,
  Caller,
  ClientInfo,
  EventEnvelope,
  EventType,
  IdentityRpc,
  RegisterRequest,
  SocialRpc,
} from '@dinebuds/contracts';
import type { EventBus } from '@dinebuds/events';
import { startIdentityService, type RunningIdentityService } from '@dinebuds/identity';
import { ServiceClient } from '@dinebuds/service-client';
import { eventually, freePort } from '@dinebuds/testing';
import pg from 'pg';
import {
  startSocialGraphService,
  type RunningSocialGraphService,
  type SocialGraphServiceOptions,
} from '../src/index.js';

/** The contracts' RPC maps as mapped types (ServiceClient wants an index-compatible map). */
export type SocialRpcMap = { [P in keyof SocialRpc]: SocialRpc[P] };
export type IdentityRpcMap = { [P in keyof IdentityRpc]: IdentityRpc[P] };

export const INTERNAL_TOKEN = 'social-graph-test-internal-token';

export interface TestSocialGraph {
  service: RunningSocialGraphService;
  client: ServiceClient<SocialRpcMap>;
  stop(): Promise<void>;
}

export interface TestIdentity {
  service: RunningIdentityService;
  client: ServiceClient<IdentityRpcMap>;
  stop(): Promise<void>;
}

export async function startTestSocialGraph(
  databaseUrl: string,
  bus: EventBus,
  extra: Partial<SocialGraphServiceOptions> = {},
): Promise<TestSocialGraph> {
  const service = await startSocialGraphService({
    port: await freePort(),
    host: '127.0.0.1',
    databaseUrl,
    bus,
    internalToken: INTERNAL_TOKEN,
    logLevel: 'silent',
    relayIntervalMs: 50,
    ...extra,
  });
  const client = new ServiceClient<SocialRpcMap>({
    service: 'social-graph',
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

/** The real identity service on the same database (its own schema) and bus. */
export async function startTestIdentity(databaseUrl: string, bus: EventBus): Promise<TestIdentity> {
  const service = await startIdentityService({
    port: await freePort(),
    host: '127.0.0.1',
    databaseUrl,
    bus,
    internalToken: INTERNAL_TOKEN,
    logLevel: 'silent',
    // OWASP's floor: the cheapest settings identity accepts.
    argon2: { memoryCost: 19456, timeCost: 2 },
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

export interface TestUser {
  id: number;
  username: string;
  name: string;
  caller: Caller;
  auth: AuthResult;
}

/** Registers through identity's RPC (the real producer of identity.user.registered). */
export async function registerUser(
  identity: TestIdentity,
  overrides: Partial<RegisterRequest> = {},
): Promise<TestUser> {
  const body: RegisterRequest & ClientInfo = {
    username: uniqueUsername(overrides.name ? overrides.name.split(' ')[0]!.toLowerCase() : 'user'),
    password: 'secret1',
    name: 'Test Diner',
    userAgent: 'jest',
    ipAddress: '127.0.0.1',
    ...overrides,
  };
  const auth = await identity.client.call('auth.register', body);
  return {
    id: auth.user.id,
    username: auth.user.username,
    name: auth.user.name,
    auth,
    caller: { userId: auth.user.id, isAdmin: auth.user.isAdmin, sessionId: auth.sessionId },
  };
}

export interface ProjectedUserRow {
  id: number;
  username: string;
  name: string;
  bio: string | null;
  profile_picture: string | null;
  is_private: boolean;
  flavor_badges: string[];
  city_badges: string[];
  updated_at: Date;
}

/** Raw SQL against the test database (to look at what the services stored). */
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

export async function projectedUser(databaseUrl: string, id: number): Promise<ProjectedUserRow | undefined> {
  const [row] = await query<ProjectedUserRow>(databaseUrl, 'SELECT * FROM social.users WHERE id = $1', [id]);
  return row;
}

/** Waits until social-graph's projection holds the user (and satisfies `check`, if given). */
export async function waitForProjection(
  databaseUrl: string,
  id: number,
  check: (row: ProjectedUserRow) => boolean = () => true,
  timeoutMs = 20_000,
): Promise<ProjectedUserRow> {
  return eventually(async () => {
    const row = await projectedUser(databaseUrl, id);
    return row && check(row) ? row : undefined;
  }, timeoutMs);
}

/** The social.* events social-graph wrote to its outbox, oldest first. */
export async function socialOutbox<T extends EventType>(
  databaseUrl: string,
  type: T,
): Promise<Array<EventEnvelope<T>>> {
  const rows = await query<{ payload: EventEnvelope<T> }>(
    databaseUrl,
    'SELECT payload FROM social.outbox WHERE type = $1 ORDER BY seq',
    [type],
  );
  return rows.map((r) => r.payload);
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
