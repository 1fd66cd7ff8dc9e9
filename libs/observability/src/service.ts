import type { EventBus, OutboxStats } from '@dinebuds/events';
import { installEventsObservability } from './events.js';
import { callObserver, installHttpObservability, type CallObserver } from './http.js';
import { metricsEnabled, watchService } from './metrics.js';
import { tracingOn } from './tracing.js';

/** A TypeORM DataSource on the pg driver: its pool is `driver.master` (a pg Pool). */
interface PooledDataSource {
  driver: unknown;
}
interface PgPool {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

function poolOf(dataSource: PooledDataSource): PgPool | undefined {
  const master = (dataSource.driver as { master?: Partial<PgPool> } | undefined)?.master;
  return master && typeof master.totalCount === 'number' ? (master as PgPool) : undefined;
}

export interface ObservedService {
  name: string;
  /** The service's Fastify instance (install before Nest's init registers the routes). */
  fastify: Parameters<typeof installHttpObservability>[0];
}

/**
 * What the service kit calls for every service: request metrics and spans on its Fastify
 * instance, and the events hooks (once per process). Returns `watch`, to call once the app is
 * initialised, which adds its pool, outbox and queues to the scrape (and returns the removal).
 */
export function observeService(service: ObservedService): {
  /** The same metrics and spans for in-process calls that skip the HTTP server (null: both off). */
  calls: CallObserver | null;
  watch(sources: {
    dataSource: PooledDataSource;
    outboxStats: () => Promise<OutboxStats>;
    bus: EventBus;
  }): () => void;
} {
  const metrics = metricsEnabled();
  if (metrics || tracingOn()) {
    installHttpObservability(service.fastify, service.name);
    installEventsObservability();
  }
  return {
    calls: callObserver(service.name),
    watch: ({ dataSource, outboxStats, bus }) => {
      if (!metrics) return () => undefined;
      return watchService(service.name, {
        pool: () => {
          const pool = poolOf(dataSource);
          return pool
            ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }
            : undefined;
        },
        outbox: outboxStats,
        queues: bus.queueDepths ? () => bus.queueDepths!() : undefined,
      });
    },
  };
}
