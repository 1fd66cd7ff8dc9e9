import { EVENT_TOPOLOGY, type EventEnvelope, type EventType } from '@dinebuds/contracts';
import type { EnvelopeOf } from './envelope.js';
import {
  assertBinding,
  assertEventTypes,
  deadLetterQueueName,
  deliverySettings,
  notifyListener,
  retryQueueName,
  runHandlerWithTimeout,
  wantedTypes,
  type EventBus,
  type EventHandler,
  type EventTopology,
  type ListenOptions,
  type Listener,
  type QueueDepth,
  type RetryOptions,
  type SubscribeOptions,
  type Subscription,
} from './event-bus.js';
import { eventsInstrumentation } from './instrumentation.js';
import { consoleEventsLogger, errorInfo, type EventsLogger } from './logger.js';

export interface InProcessEventBusOptions extends RetryOptions {
  /**
   * Handlers running at once per queue (like RabbitMQ prefetch). Default 32: the consumers'
   * InboxBatcher applies a burst in batches of up to that many.
   */
  prefetch?: number;
  /**
   * Start paused: publish() waits and nothing is delivered until resume(). The all-in-one runner
   * uses this so that every service has subscribed before the first relay publishes.
   */
  paused?: boolean;
  /** Bound on how long close() waits for handlers in flight. Default 10 s. */
  closeTimeoutMs?: number;
  /**
   * Which event types some consumer wants (default EVENT_TOPOLOGY). publish() of such a type
   * fails while no subscribed queue is bound to it, so the outbox keeps the event.
   */
  topology?: EventTopology;
  logger?: EventsLogger;
}

/** A message that failed every attempt (the in-memory counterpart of `<queue>.dlq`). */
export interface DeadLetter {
  queue: string;
  envelope: EventEnvelope;
  /** How many redeliveries were made before giving up. */
  retries: number;
  error: string;
  deadLetteredAt: string;
}

/** One publish of an event to one queue: settles once handled or dead-lettered. */
interface Tracker {
  promise: Promise<void>;
  resolve(): void;
  reject(err: Error): void;
}

interface Pending {
  envelope: EventEnvelope;
  retries: number;
  tracker: Tracker;
}

interface Consumer {
  handler: EventHandler<EventType>;
}

interface LocalListener extends Listener {
  live: boolean;
  generation: number;
  types: Set<string>;
  options: ListenOptions;
}

interface QueueState {
  name: string;
  types: Set<string>;
  buffer: Pending[];
  consumer: Consumer | undefined;
  inFlight: number;
  pumpScheduled: boolean;
  /** Failed deliveries waiting retryDelayMs, by their timer. */
  retryTimers: Map<NodeJS.Timeout, Pending>;
  /** Unsettled publishes by event id: a re-publish of the same event joins the one under way. */
  trackers: Map<string, Tracker>;
}

/**
 * The EventBus in memory, for the all-in-one mode (no broker). Same semantics as the RabbitMQ bus
 * within one process: a queue per consuming service bound to event types (fan-out across queues),
 * asynchronous delivery, at least once, bounded concurrency per queue, bounded retries with a delay,
 * then dead-lettering (kept in memory, see deadLetters()).
 *
 * Nothing survives the process, so the outbox stays the durable copy: publish() resolves only once
 * every queue bound to the type has handled the event (or dead-lettered it), and rejects while a
 * bound queue has no consumer or a wanted type (see `topology`) has no queue yet. The relay then
 * keeps the row and retries it; the inbox drops the copies already applied.
 */
export class InProcessEventBus implements EventBus {
  private readonly queues = new Map<string, QueueState>();
  private readonly listeners = new Set<LocalListener>();
  private readonly dead = new Map<string, DeadLetter[]>();
  private readonly maxRetries: number;
  private readonly retryDelayMs: number;
  private readonly handlerTimeoutMs: number;
  private readonly prefetch: number;
  private readonly closeTimeoutMs: number;
  private readonly topologyTypes: Set<string>;
  private readonly logger: EventsLogger;
  private closed = false;
  private paused: boolean;
  private resumeWaiters: Array<() => void> = [];
  private idleWaiters: Array<() => void> = [];

  constructor(options: InProcessEventBusOptions = {}) {
    ({
      prefetch: this.prefetch,
      maxRetries: this.maxRetries,
      retryDelayMs: this.retryDelayMs,
      handlerTimeoutMs: this.handlerTimeoutMs,
    } = deliverySettings(options));
    this.closeTimeoutMs = options.closeTimeoutMs ?? 10_000;
    this.topologyTypes = wantedTypes(options.topology ?? EVENT_TOPOLOGY);
    this.logger = options.logger ?? consoleEventsLogger;
    this.paused = options.paused ?? false;
  }

