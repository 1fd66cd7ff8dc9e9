// The set-up every messaging integration test shares: a real PostgreSQL and an in-process bus,
// the messaging service on them, and people made known to it the way identity makes them known
// (an `identity.user.registered` event), waited for in its users projection.
import type { Caller, EventMap, EventType, MessagingRpc } from '@dinebuds/contracts';
import { createEnvelope } from '@dinebuds/events';
import {
  createTestSystem,
  eventually,
  query,
  registeredUser,
  startTestService,
  type RpcMapOf,
  type TestService,
  type TestSystem,
} from '@dinebuds/testing';
import { startMessagingService, type RunningMessagingService } from '../src/index.js';

export type MessagingRpcMap = RpcMapOf<MessagingRpc>;

export interface MessagingTestKit {
  system: TestSystem;
  messaging: TestService<RunningMessagingService, MessagingRpcMap>;
  rows(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  /** Publishes an identity or social-graph event as its producer would. */
  publish<T extends EventType>(type: T, data: EventMap[T], aggregateVersion?: number): Promise<void>;
  /** Registers people (`userId` -> name, username `user{id}`) and waits until messaging knows them. */
  register(people: ReadonlyArray<readonly [number, string]>): Promise<void>;
  close(): Promise<void>;
}

export const callerOf = (userId: number, isAdmin = false): Caller => ({ userId, isAdmin, sessionId: null });

export async function startMessagingTestKit(databaseName: string): Promise<MessagingTestKit> {
  const system = await createTestSystem(databaseName, { retryDelayMs: 100 });
  const messaging = await system.own(
    startTestService<MessagingRpcMap, typeof startMessagingService>(startMessagingService, {
      name: 'messaging',
      databaseUrl: system.db.url,
      bus: system.bus,
      options: { relayIntervalMs: 50 },
    }),
  );
  const rows = (sql: string, params: unknown[] = []) => query(system.db.url, sql, params);
  const publish = async <T extends EventType>(type: T, data: EventMap[T], aggregateVersion?: number) => {
    const producer = type.startsWith('identity.') ? 'identity' : 'social-graph';
    await system.bus.publish(createEnvelope(type, data, { producer, aggregateVersion }));
  };
  const register = async (people: ReadonlyArray<readonly [number, string]>) => {
    await Promise.all(
      people.map(([userId, name]) =>
        publish('identity.user.registered', registeredUser(userId, name, `user${userId}`), 1),
      ),
    );
    const ids = people.map(([userId]) => userId);
    await eventually(
      async () =>
        (await rows('SELECT 1 FROM messaging.users WHERE id = ANY($1)', [ids])).length === ids.length,
      15_000,
    );
  };
  return { system, messaging, rows, publish, register, close: () => system.close() };
}
