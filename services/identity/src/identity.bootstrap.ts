import type { AddressInfo } from 'node:net';
import { Module, type INestApplication } from '@nestjs/common';
import type { EventBus } from '@dinebuds/events';
import { createServiceApp } from '@dinebuds/service-client';
import { AdminBootstrapService } from './auth/admin-bootstrap.service.js';
import { argon2Cost } from './auth/password-hasher.js';
import {
  DEFAULT_SESSION_PURGE_INTERVAL_MS,
  DEFAULT_SESSION_TTL_MS,
  MAX_TIMER_DELAY_MS,
  type IdentitySettings,
} from './config.js';
import { IdentityModule } from './identity.module.js';

export interface IdentityServiceOptions {
  port: number;
  host?: string;
  databaseUrl: string;
  /** Owned by the caller (closed by it, after close()). */
  bus: EventBus;
  internalToken: string;
  adminUsername?: string;
  adminPassword?: string;
  logLevel?: string;
  /** argon2id cost; never below OWASP's 19456 KiB / 2 passes. */
  argon2?: { memoryCost: number; timeCost: number };
  /** Session lifetime since last use. Default 30 days. */
  sessionTtlMs?: number;
  /** How often expired sessions are deleted. Default 1 hour. */
  sessionPurgeIntervalMs?: number;
}

export interface RunningIdentityService {
  app: INestApplication;
  /** Base URL for ServiceClient, e.g. http://127.0.0.1:4101. */
  url: string;
  close(): Promise<void>;
}

/**
 * Starts the identity service: migrations, event relay, admin bootstrap, then HTTP. Called by
 * main.ts (standalone) and by the all-in-one runner.
 */
export async function startIdentityService(options: IdentityServiceOptions): Promise<RunningIdentityService> {
  if (!options.internalToken || options.internalToken.length < 16)
    throw new Error('identity: internalToken must have at least 16 characters');
  if (Boolean(options.adminUsername) !== Boolean(options.adminPassword)) {
    throw new Error(
      'identity: set both adminUsername and adminPassword (ADMIN_USERNAME / ADMIN_PASSWORD), or neither',
    );
  }
  const settings: IdentitySettings = {
    argon2: argon2Cost(options.argon2),
    sessionTtlMs: options.sessionTtlMs ?? DEFAULT_SESSION_TTL_MS,
    sessionPurgeIntervalMs: options.sessionPurgeIntervalMs ?? DEFAULT_SESSION_PURGE_INTERVAL_MS,
    adminUsername: options.adminUsername,
    adminPassword: options.adminPassword,
  };
  if (!(settings.sessionTtlMs > 0)) throw new Error('identity: sessionTtlMs must be positive');
  const purgeEvery = settings.sessionPurgeIntervalMs;
  if (!Number.isInteger(purgeEvery) || purgeEvery <= 0 || purgeEvery > MAX_TIMER_DELAY_MS)
    throw new Error(`identity: sessionPurgeIntervalMs must be an integer from 1 to ${MAX_TIMER_DELAY_MS}`);

  @Module({
    imports: [
      IdentityModule.forRoot({
        databaseUrl: options.databaseUrl,
        bus: options.bus,
        settings,
        logLevel: options.logLevel,
      }),
    ],
  })
  class IdentityAppModule {}

  const app = await createServiceApp(IdentityAppModule, { internalToken: options.internalToken });
  try {
    await app.init();
    if (options.adminUsername && options.adminPassword) {
      await app.get(AdminBootstrapService).ensureAdmin(options.adminUsername, options.adminPassword);
    }
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
