import { afterAll, beforeAll } from '@jest/globals';
import type { SocialRpc } from '@dinebuds/contracts';
import type { EventBus } from '@dinebuds/events';
// The gateway reaches services over HTTP only; its integration tests start the real ones in
// this process (on loopback ports, as the all-in-one runner does) to have something to reach.
import { startIdentityService, type RunningIdentityService } from '@dinebuds/identity';
import { startSocialGraphService, type RunningSocialGraphService } from '@dinebuds/social-graph';
import {
  createTestDatabase,
  createTestSystem,
  eventually,
  startIdentityForTest,
  startTestService,
  waitForRow,
  type IdentityRpcMap,
  type RpcMapOf,
  type TestDatabase,
  type TestService,
} from '@dinebuds/testing';

export type SocialRpcMap = RpcMapOf<SocialRpc>;

/** The real identity and social-graph services, each on its own fresh database, one in-process bus. */
export interface RealServices {
  identity: TestService<RunningIdentityService, IdentityRpcMap>;
  social: TestService<RunningSocialGraphService, SocialRpcMap>;
  /** Separate databases, so one service's database can fail while the other's works. */
  identityDb: TestDatabase;
  socialDb: TestDatabase;
  /** The services' event bus (in-process), e.g. for a gateway hearing identity's notices. */
  bus: EventBus;
  close(): Promise<void>;
}

export async function startRealServices(prefix: string): Promise<RealServices> {
  const system = await createTestSystem(`${prefix}_identity`, { retryDelayMs: 100 });
  let socialDb: TestDatabase | undefined;
  const close = async () => {
    await system.close();
    await socialDb?.drop();
  };
  try {
    socialDb = await createTestDatabase(`${prefix}_social`);
    // social-graph subscribes before identity publishes its first user event.
    const social = await system.own(
      startTestService<SocialRpcMap, typeof startSocialGraphService>(startSocialGraphService, {
        name: 'social-graph',
        databaseUrl: socialDb.url,
        bus: system.bus,
        options: { relayIntervalMs: 50 },
      }),
    );
    const identity = await system.own(startIdentityForTest(startIdentityService, system.db.url, system.bus));
    return { identity, social, identityDb: system.db, socialDb, bus: system.bus, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * The real services for one test file: started before its tests, closed after them. Answers a
 * getter, as they exist only once the file's first beforeAll has run.
 */
export function useRealServices(prefix: string): () => RealServices {
  let real: RealServices | undefined;
  beforeAll(async () => {
    real = await startRealServices(prefix);
  });
  afterAll(async () => {
    await real?.close();
  });
  return () => {
    if (!real) throw new Error(`The real services (${prefix}) are not started`);
    return real;
  };
}

/** Waits until social-graph has learnt of user `id` from identity's events (and `check` holds). */
export function waitForSocialUser(
  services: RealServices,
  id: number,
  check: (row: { bio: string | null; flavor_badges: string[] }) => boolean = () => true,
): Promise<unknown> {
  return waitForRow(services.socialDb.url, 'SELECT * FROM social.users WHERE id = $1', [id], check);
}

/** Waits until a service answers its /health with 200 again. */
export function waitUntilHealthy(serviceUrl: string): Promise<boolean> {
  return eventually(async () => (await fetch(`${serviceUrl}/health`)).status === 200, 20_000, 100);
}
