import type { AddressInfo } from 'node:net';
import { Module, type INestApplication } from '@nestjs/common';
import type { EventBus } from '@dinebuds/events';
import { createServiceApp } from '@dinebuds/service-client';
import { SocialGraphModule } from './social-graph.module.js';

export interface SocialGraphServiceOptions {
  port: number;
  host?: string;
  databaseUrl: string;
  /** Owned by the caller (closed by it, after close()). */
  bus: EventBus;
  internalToken: string;
  logLevel?: string;
  /**
   * Durable queue of the identity event consumers. Default 'social-graph.events'; replicas share
   * it. Tests on a shared broker pass a unique name.
   */
  eventsQueue?: string;
  /** Outbox relay poll interval (ms). Default 200. */
  relayIntervalMs?: number;
}

export interface RunningSocialGraphService {
  app: INestApplication;
  /** Base URL for ServiceClient, e.g. http://127.0.0.1:4102. */
  url: string;
  close(): Promise<void>;
}

/**
 * Starts the social-graph service: migrations, event consumers (subscribed before the relay
 * starts), outbox relay, then HTTP. Called by main.ts (standalone) and by the all-in-one runner.
 */
export async function startSocialGraphService(
  options: SocialGraphServiceOptions,
): Promise<RunningSocialGraphService> {
  if (!options.internalToken || options.internalToken.length < 16)
    throw new Error('social-graph: internalToken must have at least 16 characters');

  @Module({
    imports: [
      SocialGraphModule.forRoot({
        databaseUrl: options.databaseUrl,
        bus: options.bus,
        logLevel: options.logLevel,
        eventsQueue: options.eventsQueue,
        relayIntervalMs: options.relayIntervalMs,
      }),
    ],
  })
  class SocialGraphAppModule {}

  const app = await createServiceApp(SocialGraphAppModule, {
    internalToken: options.internalToken,
    bodyLimit: '100kb',
  });
  try {
    await app.init();
    const host = options.host ?? '0.0.0.0';
    await app.listen(options.port, host);
    const address = app.getHttpServer().address() as AddressInfo;
    const reachable = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
    let closed: Promise<void> | undefined;
    return {
      app,
      url: `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${address.port}`,
      close: () => (closed ??= app.close()),
    };
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
}