  async publish(envelope: EventEnvelope): Promise<void> {
    this.assertOpen();
    if (this.paused) {
      await new Promise<void>((resolve) => this.resumeWaiters.push(resolve));
      this.assertOpen();
    }
    this.notifyListeners(envelope);
    const bound = [...this.queues.values()].filter((q) => q.types.has(envelope.type));
    if (bound.length === 0) {
      if (!this.topologyTypes.has(envelope.type)) return; // nobody consumes it: dropped on purpose
      throw new Error(
        `No queue consumes ${envelope.type} in this process yet; event ${envelope.id} stays in the outbox`,
      );
    }
    // Serialise like a broker would: handlers get their own copy, never the producer's object.
    const wire = JSON.stringify(envelope);
    const handled: Array<Promise<void>> = [];
    const idle: string[] = [];
    for (const queue of bound) {
      if (!queue.consumer) {
        idle.push(queue.name);
        continue;
      }
      let tracker = queue.trackers.get(envelope.id);
      if (!tracker) {
        tracker = createTracker();
        queue.trackers.set(envelope.id, tracker);
        queue.buffer.push({ envelope: JSON.parse(wire) as EventEnvelope, retries: 0, tracker });
        this.schedulePump(queue);
      }
      handled.push(tracker.promise);
    }
    await Promise.all(handled);
    if (idle.length > 0) {
      throw new Error(
        `Queue ${idle.join(', ')} has no consumer right now; event ${envelope.id} stays in the outbox`,
      );
    }
  }

  async subscribe<T extends EventType>(options: SubscribeOptions<T>): Promise<Subscription> {
    this.assertOpen();
    assertBinding(options.queue, options.types);
    let queue = this.queues.get(options.queue);
    if (!queue) {
      queue = {
        name: options.queue,
        types: new Set(),
        buffer: [],
        consumer: undefined,
        inFlight: 0,
        pumpScheduled: false,
        retryTimers: new Map(),
        trackers: new Map(),
      };
      this.queues.set(options.queue, queue);
    }
    if (queue.consumer) throw new Error(`Queue '${options.queue}' already has a subscription on this bus.`);
    for (const type of options.types) queue.types.add(type);
    const consumer: Consumer = { handler: options.handler as unknown as EventHandler<EventType> };
    queue.consumer = consumer;
    this.schedulePump(queue);
    const state = queue;
    return {
      queue: options.queue,
      cancel: async () => {
        if (state.consumer === consumer) {
          state.consumer = undefined;
          // Publishers get their events back (the outbox keeps them) instead of waiting for a
          // consumer that may never come back.
          this.dropBuffered(state, 'its subscription was cancelled');
        }
        await this.waitFor(() => state.inFlight === 0, this.closeTimeoutMs);
      },
    };
  }

  /** Live at once (nothing can be missed within the process); held events reach it on resume(). */
  listen<T extends EventType>(options: ListenOptions<T>): Listener {
    this.assertOpen();
    assertEventTypes(options.types);
    const listener: LocalListener = {
      live: true,
      generation: 1,
      types: new Set(options.types),
      options: options as unknown as ListenOptions,
      cancel: async () => {
        listener.live = false;
        this.listeners.delete(listener);
      },
    };
    this.listeners.add(listener);
    return listener;
  }

