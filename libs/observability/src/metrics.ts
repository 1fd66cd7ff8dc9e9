import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Off only when METRICS_ENABLED is `false`/`0` (benchmarks compare with and without): then no
 * hook is installed and no /metrics server starts, so metrics cost nothing.
 */
export function metricsEnabled(env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  const value = env.METRICS_ENABLED?.trim().toLowerCase();
  return !(value === 'false' || value === '0' || value === 'off');
}

/** Latency buckets (seconds): sub-millisecond RPCs up to the 10 s RPC timeout. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Event lag buckets (seconds): a relay round (ms) up to a consumer minutes behind. */
const LAG_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

/**
 * One registry per process: in the all-in-one process the gateway and every service share it and
 * each series names its `service`, so one /metrics endpoint covers them all.
 */
export const registry = new Registry();

export const httpDuration = new Histogram({
  name: 'dinebuds_http_request_duration_seconds',
  help: 'Time from request received to response sent, per service, method, route and status class.',
  labelNames: ['service', 'method', 'route', 'status_class'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});

/**
 * The request count is the latency histogram's `_count`, copied at scrape time: a request then
 * costs one prom-client call (each hashes and checks its labels) instead of two.
 */
export const httpRequests = new Counter({
  name: 'dinebuds_http_requests_total',
  help: 'HTTP requests answered, per service, method, route (or RPC pattern) and status class (2xx, 4xx, 5xx).',
  labelNames: ['service', 'method', 'route', 'status_class'] as const,
  registers: [registry],
  async collect() {
    const { values } = await httpDuration.get();
    this.reset();
    for (const { metricName, labels, value } of values)
      if (metricName === 'dinebuds_http_request_duration_seconds_count') this.inc(labels, value);
  },
});

/**
 * Counts a process keeps itself (an admission door's refusals, a gateway's session cache), read
 * at scrape time rather than counted per request through prom-client. `report` answers the removal.
 */
function scrapeReaders<K, T>() {
  const readers = new Map<K, () => T>();
  return {
    readers,
    /** One reader per key: a second report under a key replaces the first. */
    report(key: K, read: () => T): () => void {
      readers.set(key, read);
      return () => {
        if (readers.get(key) === read) readers.delete(key);
      };
    },
  };
}

const refusals = scrapeReaders<string, Record<string, number>>();

/**
 * Requests an admission door refused before Fastify saw them (they have no request metric or
 * span of their own), per service and reason (inFlight, costly, pressure, waited, expired). Read at scrape time.
 */
export const admissionRefused = new Counter({
  name: 'dinebuds_admission_refused_total',
  help: 'Requests refused with 503 BUSY at the door, before routing, per service and reason (inFlight, costly, pressure, waited, expired).',
  labelNames: ['service', 'reason'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const [service, read] of refusals.readers)
      for (const [reason, count] of Object.entries(read())) this.inc({ service, reason }, count);
  },
});

/** Makes a service's door counts part of the scrape; answers the removal. */
export function reportAdmissionRefusals(service: string, read: () => Record<string, number>): () => void {
  return refusals.report(service, read);
}

/** What a gateway's session cache counts (see gateway/src/auth/session-cache.ts). */
export interface SessionCacheCounts {
  hit: number;
  miss: number;
  entries: number;
}

const sessionCaches = scrapeReaders<() => SessionCacheCounts, SessionCacheCounts>();

/** Signed-in requests whose session the gateway answered from its cache (hit) or asked identity about (miss). */
export const sessionCacheLookups = new Counter({
  name: 'dinebuds_session_cache_lookups_total',
  help: "Signed-in requests whose session the gateway's cache answered (hit) or had to ask identity about (miss).",
  labelNames: ['result'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const read of sessionCaches.readers.values()) {
      const counts = read();
      this.inc({ result: 'hit' }, counts.hit);
      this.inc({ result: 'miss' }, counts.miss);
    }
  },
});

export const sessionCacheEntries = new Gauge({
  name: 'dinebuds_session_cache_entries',
  help: 'Sessions the gateway remembers now.',
  registers: [registry],
  collect() {
    let entries = 0;
    for (const read of sessionCaches.readers.values()) entries += read().entries;
    this.set(entries);
  },
});

/** Makes a gateway's session cache counts part of the scrape (summed over gateways); answers the removal. */
export function reportSessionCache(read: () => SessionCacheCounts): () => void {
  return sessionCaches.report(read, read);
}

export const eventsPublished = new Counter({
  name: 'dinebuds_events_published_total',
  help: 'Outbox rows the relay tried to publish, per producing service, event type and outcome (confirmed, unroutable, failed).',
  labelNames: ['service', 'type', 'outcome'] as const,
  registers: [registry],
});

export const eventsReturned = new Counter({
  name: 'dinebuds_events_returned_total',
  help: 'Events RabbitMQ returned because no queue was bound for their type.',
  labelNames: ['type'] as const,
  registers: [registry],
});

export const eventsConsumed = new Counter({
  name: 'dinebuds_events_consumed_total',
  help: 'Deliveries handled by a consumer queue, per outcome (acked, retried, dead_lettered).',
  labelNames: ['service', 'queue', 'type', 'outcome'] as const,
  registers: [registry],
});

export const eventsRedelivered = new Counter({
  name: 'dinebuds_events_redelivered_total',
  help: 'Deliveries that were a retry or a broker redelivery of an event seen before.',
  labelNames: ['service', 'queue', 'type'] as const,
  registers: [registry],
});

