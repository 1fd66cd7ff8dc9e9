import { afterEach, describe, expect, it } from '@jest/globals';
import type { EventEnvelope } from '@dinebuds/contracts';
import { createEnvelope, type EnvelopeOf } from './envelope.js';
import { InProcessEventBus } from './in-process-event-bus.js';
import { silentEventsLogger } from './logger.js';
import { pollUntil } from './util.js';

const deleted = (userId: number) =>
  createEnvelope('identity.user.deleted', { userId }, { producer: 'identity' });
const deactivated = (userId: number) =>
  createEnvelope('identity.user.deactivated', { userId }, { producer: 'identity' });

async function eventually(check: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  if (!(await pollUntil(check, timeoutMs, 5))) throw new Error(`timed out waiting for ${what}`);
}

describe('InProcessEventBus', () => {
  let bus: InProcessEventBus;
  afterEach(async () => {
    await bus?.close();
  });

  it('delivers asynchronously, never inside publish(), which resolves once the handler has it', async () => {
    bus = new InProcessEventBus({ logger: silentEventsLogger });
    const got: string[] = [];
    await bus.subscribe({
      queue: 'a.events',
      types: ['identity.user.deleted'],
      handler: async (e) => {
        got.push(e.id);
      },
    });
    const e = deleted(1);
    const publishing = bus.publish(e);
    expect(got).toEqual([]);
    await publishing;
    expect(got).toEqual([e.id]);
  });

  it('fans out by type: every queue bound to the type gets its own copy', async () => {
    bus = new InProcessEventBus({ logger: silentEventsLogger });
    const a: EventEnvelope[] = [];
    const b: EventEnvelope[] = [];
    await bus.subscribe({
      queue: 'a.events',
      types: ['identity.user.deleted', 'identity.user.deactivated'],
      handler: async (e) => {
        a.push(e);
      },
    });
    await bus.subscribe({
      queue: 'b.events',
      types: ['identity.user.deleted'],
      handler: async (e) => {
        b.push(e);
        (e.data as { userId: number }).userId = -1; // must not leak into other queues' copies
      },
    });
    const e1 = deleted(1);
    const e2 = deactivated(2);
    await bus.publish(e1);
    await bus.publish(e2);
    await bus.idle();
    expect(a.map((e) => e.id).sort()).toEqual([e1.id, e2.id].sort());
    expect(b.map((e) => e.id)).toEqual([e1.id]);
    expect(a.find((e) => e.id === e1.id)?.data).toEqual({ userId: 1 });
    expect(e1.data).toEqual({ userId: 1 });
  });

  it('drops events of types no consumer wants (not in the topology), like a topic exchange', async () => {
    bus = new InProcessEventBus({ logger: silentEventsLogger, topology: [] });
    const got: string[] = [];
    await bus.publish(deleted(1));
    await bus.subscribe({
      queue: 'a.events',
      types: ['identity.user.deleted'],
      handler: async (e) => {
        got.push(e.id);
      },
    });
    await bus.idle();
    expect(got).toEqual([]);
  });

  it('narrows the envelope by type for the handler', async () => {
    bus = new InProcessEventBus({ logger: silentEventsLogger });
    const ids: number[] = [];
    await bus.subscribe({
      queue: 'a.events',
      types: ['identity.user.deleted', 'identity.user.registered'],
      handler: async (e: EnvelopeOf<'identity.user.deleted' | 'identity.user.registered'>) => {
        if (e.type === 'identity.user.deleted') ids.push(e.data.userId);
        else ids.push(e.data.userId * 100);
      },
    });
    await bus.publish(deleted(4));
    await bus.idle();
    expect(ids).toEqual([4]);
  });

  it('retries a failing handler and succeeds (at least once)', async () => {
    bus = new InProcessEventBus({ logger: silentEventsLogger, retryDelayMs: 5, maxRetries: 5 });
    let calls = 0;
    await bus.subscribe({
      queue: 'a.events',
      types: ['identity.user.deleted'],
      handler: async () => {
        calls++;
        if (calls < 3) throw new Error('transient');
      },
    });
    await bus.publish(deleted(1));
    await bus.idle();
    expect(calls).toBe(3);
    expect(bus.deadLetters('a.events')).toEqual([]);
  });

  it('dead-letters after maxRetries redeliveries without blocking other events', async () => {
    bus = new InProcessEventBus({ logger: silentEventsLogger, retryDelayMs: 1, maxRetries: 3 });
    const attempts = new Map<number, number>();
    await bus.subscribe({
      queue: 'a.events',
      types: ['identity.user.deleted'],
      handler: async (e) => {
        const id = (e.data as { userId: number }).userId;
        attempts.set(id, (attempts.get(id) ?? 0) + 1);
        if (id === 13) throw new Error('poison');
      },
    });
    const poison = deleted(13);
    await bus.publish(poison);
    await bus.publish(deleted(1));
    await bus.idle();
    expect(attempts.get(13)).toBe(4); // first attempt + 3 retries
    expect(attempts.get(1)).toBe(1);
    const dead = bus.deadLetters('a.events');
    expect(dead).toHaveLength(1);
    expect(dead[0]).toMatchObject({ queue: 'a.events.dlq', retries: 3, error: 'poison' });
    expect(dead[0]!.envelope.id).toBe(poison.id);
  });

  it('bounds concurrency per queue by prefetch', async () => {
    bus = new InProcessEventBus({ logger: silentEventsLogger, prefetch: 2 });
    let running = 0;
    let maxRunning = 0;
    let done = 0;
    const gates: Array<() => void> = [];
    await bus.subscribe({
      queue: 'a.events',
      types: ['identity.user.deleted'],
      handler: async () => {
        running++;
        maxRunning = Math.max(maxRunning, running);
        await new Promise<void>((resolve) => gates.push(resolve));
        running--;
        done++;
      },
    });
    const publishing = Promise.all([0, 1, 2, 3, 4].map((i) => bus.publish(deleted(i))));
    while (done < 5) {
      await eventually(() => gates.length > 0, 'a running handler');
      expect(running).toBeLessThanOrEqual(2);
      gates.shift()!();
      await new Promise((r) => setImmediate(r));
    }
    expect(maxRunning).toBe(2);
    await publishing;
  });

  it('refuses publishes while a bound queue has no consumer, so the outbox keeps them', async () => {
    bus = new InProcessEventBus({ logger: silentEventsLogger });
    const got: number[] = [];
    const handler = async (e: EventEnvelope) => {
      got.push((e.data as { userId: number }).userId);
    };
    const sub = await bus.subscribe({ queue: 'a.events', types: ['identity.user.deleted'], handler });
    await sub.cancel();
    await expect(bus.publish(deleted(1))).rejects.toThrow(/a\.events has no consumer/);
    expect(got).toEqual([]);
    // The relay publishes the row again once the consumer is back.
    await bus.subscribe({ queue: 'a.events', types: ['identity.user.deleted'], handler });
    await bus.publish(deleted(1));
    expect(got).toEqual([1]);
  });

  it('refuses a wanted type (in the topology) that no queue of this process consumes yet', async () => {
    bus = new InProcessEventBus({
      logger: silentEventsLogger,
      topology: [{ queue: 'social-graph.events', types: ['identity.user.deleted'] }],
    });
    const e = deleted(7);
    await expect(bus.publish(e)).rejects.toThrow(/No queue consumes identity\.user\.deleted/);
    await expect(bus.publish(deactivated(7))).resolves.toBeUndefined(); // nobody wants it: dropped
    const got: string[] = [];
    await bus.subscribe({
      queue: 'late.events',
      types: ['identity.user.deleted'],
      handler: async (x) => {
        got.push(x.id);
      },
    });
    await bus.publish(e);
    expect(got).toEqual([e.id]);
  });

  it('settles publish only when every bound queue has handled it; a re-publish joins the one under way', async () => {
    bus = new InProcessEventBus({ logger: silentEventsLogger });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let slowCalls = 0;
    const fast: string[] = [];
    await bus.subscribe({
      queue: 'slow.events',
      types: ['identity.user.deleted'],
      handler: async () => {
        slowCalls++;
        await gate;
      },
    });
    await bus.subscribe({
      queue: 'fast.events',
      types: ['identity.user.deleted'],
      handler: async (x) => {
        fast.push(x.id);
      },
    });
    const e = deleted(1);
    let settled = false;
    const first = bus.publish(e).then(() => (settled = true));
    await eventually(() => fast.length === 1 && slowCalls === 1, 'both queues got it');
    expect(settled).toBe(false);
    const again = bus.publish(e); // e.g. the relay retrying after its publish timeout
    await new Promise((r) => setImmediate(r));
    release();
    await Promise.all([first, again]);
    expect(slowCalls).toBe(1);
  });

  it('counts a hung handler as a failed attempt and dead-letters it after maxRetries', async () => {
    bus = new InProcessEventBus({
      logger: silentEventsLogger,
      handlerTimeoutMs: 20,
      retryDelayMs: 1,
      maxRetries: 2,
    });
    let calls = 0;
    await bus.subscribe({
      queue: 'a.events',
      types: ['identity.user.deleted'],
      handler: () => {
        calls++;
        return new Promise<void>(() => undefined); // never settles
      },
    });
    const e = deleted(1);
    await bus.publish(e); // dead-lettered counts as delivered: the outbox must not resend it
    expect(calls).toBe(3);
    const [dead] = bus.deadLetters('a.events');
    expect(dead).toMatchObject({ queue: 'a.events.dlq', retries: 2 });
    expect(dead!.error).toMatch(/did not finish within 20 ms/);
    expect(dead!.envelope.id).toBe(e.id);
  });

  it('rejects publishes still waiting when the bus closes (the outbox keeps them)', async () => {
    bus = new InProcessEventBus({ logger: silentEventsLogger, retryDelayMs: 60_000 });
    await bus.subscribe({
      queue: 'a.events',
      types: ['identity.user.deleted'],
      handler: async () => {
        throw new Error('transient');
      },
    });
    const publishing = bus.publish(deleted(1));
    await eventually(() => bus['queues'].get('a.events')!.retryTimers.size === 1, 'a retry waiting');
    await bus.close();
    await expect(publishing).rejects.toThrow(/closed/);
  });

  it('refuses a second subscription on the same queue', async () => {
    bus = new InProcessEventBus({ logger: silentEventsLogger });
    const handler = async () => undefined;
    await bus.subscribe({ queue: 'a.events', types: ['identity.user.deleted'], handler });
    await expect(
      bus.subscribe({ queue: 'a.events', types: ['identity.user.deleted'], handler }),
    ).rejects.toThrow(/already has a subscription/);
  });

  it('validates queue and types', async () => {
    bus = new InProcessEventBus({ logger: silentEventsLogger });
    const handler = async () => undefined;
    await expect(bus.subscribe({ queue: '', types: ['identity.user.deleted'], handler })).rejects.toThrow();
    await expect(
      bus.subscribe({ queue: 'amq.x', types: ['identity.user.deleted'], handler }),
    ).rejects.toThrow();
    await expect(bus.subscribe({ queue: 'a', types: [], handler })).rejects.toThrow();
  });

  it('when paused, holds publishes and deliveries until resume()', async () => {
    bus = new InProcessEventBus({ logger: silentEventsLogger, paused: true });
    const got: string[] = [];
    let published = false;
    const e = deleted(1);
    const publishing = bus.publish(e).then(() => {
      published = true;
    });
    await bus.subscribe({
      queue: 'late.events',
      types: ['identity.user.deleted'],
      handler: async (x) => {
        got.push(x.id);
      },
    });
    await new Promise((r) => setImmediate(r));
    expect(published).toBe(false);
    bus.resume();
    await publishing;
    await bus.idle();
    expect(got).toEqual([e.id]);
  });

  it('is healthy until closed, then rejects publishes; close waits for running handlers', async () => {
    bus = new InProcessEventBus({ logger: silentEventsLogger });
    let finished = false;
    await bus.subscribe({
      queue: 'a.events',
      types: ['identity.user.deleted'],
      handler: async () => {
        await new Promise((r) => setTimeout(r, 30));
        finished = true;
      },
    });
    const publishing = bus.publish(deleted(1));
    await eventually(() => bus['queues'].get('a.events')!.inFlight === 1, 'handler start');
    expect(bus.isHealthy()).toBe(true);
    await bus.close();
    await publishing;
    expect(finished).toBe(true);
    expect(bus.isHealthy()).toBe(false);
    await expect(bus.publish(deleted(2))).rejects.toThrow(/closed/);
  });

  describe('listen', () => {
    it('gives every listener of the type its own copy, after publish() returns; other types not', async () => {
      bus = new InProcessEventBus({ logger: silentEventsLogger, topology: [] });
      const first: EventEnvelope[] = [];
      const second: EventEnvelope[] = [];
      const a = bus.listen({ types: ['identity.user.deleted'], handler: (e) => void first.push(e) });
      bus.listen({ types: ['identity.user.deleted'], handler: (e) => void second.push(e) });
      expect([a.live, a.generation]).toEqual([true, 1]);
      const e = deleted(1);
      await bus.publish(e); // no queue consumes it: still delivered to listeners
      expect(first).toEqual([]);
      await bus.publish(deactivated(2));
      await eventually(() => first.length === 1 && second.length === 1, 'both listeners');
      expect(first[0]).toEqual(e);
      expect(first[0]).not.toBe(second[0]);
      expect(second.map((x) => x.type)).toEqual(['identity.user.deleted']);
    });

    it('delivers events held while paused once resumed, in order', async () => {
      bus = new InProcessEventBus({ logger: silentEventsLogger, topology: [], paused: true });
      const got: number[] = [];
      bus.listen({ types: ['identity.user.deleted'], handler: (e) => void got.push(e.data.userId) });
      const publishing = [bus.publish(deleted(1)), bus.publish(deleted(2))];
      await new Promise((r) => setImmediate(r));
      expect(got).toEqual([]);
      bus.resume();
      await Promise.all(publishing);
      await eventually(() => got.length === 2, 'held events');
      expect(got).toEqual([1, 2]);
    });

    it('stops on cancel(); a failing handler breaks neither publish() nor the other listeners', async () => {
      bus = new InProcessEventBus({ logger: silentEventsLogger, topology: [] });
      const got: number[] = [];
      const cancelled: number[] = [];
      bus.listen({
        types: ['identity.user.deleted'],
        handler: () => {
          throw new Error('broken listener');
        },
      });
      bus.listen({
        types: ['identity.user.deleted'],
        handler: async () => Promise.reject(new Error('broken async listener')),
      });
      bus.listen({ types: ['identity.user.deleted'], handler: (e) => void got.push(e.data.userId) });
      const gone = bus.listen({
        types: ['identity.user.deleted'],
        handler: (e) => void cancelled.push(e.data.userId),
      });
      await gone.cancel();
      expect(gone.live).toBe(false);
      await expect(bus.publish(deleted(7))).resolves.toBeUndefined();
      await eventually(() => got.length === 1, 'the working listener');
      expect(cancelled).toEqual([]);
    });
  });
});
