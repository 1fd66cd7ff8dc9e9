import { describe, expect, it } from '@jest/globals';
import type { EventMap } from '@dinebuds/contracts';
import {
  createEnvelope,
  InProcessEventBus,
  setEventsInstrumentation,
  silentEventsLogger,
} from '@dinebuds/events';
import { installEventsObservability } from './events.js';
import { metricsText, reportAdmissionRefusals, reportSessionCache, watchService } from './metrics.js';

/** The value of `name{...}` whose labels include all of `labels`. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const line = text
    .split('\n')
    .find(
      (l) =>
        (l.startsWith(`${name}{`) || l.startsWith(`${name} `)) &&
        Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)),
    );
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('event metrics on a failing consumer', () => {
  it('count the retry, the redelivery and the dead letter, and show the message in the dlq', async () => {
    installEventsObservability();
    const bus = new InProcessEventBus({
      maxRetries: 1,
      retryDelayMs: 5,
      topology: [],
      logger: silentEventsLogger,
    });
    const unwatch = watchService('obs-test', { queues: () => bus.queueDepths() });
    try {
      let attempts = 0;
      await bus.subscribe({
        queue: 'obs-test.events',
        types: ['identity.user.registered'],
        handler: async () => {
          attempts++;
          throw new Error('poison');
        },
      });
      const envelope = createEnvelope(
        'identity.user.registered',
        {} as EventMap['identity.user.registered'],
        { producer: 'identity' },
      );
      // Resolves once the event is settled: here, dead-lettered after one retry.
      await bus.publish(envelope);
      expect(attempts).toBe(2);

      const text = await metricsText();
      const labels = { service: 'obs-test', queue: 'obs-test.events', type: 'identity.user.registered' };
      expect(sample(text, 'dinebuds_events_consumed_total', { ...labels, outcome: 'retried' })).toBe(1);
      expect(sample(text, 'dinebuds_events_consumed_total', { ...labels, outcome: 'dead_lettered' })).toBe(1);
      expect(sample(text, 'dinebuds_events_redelivered_total', labels)).toBe(1);
      expect(sample(text, 'dinebuds_events_dead_lettered_total', labels)).toBe(1);
      expect(sample(text, 'dinebuds_events_queue_messages', { queue: 'obs-test.events.dlq' })).toBe(1);
      expect(sample(text, 'dinebuds_events_queue_messages', { queue: 'obs-test.events' })).toBe(0);
    } finally {
      unwatch();
      await bus.close();
      setEventsInstrumentation(null);
    }
  });
});

describe('admission refusals', () => {
  it('are read from each reporting service at scrape time, per reason, until it stops reporting', async () => {
    const refused = { inFlight: 0, costly: 2 };
    const stop = reportAdmissionRefusals('door-test', () => refused);
    refused.costly = 5;
    let text = await metricsText();
    expect(sample(text, 'dinebuds_admission_refused_total', { service: 'door-test', reason: 'costly' })).toBe(
      5,
    );
    expect(
      sample(text, 'dinebuds_admission_refused_total', { service: 'door-test', reason: 'inFlight' }),
    ).toBe(0);
    stop();
    text = await metricsText();
    expect(sample(text, 'dinebuds_admission_refused_total', { service: 'door-test' })).toBeUndefined();
  });
});

describe('session cache', () => {
  it("reads the gateway's hits, misses and entries at scrape time, until it stops reporting", async () => {
    const counts = { hit: 0, miss: 1, entries: 1 };
    const stop = reportSessionCache(() => counts);
    counts.hit = 7;
    let text = await metricsText();
    expect(sample(text, 'dinebuds_session_cache_lookups_total', { result: 'hit' })).toBe(7);
    expect(sample(text, 'dinebuds_session_cache_lookups_total', { result: 'miss' })).toBe(1);
    expect(sample(text, 'dinebuds_session_cache_entries', {})).toBe(1);
    stop();
    text = await metricsText();
    expect(sample(text, 'dinebuds_session_cache_lookups_total', { result: 'hit' })).toBeUndefined();
    expect(sample(text, 'dinebuds_session_cache_entries', {})).toBe(0);
  });
});
