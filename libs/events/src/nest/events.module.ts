import {
  Global,
  Inject,
  Injectable,
  Module,
  type BeforeApplicationShutdown,
  type DynamicModule,
  type InjectionToken,
  type OnApplicationBootstrap,
  type Provider,
} from '@nestjs/common';
import { DiscoveryModule, DiscoveryService, MetadataScanner } from '@nestjs/core';
import { DataSource, type EntityManager } from 'typeorm';
import { EVENT_TOPOLOGY, type EventType } from '@dinebuds/contracts';
import type { EnvelopeOf } from '../envelope.js';
import type { EventBus, Subscription } from '../event-bus.js';
import { eventsSettingsFromEnv } from '../events-settings.js';
import { InboxBatcher } from '../inbox.js';
import { eventsInstrumentation } from '../instrumentation.js';
import { DEFAULT_INBOX_RETENTION_DAYS, InboxPurger } from '../inbox-purger.js';
import { consoleEventsLogger, errorInfo, type EventsLogger } from '../logger.js';
import { Outbox } from '../outbox.js';
import { OutboxRelay } from '../outbox-relay.js';
import type { DomainEventHandlerMetadata } from './on-domain-event.decorator.js';
import { EVENT_BUS, EVENTS_DATA_SOURCE, EVENTS_OPTIONS, ON_DOMAIN_EVENT } from './tokens.js';

export interface EventsModuleOptions {
  /** The service's Postgres schema (holds outbox and inbox). */
  schema: string;
  /** The service's name: the envelopes' producer, and the default consumer queue `<producer>.events`. */
  producer: string;
  /** RabbitMqEventBus (distributed) or InProcessEventBus (all-in-one), created by the bootstrap. */
  bus: EventBus;
  /** Outbox relay poll interval. Default 200 ms. */
  relayIntervalMs?: number;
  /** Set false to not run the relay in this process (e.g. a consumer-only worker). Default true. */
  runRelay?: boolean;
  /** Queue for this service's @OnDomainEvent handlers. Default `<producer>.events`. */
  consumerQueue?: string;
  /** The DataSource holding the schema. Default: the one provided under `dataSourceToken`. */
  dataSource?: DataSource;
  /** Injection token of the DataSource. Default the `DataSource` class (what @nestjs/typeorm registers). */
  dataSourceToken?: InjectionToken;
  /**
   * Wraps each handler call, e.g. to run it in the logging request context of `envelope.requestId`.
   */
  runInContext?: (envelope: EnvelopeOf, run: () => Promise<void>) => Promise<void>;
  /** Close the bus on application shutdown (when the bus belongs to this app alone). Default false. */
  closeBusOnShutdown?: boolean;
  /** Inbox rows older than this many days are purged. Default INBOX_RETENTION_DAYS or 14; 0 keeps them. */
  inboxRetentionDays?: number;
  /** How often the inbox purge runs (ms). Default INBOX_PURGE_INTERVAL_MS or 1 hour. */
  inboxPurgeIntervalMs?: number;
  /** Failed publishes of an outbox row before it is parked. Default OUTBOX_MAX_ATTEMPTS or 20. */
  outboxMaxAttempts?: number;
  /** First back-off of a failed outbox row (ms). Default OUTBOX_RETRY_BASE_MS or 1000. */
  outboxRetryBaseMs?: number;
  /** Back-off cap of a failed outbox row (ms). Default OUTBOX_RETRY_MAX_MS or 300000. */
  outboxRetryMaxMs?: number;
  logger?: EventsLogger;
}

interface DiscoveredHandler {
  consumer: string;
  call: (envelope: EnvelopeOf, manager: EntityManager) => Promise<unknown>;
}