export const eventsDeadLettered = new Counter({
  name: 'dinebuds_events_dead_lettered_total',
  help: 'Events moved to a dead-letter queue after failing every attempt.',
  labelNames: ['service', 'queue', 'type'] as const,
  registers: [registry],
});

export const eventLag = new Histogram({
  name: 'dinebuds_events_lag_seconds',
  help: 'From the event being recorded (occurredAt) to a consumer acknowledging it.',
  labelNames: ['service', 'type'] as const,
  buckets: LAG_BUCKETS,
  registers: [registry],
});

export const inboxDuration = new Histogram({
  name: 'dinebuds_events_inbox_handle_seconds',
  help: 'One inbox-wrapped handler call (its transaction included), per consumer and outcome (applied, duplicate, failed).',
  labelNames: ['service', 'consumer', 'type', 'outcome'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});

/** What the scrape-time gauges read, per running service (see watchService). */
export interface WatchedService {
  /** pg Pool counters (TypeORM's driver.master). */
  pool?: () => { total: number; idle: number; waiting: number } | undefined;
  outbox?: () => Promise<{ pending: number; parked: number; oldestPendingSeconds: number }>;
  queues?: () => Promise<Array<{ queue: string; messages: number }>>;
}

const watched = new Map<string, WatchedService>();

/** Adds a service's pool, outbox and queues to the scrape; the returned function removes them. */
export function watchService(service: string, sources: WatchedService): () => void {
  watched.set(service, sources);
  return () => {
    if (watched.get(service) === sources) watched.delete(service);
  };
}

/** Scrape-time reads must not hang a scrape on a stuck database or broker. */
const SOURCE_TIMEOUT_MS = 2_000;

function bounded<T>(work: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), SOURCE_TIMEOUT_MS);
  });
  return Promise.race([work.catch(() => undefined), timeout]).finally(() => clearTimeout(timer));
}

new Gauge({
  name: 'dinebuds_db_pool_connections',
  help: 'Database connections of the service pool by state: in_use, idle, and waiting (callers queued for a connection).',
  labelNames: ['service', 'state'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const [service, sources] of watched) {
      const pool = sources.pool?.();
      if (!pool) continue;
      this.set({ service, state: 'in_use' }, pool.total - pool.idle);
      this.set({ service, state: 'idle' }, pool.idle);
      this.set({ service, state: 'waiting' }, pool.waiting);
    }
  },
});

type OutboxStatsByService = Map<string, { pending: number; parked: number; oldestPendingSeconds: number }>;
let outboxRead: { at: number; stats: Promise<OutboxStatsByService> } | undefined;

/**
 * The outbox statistics of every watched service, read once per scrape: the three outbox gauges
 * are collected concurrently and share one query per service.
 */
function outboxStats(): Promise<OutboxStatsByService> {
  const now = Date.now();
  if (outboxRead && now - outboxRead.at < 1_000) return outboxRead.stats;
  const stats = (async () => {
    const byService: OutboxStatsByService = new Map();
    await Promise.all(
      [...watched].map(async ([service, sources]) => {
        const read = sources.outbox ? await bounded(sources.outbox()) : undefined;
        if (read) byService.set(service, read);
      }),
    );
    return byService;
  })();
  outboxRead = { at: now, stats };
  return stats;
}

function outboxGauge(name: string, help: string, field: 'pending' | 'parked' | 'oldestPendingSeconds') {
  return new Gauge({
    name,
    help,
    labelNames: ['service'] as const,
    registers: [registry],
    async collect() {
      const byService = await outboxStats();
      this.reset();
      for (const [service, stats] of byService) this.set({ service }, stats[field]);
    },
  });
}

outboxGauge(
  'dinebuds_outbox_pending',
  'Outbox rows waiting to be published (parked rows excluded).',
  'pending',
);
outboxGauge(
  'dinebuds_outbox_parked',
  'Outbox rows that failed every attempt and wait for an operator (OutboxRelay.retryParked).',
  'parked',
);
outboxGauge(
  'dinebuds_outbox_oldest_pending_seconds',
  'Age of the oldest outbox row waiting to be published (0 when none).',
  'oldestPendingSeconds',
);

new Gauge({
  name: 'dinebuds_events_queue_messages',
  help: 'Messages ready in each consumer queue and its .retry and .dlq queues (RabbitMQ: passive declare; in-process bus: its buffers).',
  labelNames: ['queue'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    // Services of one process share a bus: one read per distinct queue.
    const seen = new Set<string>();
    for (const sources of watched.values()) {
      const depths = sources.queues ? await bounded(sources.queues()) : undefined;
      for (const { queue, messages } of depths ?? []) {
        if (seen.has(queue)) continue;
        seen.add(queue);
        this.set({ queue }, messages);
      }
    }
  },
});

let defaultsCollected = false;

/** Node's own metrics (event-loop delay, heap, GC, CPU, handles), once per process. */
export function collectProcessMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register: registry });
}

/** The exposition text of every metric (what GET /metrics answers). */
export function metricsText(): Promise<string> {
  return registry.metrics();
}

/**
 * Names of the metrics this code exports (ours and prom-client's process defaults), for the
 * offline check that every dashboard and alert query names a real metric.
 */
export async function exportedMetricNames(): Promise<string[]> {
  collectProcessMetrics();
  return registry.getMetricsAsArray().map((m) => m.name);
}

/** `2xx`, `4xx`, ... */
export function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`;
}
