import type { EventEnvelope, EventType } from '@dinebuds/contracts';
import type { EnvelopeOf } from './envelope.js';
import {
  assertEventTypes,
  assertQueueName,
  DEFAULT_MAX_RETRIES,
  DEFAULT_PREFETCH,
  DEFAULT_RETRY_DELAY_MS,
  deadLetterQueueName,
  type EventBus,
  type EventHandler,
  type RetryOptions,
  type SubscribeOptions,
  type Subscription,
} from './event-bus.js';
import { consoleEventsLogger, errorInfo, type EventsLogger } from './logger.js';

export interface InProcessEventBusOptions extends RetryOptions {
  /** Handlers running at once per queue (like RabbitMQ prefetch). Default 10. */
  prefetch?: number;
  /**
   * Start paused: publish() waits and nothing is delivered until resume(). The all-in-one runner
   * uses this so that every service has subscribed (declared its queue) before the first relay
   * publishes, as durable RabbitMQ queues would guarantee.
   */
  paused?: boolean;
  /** Bound on how long close() waits for handlers in flight. Default 10 s. */
  closeTimeoutMs?: number;
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

interface Pending {
  envelope: EventEnvelope;
  retries: number;
}

interface Consumer {
  handler: EventHandler<EventType>;
}

interface QueueState {
  name: string;
  types: Set<string>;
  buffer: Pending[];
  consumer: Consumer | undefined;
  inFlight: number;
  pumpScheduled: boolean;
  retryTimers: Set<NodeJS.Timeout>;
}

/**
 * The EventBus in memory, for the all-in-one mode (no broker). Same semantics as the RabbitMQ bus
 * within one process: a queue per consuming service bound to event types (fan-out across queues),
 * asynchronous delivery, at least once, bounded concurrency per queue, bounded retries with a delay,
 * then dead-lettering (kept in memory, see deadLetters()). A queue keeps buffering after its
 * subscription is cancelled, like a durable queue, until the bus is closed. Nothing survives the
 * process: the outbox keeps undelivered events only until they are handed to this bus.
 */
export class InProcessEventBus implements EventBus {
  private readonly queues = new Map<string, QueueState>();
  private readonly dead = new Map<string, DeadLetter[]>();
  private readonly maxRetries: number;
  private readonly retryDelayMs: number;
  private readonly prefetch: number;
  private readonly closeTimeoutMs: number;
  private readonly logger: EventsLogger;
  private closed = false;
  private paused: boolean;
  private resumeWaiters: Array<() => void> = [];
  private idleWaiters: Array<() => void> = [];

  constructor(options: InProcessEventBusOptions = {}) {
    this.maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
    this.retryDelayMs = options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
    this.prefetch = Math.max(1, options.prefetch ?? DEFAULT_PREFETCH);
    this.closeTimeoutMs = options.closeTimeoutMs ?? 10_000;
    this.logger = options.logger ?? consoleEventsLogger;
    this.paused = options.paused ?? false;
  }

  async publish(envelope: EventEnvelope): Promise<void> {
    this.assertOpen();
    if (this.paused) {
      await new Promise<void>((resolve) => this.resumeWaiters.push(resolve));
      this.assertOpen();
    }
    // Serialise like a broker would: handlers get their own copy, never the producer's object.
    const wire = JSON.stringify(envelope);
    for (const queue of this.queues.values()) {
      if (!queue.types.has(envelope.type)) continue;
      queue.buffer.push({ envelope: JSON.parse(wire) as EventEnvelope, retries: 0 });
      this.schedulePump(queue);
    }
  }

  async subscribe<T extends EventType>(options: SubscribeOptions<T>): Promise<Subscription> {
    this.assertOpen();
    assertQueueName(options.queue);
    assertEventTypes(options.types);
    let queue = this.queues.get(options.queue);
    if (!queue) {
      queue = {
        name: options.queue,
        types: new Set(),
        buffer: [],
        consumer: undefined,
        inFlight: 0,
        pumpScheduled: false,
        retryTimers: new Set(),
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
        if (state.consumer === consumer) state.consumer = undefined;
        await this.waitFor(() => state.inFlight === 0, this.closeTimeoutMs);
      },
    };
  }

  isHealthy(): boolean {
    return !this.closed;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const resolve of this.resumeWaiters.splice(0)) resolve();
    for (const queue of this.queues.values()) {
      for (const timer of queue.retryTimers) clearTimeout(timer);
      queue.retryTimers.clear();
      queue.consumer = undefined;
    }
    const settled = await this.waitFor(
      () => [...this.queues.values()].every((q) => q.inFlight === 0),
      this.closeTimeoutMs,
    );
    if (!settled) this.logger.warn({ bus: 'in-process' }, 'Event handlers still running after close timeout');
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
      await Promise.resolve().then(() => consumer.handler(item.envelope as EnvelopeOf<EventType>));
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
    if (!this.closed && item.retries < this.maxRetries) {
      this.logger.warn(log, 'Event handler failed; will retry');
      const timer = setTimeout(() => {
        queue.retryTimers.delete(timer);
        if (this.closed) return;
        queue.buffer.push({ envelope: item.envelope, retries: item.retries + 1 });
        this.schedulePump(queue);
      }, this.retryDelayMs);
      queue.retryTimers.add(timer);
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