@Injectable()
export class EventsLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private subscription: Subscription | undefined;
  private readonly logger: EventsLogger;
  /** Events handled while a transaction runs share the next one (a burst costs fewer round trips). */
  private readonly inbox: InboxBatcher;

  constructor(
    @Inject(EVENTS_OPTIONS) private readonly options: EventsModuleOptions,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(EVENTS_DATA_SOURCE) dataSource: DataSource,
    private readonly relay: OutboxRelay,
    private readonly purger: InboxPurger,
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
  ) {
    this.logger = options.logger ?? consoleEventsLogger;
    this.inbox = new InboxBatcher(dataSource, options.schema);
  }

  /** Subscribes the discovered handlers first (declaring the queue), then starts the relay. */
  async onApplicationBootstrap(): Promise<void> {
    const handlers = this.discoverHandlers();
    this.checkTopology([...handlers.keys()]);
    if (handlers.size > 0) {
      const queue = this.options.consumerQueue ?? `${this.options.producer}.events`;
      this.subscription = await this.bus.subscribe({
        queue,
        types: [...handlers.keys()],
        handler: (envelope) => this.dispatch(queue, handlers, envelope),
      });
    }
    if (this.options.runRelay !== false) this.relay.start();
    this.purger.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.purger.stop();
    await this.relay.stop();
    await this.subscription?.cancel();
    this.subscription = undefined;
    if (this.options.closeBusOnShutdown) await this.bus.close();
  }

  private async dispatch(
    queue: string,
    handlers: Map<EventType, DiscoveredHandler[]>,
    envelope: EnvelopeOf,
  ): Promise<void> {
    const hooks = eventsInstrumentation();
    const handle = async () => {
      const started = performance.now();
      let firstError: unknown;
      // Each handler applies the event once on its own (its own inbox row; its own transaction or
      // its place in a batch's): when one fails, the retry skips those that already succeeded.
      for (const handler of handlers.get(envelope.type) ?? []) {
        const handlerStarted = performance.now();
        try {
          const applied = await this.inbox.handleOnce(handler.consumer, envelope, (manager) =>
            handler.call(envelope, manager).then(() => undefined),
          );
          const seconds = (performance.now() - handlerStarted) / 1000;
          hooks.inboxHandled(
            this.options.producer,
            handler.consumer,
            envelope.type,
            applied ? 'applied' : 'duplicate',
            seconds,
          );
        } catch (err) {
          hooks.inboxHandled(
            this.options.producer,
            handler.consumer,
            envelope.type,
            'failed',
            (performance.now() - handlerStarted) / 1000,
          );
          this.logger.warn(
            {
              consumer: handler.consumer,
              eventId: envelope.id,
              eventType: envelope.type,
              err: errorInfo(err),
            },
            'Domain event handler failed',
          );
          firstError ??= err;
        }
      }
      if (firstError !== undefined) throw firstError;
      // One line per handled event, as per answered request: with the request id and (tracing
      // on) the trace id of the consumer's span, so an operator can follow an event from a log.
      this.logger.info(
        {
          queue,
          eventId: envelope.id,
          eventType: envelope.type,
          ms: Math.round((performance.now() - started) * 100) / 100,
        },
        'event handled',
      );
    };
    // The consumer's span (tracing) encloses the handlers, so their SQL nests under it.
    const run = () => hooks.consume(queue, envelope, handle);
    if (this.options.runInContext) await this.options.runInContext(envelope, run);
    else await run();
  }

  /**
   * Publishers declare the queues of EVENT_TOPOLOGY before publishing; a handled type missing
   * there would be dropped on a fresh broker until this service first subscribes.
   */
  private checkTopology(types: EventType[]): void {
    const listed = new Set(
      EVENT_TOPOLOGY.filter((q) => q.service === this.options.producer).flatMap((q) => [...q.types]),
    );
    const missing = types.filter((t) => !listed.has(t));
    if (missing.length > 0) {
      this.logger.error(
        { service: this.options.producer, missing },
        'Handled event types are missing from EVENT_TOPOLOGY (libs/contracts): add them, or events published before this service starts are lost',
      );
    }
  }

  private discoverHandlers(): Map<EventType, DiscoveredHandler[]> {
    const byType = new Map<EventType, DiscoveredHandler[]>();
    const seen = new Set<object>();
    const wrappers = [...this.discovery.getProviders(), ...this.discovery.getControllers()];
    for (const wrapper of wrappers) {
      const instance: unknown = wrapper.instance;
      if (
        !wrapper.isDependencyTreeStatic() ||
        !instance ||
        typeof instance !== 'object' ||
        seen.has(instance)
      ) {
        continue;
      }
      seen.add(instance);
      const prototype = Object.getPrototypeOf(instance) as object | null;
      for (const methodName of this.scanner.getAllMethodNames(prototype)) {
        const method = (instance as Record<string, unknown>)[methodName];
        if (typeof method !== 'function') continue;
        const meta = Reflect.getMetadata(ON_DOMAIN_EVENT, method) as DomainEventHandlerMetadata | undefined;
        if (!meta) continue;
        const consumer = meta.consumer ?? `${instance.constructor.name}.${methodName}`;
        const call = (envelope: EnvelopeOf, manager: EntityManager) =>
          (method as DiscoveredHandler['call']).call(instance, envelope, manager);
        for (const type of meta.types) {
          const list = byType.get(type) ?? [];
          if (list.some((h) => h.consumer === consumer)) {
            throw new Error(`Two @OnDomainEvent('${type}') handlers share the consumer name '${consumer}'.`);
          }
          list.push({ consumer, call });
          byType.set(type, list);
        }
      }
    }
    return byType;
  }
}

