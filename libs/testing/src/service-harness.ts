import { INTERNAL_HEADERS, RPC_PATH_PREFIX, type Caller, type RpcMap } from '@dinebuds/contracts';
import {
  InProcessEventBus,
  silentEventsLogger,
  type EventBus,
  type InProcessEventBusOptions,
} from '@dinebuds/events';
import { DEFAULT_ADMISSION, ServiceClient, type AdmissionLimits } from '@dinebuds/service-client';
import type { ServiceStartOptions } from '@dinebuds/service-kit';
import { freePort } from './ports.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

/**
 * Starting a real service for a test, with a ServiceClient to call it. The service's bootstrap
 * (`startIdentityService`, …) is passed in: libraries never import a service.
 */

/** The internal token test services are started with (and `rawCall` sends). */
export const TEST_INTERNAL_TOKEN = 'dinebuds-test-internal-token';

/**
 * Load shedding for apps a test starts in its own process: the in-flight bound as in production,
 * but no shedding on event-loop delay or sign-ins in flight, which a loaded Jest worker (the test,
 * its client and several services on one loop) would cross at random, and no turn-taking or late
 * repeat refusals, so a suite's concurrency is what it asks for. Each rule has its own test
 * with explicit limits (admission.spec.ts, identity's overload.int-spec.ts).
 */
export const TEST_ADMISSION: AdmissionLimits = {
  ...DEFAULT_ADMISSION,
  maxEventLoopDelayMs: 0,
  maxCostlyInFlight: 0,
  maxConcurrent: 0,
  repeatRefusalDelayMs: 0,
};

/** A contract's RPC interface as a mapped type: ServiceClient wants an index-compatible map. */
export type RpcMapOf<T> = { [P in keyof T]: T[P] };
type ClientRpcMap<M> = { [K in keyof M]: RpcMap[string] };

/** The options every service's start takes (the kit's); the rest of its options are its own. */
export type { ServiceStartOptions };

export interface StartedService {
  url: string;
  close(): Promise<void>;
}

/** A service's `start<Name>Service`. */
export type ServiceBootstrap = (options: ServiceStartOptions) => Promise<StartedService>;
export type ServiceOptionsOf<F extends ServiceBootstrap> = Parameters<F>[0];
export type RunningServiceOf<F extends ServiceBootstrap> = Awaited<ReturnType<F>>;

export interface TestService<S extends StartedService, M extends ClientRpcMap<M>> {
  service: S;
  client: ServiceClient<M>;
  /** Closes the client, then the service. */
  stop(): Promise<void>;
}

export interface TestServiceSpec<F extends ServiceBootstrap> {
  /** Service name for the client's messages, e.g. 'identity'. */
  name: string;
  databaseUrl: string;
  bus: EventBus;
  /** Default TEST_INTERNAL_TOKEN. */
  internalToken?: string;
  /** The service's own options; they win over the harness's (free port, loopback, silent logs, TEST_ADMISSION). */
  options?: Partial<ServiceOptionsOf<F>>;
}

/** Starts a service on a free loopback port with silent logs, and a ServiceClient for it. */
export async function startTestService<M extends ClientRpcMap<M>, F extends ServiceBootstrap>(
  start: F,
  spec: TestServiceSpec<F>,
): Promise<TestService<RunningServiceOf<F>, M>> {
  const internalToken = spec.internalToken ?? TEST_INTERNAL_TOKEN;
  const service = (await start({
    port: await freePort(),
    host: '127.0.0.1',
    databaseUrl: spec.databaseUrl,
    bus: spec.bus,
    internalToken,
    logLevel: 'silent',
    admission: TEST_ADMISSION,
    ...spec.options,
  })) as RunningServiceOf<F>;
  const client = new ServiceClient<M>({
    service: spec.name,
    baseUrl: service.url,
    internalToken,
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

/** Calls a service with a raw body (bypassing the client's types) to probe malformed input. */
export async function rawCall(
  baseUrl: string,
  pattern: string,
  body: string,
  caller?: Caller,
  internalToken = TEST_INTERNAL_TOKEN,
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    [INTERNAL_HEADERS.token]: internalToken,
  };
  if (caller) {
    headers[INTERNAL_HEADERS.callerId] = String(caller.userId);
    headers[INTERNAL_HEADERS.callerIsAdmin] = String(caller.isAdmin);
    if (caller.sessionId) headers[INTERNAL_HEADERS.callerSessionId] = caller.sessionId;
  }
  const response = await fetch(`${baseUrl}${RPC_PATH_PREFIX}/${pattern}`, { method: 'POST', headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // keep text
  }
  return { status: response.status, body: parsed };
}

/** A fresh test database and an in-process bus, and what a test file starts on them. */
export interface TestSystem {
  db: TestDatabase;
  bus: InProcessEventBus;
  /** Waits for something being started and has close() stop it. */
  own<T extends { stop(): Promise<void> }>(starting: Promise<T>): Promise<T>;
  /** Stops what it owns (last started first), then closes the bus and drops the database. */
  close(): Promise<void>;
}

/** A fresh database named after `prefix` and an in-process bus (silent unless told otherwise). */
export async function createTestSystem(
  prefix: string,
  busOptions: InProcessEventBusOptions = {},
): Promise<TestSystem> {
  const db = await createTestDatabase(prefix);
  const bus = new InProcessEventBus({ logger: silentEventsLogger, ...busOptions });
  const owned: Array<{ stop(): Promise<void> }> = [];
  return {
    db,
    bus,
    async own(starting) {
      const started = await starting;
      owned.push(started);
      return started;
    },
    async close() {
      for (const started of owned.splice(0).reverse()) await started.stop();
      await bus.close();
      await db.drop();
    },
  };
}
