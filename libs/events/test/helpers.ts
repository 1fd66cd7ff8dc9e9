// Test helpers for the integration tests (real PostgreSQL and RabbitMQ). Not part of the library.
import { randomBytes } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import pg from 'pg';
import { connect as amqpConnect } from 'amqplib';
import { DataSource } from 'typeorm';
import { createEventsMigration, type EventsLogger, type RabbitMqEventBus } from '../src/index.js';
import { pollUntil } from '../src/util.js';

// Same resolution as @dinebuds/testing (which this library's tests cannot import: it depends on us).
export const ADMIN_DATABASE_URL =
  process.env.TEST_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgresql://postgres@127.0.0.1:5432/postgres';
export const AMQP_URL =
  process.env.TEST_AMQP_URL ?? process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';

export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** Creates a fresh, uniquely named database on the test server; drop() removes it. */
export async function createTestDatabase(prefix: string): Promise<TestDatabase> {
  const name = uniqueName(`test_events_${prefix}`).toLowerCase();
  const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** A TypeORM data source on `url` with the events migration for `schema` applied. */
export async function createDataSource(url: string, schema: string): Promise<DataSource> {
  const dataSource = new DataSource({
    type: 'postgres',
    url,
    poolSize: 20,
    migrations: [createEventsMigration(schema, 1700000000000)],
    migrationsTableName: `${schema}_migrations`,
    logging: false,
  });
  await dataSource.initialize();
  await dataSource.runMigrations();
  return dataSource;
}

/** Deletes the queues (with their .retry and .dlq) and exchanges a test declared. */
export async function deleteTopology(opts: { queues: string[]; exchanges: string[] }): Promise<void> {
  const conn = await amqpConnect(AMQP_URL);
  try {
    const ch = await conn.createChannel();
    for (const q of opts.queues) {
      for (const name of [q, `${q}.retry`, `${q}.dlq`]) await ch.deleteQueue(name);
    }
    for (const x of opts.exchanges) await ch.deleteExchange(x);
    await ch.close();
  } finally {
    await conn.close();
  }
}

/** Messages currently in a queue, fetched (and acked) with basic.get. */
export async function drainQueue(
  queue: string,
): Promise<Array<{ content: string; headers: Record<string, unknown> }>> {
  const conn = await amqpConnect(AMQP_URL);
  const out: Array<{ content: string; headers: Record<string, unknown> }> = [];
  try {
    const ch = await conn.createChannel();
    for (;;) {
      const msg = await ch.get(queue, { noAck: true });
      if (!msg) break;
      out.push({
        content: msg.content.toString('utf8'),
        headers: (msg.properties.headers ?? {}) as Record<string, unknown>,
      });
    }
    await ch.close();
  } finally {
    await conn.close();
  }
  return out;
}

/** Ready message count and consumer count of a queue. */
export async function queueStats(queue: string): Promise<{ messageCount: number; consumerCount: number }> {
  const conn = await amqpConnect(AMQP_URL);
  try {
    const ch = await conn.createChannel();
    const { messageCount, consumerCount } = await ch.checkQueue(queue);
    await ch.close();
    return { messageCount, consumerCount };
  } finally {
    await conn.close();
  }
}

/**
 * Simulates a broker failure for one bus by destroying the TCP socket of its current connection.
 * The broker requeues unacked deliveries, in-flight confirms are lost, and the bus has to
 * reconnect on its own.
 * - 'reset': as when the broker process dies (connection reset): amqplib notices at once.
 * - 'silent': a network partition: nothing is signalled, only the heartbeat timeout
 *   (about 3 heartbeat intervals) detects it.
 */
export function breakConnection(bus: RabbitMqEventBus, mode: 'reset' | 'silent' = 'reset'): void {
  const model = bus.connectionManager.connection;
  if (!model) throw new Error('bus is not connected');
  const socket = (model.connection as unknown as { stream: Socket }).stream;
  if (mode === 'silent') socket.destroy();
  else
    socket.destroy(
      Object.assign(new Error('read ECONNRESET (simulated broker failure)'), { code: 'ECONNRESET' }),
    );
}

export async function eventually(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await pollUntil(() => false, 25);
  }
}

export interface LogLine {
  level: 'debug' | 'info' | 'warn' | 'error';
  msg: string;
  obj: object;
}

/** A logger keeping every line in memory (tests assert on what happened, output stays quiet). */
export function memoryLogger(name = 'test'): EventsLogger & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  const file = process.env.EVENTS_TEST_LOG;
  const at = (level: LogLine['level']) => (obj: object, msg?: string) => {
    lines.push({ level, msg: msg ?? '', obj });
    if (file)
      appendFileSync(
        file,
        `${new Date().toISOString()} ${name} ${level} ${msg ?? ''} ${JSON.stringify(obj)}\n`,
      );
  };
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