/**
 * Wires the outbox, its relay and the consumers of one service:
 * - provides `Outbox` (write events in your transactions), `OutboxRelay` (started on application
 *   bootstrap, stopped on shutdown) and the bus under `EVENT_BUS`;
 * - subscribes every `@OnDomainEvent` method of the app's providers on the queue
 *   `<producer>.events`, each call wrapped in the Inbox.
 * Global: import it once, in the service's root module.
 */
@Global()
@Module({})
export class EventsModule {
  static forRoot(options: EventsModuleOptions): DynamicModule {
    // Read (and validated) at start-up: a bad value fails the boot with the variable's name.
    const env = eventsSettingsFromEnv();
    const dataSourceProvider: Provider = options.dataSource
      ? { provide: EVENTS_DATA_SOURCE, useValue: options.dataSource }
      : {
          provide: EVENTS_DATA_SOURCE,
          useFactory: (dataSource: DataSource) => dataSource,
          inject: [options.dataSourceToken ?? DataSource],
        };
    return {
      module: EventsModule,
      global: true,
      imports: [DiscoveryModule],
      providers: [
        { provide: EVENTS_OPTIONS, useValue: options },
        { provide: EVENT_BUS, useValue: options.bus },
        dataSourceProvider,
        {
          provide: Outbox,
          useFactory: () => new Outbox({ schema: options.schema, producer: options.producer }),
        },
        {
          provide: OutboxRelay,
          useFactory: (dataSource: DataSource) =>
            new OutboxRelay({
              dataSource,
              schema: options.schema,
              bus: options.bus,
              intervalMs: options.relayIntervalMs,
              maxAttempts: options.outboxMaxAttempts ?? env.outboxMaxAttempts,
              retryBaseMs: options.outboxRetryBaseMs ?? env.outboxRetryBaseMs,
              retryMaxMs: options.outboxRetryMaxMs ?? env.outboxRetryMaxMs,
              logger: options.logger,
            }),
          inject: [EVENTS_DATA_SOURCE],
        },
        {
          provide: InboxPurger,
          useFactory: (dataSource: DataSource) =>
            new InboxPurger({
              dataSource,
              schema: options.schema,
              retentionMs:
                (options.inboxRetentionDays ?? env.inboxRetentionDays ?? DEFAULT_INBOX_RETENTION_DAYS) *
                24 *
                3600 *
                1000,
              intervalMs: options.inboxPurgeIntervalMs ?? env.inboxPurgeIntervalMs,
              logger: options.logger,
            }),
          inject: [EVENTS_DATA_SOURCE],
        },
        EventsLifecycle,
      ],
      exports: [EVENT_BUS, EVENTS_DATA_SOURCE, Outbox, OutboxRelay, InboxPurger],
    };
  }
}
