import type { OnModuleDestroy, Provider } from '@nestjs/common';
import type { EventBus, Listener } from '@dinebuds/events';
import { reportSessionCache } from '@dinebuds/observability';
import type { ResolvedGatewayOptions } from '../gateway-options.js';
import { SessionCache } from './session-cache.js';

/** The SessionCache forgetting a user's sessions on each identity.user.access-changed notice. */
class ListeningSessionCache extends SessionCache implements OnModuleDestroy {
  private readonly listener: Listener;
  private readonly unreport = reportSessionCache(() => ({ ...this.lookups, entries: this.size }));

  constructor(events: EventBus, ttlMs: number, maxEntries: number) {
    super(null, ttlMs, maxEntries);
    this.listener = events.listen({
      types: ['identity.user.access-changed'],
      handler: (notice) => this.forgetUser(notice.data.userId),
    });
    this.notices = this.listener;
  }

  async onModuleDestroy(): Promise<void> {
    this.unreport();
    await this.listener.cancel();
  }
}

/**
 * SessionCache for the gateway's options: without an event bus (or with a lifetime of 0) one that
 * remembers nothing, since a revocation could not reach it.
 */
export function sessionCacheProvider(options: ResolvedGatewayOptions): Provider {
  return {
    provide: SessionCache,
    useFactory: () => {
      const { events, sessionCacheTtlMs, sessionCacheMaxEntries } = options;
      if (!events || sessionCacheTtlMs === 0) return new SessionCache(null, 0);
      return new ListeningSessionCache(events, sessionCacheTtlMs, sessionCacheMaxEntries);
    },
  };
}
