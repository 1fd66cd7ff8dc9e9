import type { AuthResult, Caller, ClientInfo, IdentityRpc, RegisterRequest } from '@dinebuds/contracts';
import type { EventBus } from '@dinebuds/events';
import type { ServiceClient } from '@dinebuds/service-client';
import {
  startTestService,
  type RpcMapOf,
  type ServiceBootstrap,
  type ServiceOptionsOf,
  type RunningServiceOf,
  type TestService,
} from './service-harness.js';

/**
 * Identity in tests: starting it (its bootstrap passed in) and registering users through its RPC,
 * the real producer of identity's user events.
 */

export type IdentityRpcMap = RpcMapOf<IdentityRpc>;

/** OWASP's floor: the cheapest argon2id settings identity accepts (start it with these in tests). */
export const TEST_ARGON2 = { memoryCost: 19456, timeCost: 2 };

/**
 * The password queue refuses a caller whose turn would come after `maxWaitMs` by the recent
 * hashes' time: on a slow, loaded machine a few registrations at once were refused (503, "Sign-in
 * is busy") in a social-graph test. Tests not about that wait as long as it takes (as TEST_ADMISSION
 * does for the door); the overload tests pass their own limits.
 */
export const PATIENT_PASSWORD_WORK = { maxWaitMs: 60_000 };

/**
 * Starts identity (`startIdentityService`, passed in) for a test, with the cheapest hashing and
 * a patient password queue.
 */
export function startIdentityForTest<F extends ServiceBootstrap>(
  start: F,
  databaseUrl: string,
  bus: EventBus,
  extra: Partial<ServiceOptionsOf<F>> = {},
): Promise<TestService<RunningServiceOf<F>, IdentityRpcMap>> {
  const options = {
    argon2: TEST_ARGON2,
    passwordWork: PATIENT_PASSWORD_WORK,
    ...extra,
  } as Partial<ServiceOptionsOf<F>>;
  return startTestService<IdentityRpcMap, F>(start, { name: 'identity', databaseUrl, bus, options });
}

let counter = 0;
/** A unique, valid username per call. */
export function uniqueUsername(prefix = 'user'): string {
  counter += 1;
  // Usernames are at most 30 characters: the prefix gives way, the unique tail never does.
  return `${prefix.slice(0, 15)}_${counter}_${Math.random().toString(36).slice(2, 7)}`;
}

/** A valid `auth.register` request: a unique username, 'secret1', 'Test Diner', unless overridden. */
export function registration(
  overrides: Partial<RegisterRequest & ClientInfo> = {},
): RegisterRequest & ClientInfo {
  return {
    username: overrides.username ?? uniqueUsername(),
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

export interface TestUser {
  id: number;
  username: string;
  name: string;
  caller: Caller;
  auth: AuthResult;
}

/** Registers a user through identity; the username starts with the first word of `name`. */
export async function registerUser(
  identity: { client: ServiceClient<IdentityRpcMap> },
  overrides: Partial<RegisterRequest> = {},
): Promise<TestUser> {
  const prefix = overrides.name ? overrides.name.split(' ')[0]!.toLowerCase() : 'user';
  const auth = await identity.client.call(
    'auth.register',
    registration({ username: uniqueUsername(prefix), ...overrides }),
  );
  return {
    id: auth.user.id,
    username: auth.user.username,
    name: auth.user.name,
    auth,
    caller: callerOf(auth),
  };
}