  isHealthy(): boolean {
    return !this.closed;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const listener of [...this.listeners]) await listener.cancel();
    for (const resolve of this.resumeWaiters.splice(0)) resolve();
    for (const queue of this.queues.values()) {
      for (const [timer, item] of queue.retryTimers) {
        clearTimeout(timer);
        this.settle(queue, item, new Error(`Event ${item.envelope.id} not handled before the bus closed`));
      }
      queue.retryTimers.clear();
      queue.consumer = undefined;
      this.dropBuffered(queue, 'the bus closed');
    }
    const settled = await this.waitFor(
      () => [...this.queues.values()].every((q) => q.inFlight === 0),
      this.closeTimeoutMs,
    );
    if (!settled) this.logger.warn({ bus: 'in-process' }, 'Event handlers still running after close timeout');
    for (const queue of this.queues.values()) this.dropBuffered(queue, 'the bus closed');
    this.notifyIdle();
  }

  /** Releases held publishes and starts delivering (see the `paused` option). */
  resume(): void {
    if (!this.paused) return;
    this.paused = false;
    for (const resolve of this.resumeWaiters.splice(0)) resolve();
    for (const queue of this.queues.values()) this.schedulePump(queue);
  }

  /** Dead-lettered messages of a queue (oldest first). */
  /** Buffered (and retry-waiting) messages per queue, and the dead letters kept in memory. */
  async queueDepths(): Promise<QueueDepth[]> {
    const depths: QueueDepth[] = [];
    for (const queue of this.queues.values()) {
      depths.push({ queue: queue.name, messages: queue.buffer.length });
      depths.push({ queue: retryQueueName(queue.name), messages: queue.retryTimers.size });
      depths.push({
        queue: deadLetterQueueName(queue.name),
        messages: this.dead.get(queue.name)?.length ?? 0,
      });
    }
    return depths;
  }

  deadLetters(queue: string): readonly DeadLetter[] {
    return this.dead.get(queue) ?? [];
  }

  /**
   * Resolves when every subscribed queue is empty, with no handler running and no retry pending
   * (tests, graceful hand-over). Rejects after timeoutMs.
   */
  async idle(timeoutMs = 10_000): Promise<void> {
    if (!(await this.waitFor(() => this.isIdle(), timeoutMs))) {
      throw new Error(`InProcessEventBus not idle after ${timeoutMs} ms`);
    }
  }

  private isIdle(): boolean {
    for (const q of this.queues.values()) {
      if (q.inFlight > 0 || q.retryTimers.size > 0) return false;
      if (q.consumer && q.buffer.length > 0) return false;
    }
    return true;
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('InProcessEventBus is closed');
  }

  /** Each listener of the type gets its own copy, after publish() returns (as a broker would). */
  private notifyListeners(envelope: EventEnvelope): void {
    for (const listener of this.listeners) {
      if (!listener.types.has(envelope.type)) continue;
      const copy = JSON.parse(JSON.stringify(envelope)) as EnvelopeOf<EventType>;
      setImmediate(() => {
        if (listener.live) notifyListener(listener.options, copy, this.logger);
      });
    }
  }

  private schedulePump(queue: QueueState): void {
    if (queue.pumpScheduled) return;
    queue.pumpScheduled = true;
    // Always asynchronous: a handler never runs inside publish()'s call stack.
    setImmediate(() => {
      queue.pumpScheduled = false;
      this.pump(queue);
    });
  }

  private pump(queue: QueueState): void {
    if (this.closed || this.paused) return;
    const consumer = queue.consumer;
    if (!consumer) return;
    while (queue.inFlight < this.prefetch && queue.buffer.length > 0) {
      const item = queue.buffer.shift()!;
      queue.inFlight++;
      void this.deliver(queue, consumer, item);
    }
    this.notifyIdle();
  }

  private async deliver(queue: QueueState, consumer: Consumer, item: Pending): Promise<void> {
    try {
      await runHandlerWithTimeout(
        () => consumer.handler(item.envelope as EnvelopeOf<EventType>),
        this.handlerTimeoutMs,
      );
      eventsInstrumentation().consumed(queue.name, item.envelope, 'acked', item.retries > 0);
      this.settle(queue, item);
    } catch (err) {
      this.onFailure(queue, item, err);
    } finally {
      queue.inFlight--;
      this.schedulePump(queue);
      this.notifyIdle();
    }
  }

  private onFailure(queue: QueueState, item: Pending, err: unknown): void {
    const log = {
      queue: queue.name,
      eventId: item.envelope.id,
      eventType: item.envelope.type,
      requestId: item.envelope.requestId,
      retries: item.retries,
      err: errorInfo(err),
    };
    if (this.closed) {
      this.settle(queue, item, new Error(`Event ${item.envelope.id} not handled before the bus closed`));
      return;
    }
    const outcome = item.retries < this.maxRetries ? 'retried' : 'dead_lettered';
    eventsInstrumentation().consumed(queue.name, item.envelope, outcome, item.retries > 0);
    if (item.retries < this.maxRetries) {
      this.logger.warn(log, 'Event handler failed; will retry');
      const retry = { ...item, retries: item.retries + 1 };
      const timer = setTimeout(() => {
        queue.retryTimers.delete(timer);
        if (this.closed || !queue.consumer) {
          this.settle(
            queue,
            retry,
            new Error(`Queue ${queue.name} has no consumer to retry event ${item.envelope.id}`),
          );
          return;
        }
        queue.buffer.push(retry);
        this.schedulePump(queue);
      }, this.retryDelayMs);
      queue.retryTimers.set(timer, retry);
      return;
    }
    this.logger.error(log, 'Event handler failed on every attempt; dead-lettered');
    const list = this.dead.get(queue.name) ?? [];
    list.push({
      queue: deadLetterQueueName(queue.name),
      envelope: item.envelope,
      retries: item.retries,
      error: errorInfo(err).message,
      deadLetteredAt: new Date().toISOString(),
    });
    this.dead.set(queue.name, list);
    // Dead-lettered counts as delivered, as with RabbitMQ: the publisher must not send it again.
    this.settle(queue, item);
  }

  /** Ends one publish of an event to a queue: resolved when handled, rejected to keep it in the outbox. */
  private settle(queue: QueueState, item: Pending, error?: Error): void {
    if (queue.trackers.get(item.envelope.id) === item.tracker) queue.trackers.delete(item.envelope.id);
    if (error) item.tracker.reject(error);
    else item.tracker.resolve();
  }

  private dropBuffered(queue: QueueState, reason: string): void {
    for (const item of queue.buffer.splice(0)) {
      this.settle(
        queue,
        item,
        new Error(`Event ${item.envelope.id} not delivered to ${queue.name}: ${reason}`),
      );
    }
  }

  private notifyIdle(): void {
    if (this.idleWaiters.length === 0) return;
    for (const wake of this.idleWaiters.splice(0)) wake();
  }

  /** Waits until `done()` holds, re-checking on every state change; false on timeout. */
  private async waitFor(done: () => boolean, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) return false;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(remaining, 50));
        this.idleWaiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return true;
  }
}

function createTracker(): Tracker {
  let resolve!: () => void;
  let reject!: (err: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Nobody may be awaiting it any more (the relay timed out): never an unhandled rejection.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}
