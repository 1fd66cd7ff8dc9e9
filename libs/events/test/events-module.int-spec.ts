import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Inject, Injectable, Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { EventEnvelope } from '@dinebuds/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import {
  EVENT_BUS,
  EVENTS_DATA_SOURCE,
  EventsModule,
  InProcessEventBus,
  OnDomainEvent,
  Outbox,
  OutboxRelay,
  type EnvelopeOf,
  type EventBus,
} from '../src/index.js';
import {
  createDataSource,
  createTestDatabase,
  eventually,
  memoryLogger,
  type TestDatabase,
} from './helpers.js';

const SCHEMA = 'social';

describe('EventsModule (Nest) with the in-process bus', () => {
  let db: TestDatabase;
  let dataSource: DataSource;
  let bus: InProcessEventBus;
  let app: INestApplicationContext;
  const calls: string[] = [];
  let failNextB = true;

  @Injectable()
  class UserProjection {
    @OnDomainEvent('identity.user.deleted', { consumer: 'social.a' })
    async applyA(event: EventEnvelope<'identity.user.deleted'>, manager: EntityManager): Promise<void> {
      calls.push(`a:${event.data.userId}`);
      await manager.query(`INSERT INTO "${SCHEMA}"."effects" (event_id, consumer) VALUES ($1, 'a')`, [
        event.id,
      ]);
    }

    @OnDomainEvent(['identity.user.deleted', 'identity.user.deactivated'])
    async applyB(
      event: EnvelopeOf<'identity.user.deleted' | 'identity.user.deactivated'>,
      manager: EntityManager,
    ): Promise<void> {
      calls.push(`b:${event.data.userId}`);
      await manager.query(`INSERT INTO "${SCHEMA}"."effects" (event_id, consumer) VALUES ($1, 'b')`, [
        event.id,
      ]);
      if (failNextB) {
        failNextB = false;
        throw new Error('b fails once'); // rolls back b's effect and inbox row, not a's
      }
    }
  }

  @Injectable()
  class UserService {
    constructor(
      private readonly outbox: Outbox,
      @Inject(EVENTS_DATA_SOURCE) private readonly ds: DataSource,
    ) {}

    deleteUser(userId: number) {
      return this.ds.transaction((manager) => this.outbox.add(manager, 'identity.user.deleted', { userId }));
    }
  }

  beforeAll(async () => {
    db = await createTestDatabase('nest');
    dataSource = await createDataSource(db.url, SCHEMA);
    await dataSource.query(
      `CREATE TABLE "${SCHEMA}"."effects" (id serial PRIMARY KEY, event_id uuid NOT NULL, consumer text NOT NULL)`,
    );
    bus = new InProcessEventBus({ retryDelayMs: 10, logger: memoryLogger() });

    @Module({
      imports: [
        EventsModule.forRoot({
          schema: SCHEMA,
          producer: 'social',
          bus,
          dataSource,
          // Far longer than the test: events must go out because the commit nudges the relay.
          relayIntervalMs: 60_000,
          logger: memoryLogger(),
        }),
      ],
      providers: [UserProjection, UserService],
    })
    class AppModule {}

    app = await NestFactory.createApplicationContext(AppModule, { logger: false });
  });

  afterAll(async () => {
    await app?.close();
    await bus?.close();
    await dataSource?.destroy();
    await db?.drop();
  });

  const effects = async (): Promise<Array<{ event_id: string; consumer: string }>> =>
    dataSource.query(`SELECT event_id, consumer FROM "${SCHEMA}"."effects" ORDER BY id`);

  it('provides the bus, the outbox and a started relay', () => {
    expect(app.get<EventBus>(EVENT_BUS)).toBe(bus);
    expect(app.get(Outbox)).toBeInstanceOf(Outbox);
    expect(app.get(OutboxRelay).running).toBe(true);
  });

  it('delivers outbox events to @OnDomainEvent handlers, each applied once via the inbox', async () => {
    const event = await app.get(UserService).deleteUser(5);
    await eventually(async () => (await effects()).length === 2, 'both handlers applied', 10_000);
    await bus.idle();
    // b failed once and was retried; a was not applied a second time.
    expect(calls).toEqual(['a:5', 'b:5', 'b:5']);
    expect(await effects()).toEqual([
      { event_id: event.id, consumer: 'a' },
      { event_id: event.id, consumer: 'b' },
    ]);
    const inbox: Array<{ consumer: string }> = await dataSource.query(
      `SELECT consumer FROM "${SCHEMA}"."inbox" WHERE event_id = $1 ORDER BY consumer`,
      [event.id],
    );
    expect(inbox.map((r) => r.consumer)).toEqual(['UserProjection.applyB', 'social.a']);

    // A redelivery reaches the handlers' wrapper but changes nothing.
    await bus.publish(event);
    await bus.idle();
    expect(calls).toEqual(['a:5', 'b:5', 'b:5']);
    expect(await effects()).toHaveLength(2);
  });

  it('binds the queue <producer>.events to the decorated types', async () => {
    await bus.publish({
      id: '00000000-0000-4000-8000-000000000077',
      type: 'identity.user.deactivated',
      version: 1,
      occurredAt: new Date().toISOString(),
      producer: 'identity',
      requestId: null,
      data: { userId: 77 },
    });
    await bus.idle();
    expect(bus['queues'].has('social.events')).toBe(true);
    expect(calls).toContain('b:77');
    expect(calls).not.toContain('a:77');
  });

  it('stops the relay on shutdown', async () => {
    const relay = app.get(OutboxRelay);
    await app.close();
    expect(relay.running).toBe(false);
    expect(bus.isHealthy()).toBe(true); // the bus belongs to the caller (closeBusOnShutdown: false)
  });
});
