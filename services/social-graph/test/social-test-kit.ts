import type { EventEnvelope, EventType, RegisterRequest, SocialRpc } from '@dinebuds/contracts';
import type { EventBus } from '@dinebuds/events';
import { startIdentityService, type RunningIdentityService } from '@dinebuds/identity';
import {
  createTestSystem,
  query,
  registerUser,
  startIdentityForTest,
  startTestService,
  waitForRow,
  type IdentityRpcMap,
  type RpcMapOf,
  type TestService,
  type TestSystem,
  type TestUser,
} from '@dinebuds/testing';
import {
  startSocialGraphService,
  type RunningSocialGraphService,
  type SocialGraphServiceOptions,
} from '../src/index.js';

/** Social-graph's own test helpers; the generic ones (users, raw calls, SQL) are in @dinebuds/testing. */

export type SocialRpcMap = RpcMapOf<SocialRpc>;
export type TestSocialGraph = TestService<RunningSocialGraphService, SocialRpcMap>;
export type TestIdentity = TestService<RunningIdentityService, IdentityRpcMap>;

export function startTestSocialGraph(
  databaseUrl: string,
  bus: EventBus,
  extra: Partial<SocialGraphServiceOptions> = {},
): Promise<TestSocialGraph> {
  return startTestService<SocialRpcMap, typeof startSocialGraphService>(startSocialGraphService, {
    name: 'social-graph',
    databaseUrl,
    bus,
    options: { relayIntervalMs: 50, ...extra },
  });
}

/** The real identity service on the same database (its own schema) and bus. */
export function startTestIdentity(
  databaseUrl: string,
  bus: EventBus,
  options: { eventsQueue?: string } = {},
): Promise<TestIdentity> {
  return startIdentityForTest(startIdentityService, databaseUrl, bus, options);
}

export interface SocialTestSystem extends TestSystem {
  social: TestSocialGraph;
  identity: TestIdentity;
}

/** A fresh database and in-process bus with social-graph and identity started on them. */
export async function startSocialTestSystem(prefix: string): Promise<SocialTestSystem> {
  const system = await createTestSystem(prefix, { retryDelayMs: 100 });
  try {
    // social-graph subscribes (declares its queue) before identity publishes anything.
    const social = await system.own(startTestSocialGraph(system.db.url, system.bus));
    const identity = await system.own(startTestIdentity(system.db.url, system.bus));
    return { ...system, social, identity };
  } catch (error) {
    await system.close();
    throw error;
  }
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

const PROJECTED_USER_SQL = 'SELECT * FROM social.users WHERE id = $1';

export async function projectedUser(databaseUrl: string, id: number): Promise<ProjectedUserRow | undefined> {
  const [row] = await query<ProjectedUserRow>(databaseUrl, PROJECTED_USER_SQL, [id]);
  return row;
}

/** Waits until social-graph's projection holds the user (and satisfies `check`, if given). */
export function waitForProjection(
  databaseUrl: string,
  id: number,
  check: (row: ProjectedUserRow) => boolean = () => true,
  timeoutMs = 20_000,
): Promise<ProjectedUserRow> {
  return waitForRow(databaseUrl, PROJECTED_USER_SQL, [id], check, timeoutMs);
}

/** Registers a user through identity and waits until social-graph has projected it. */
export async function registerProjectedUser(
  identity: TestIdentity,
  databaseUrl: string,
  overrides: Partial<RegisterRequest> = {},
  timeoutMs?: number,
): Promise<TestUser> {
  const user = await registerUser(identity, overrides);
  await waitForProjection(databaseUrl, user.id, undefined, timeoutMs);
  return user;
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
