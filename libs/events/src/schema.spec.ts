import { describe, expect, it } from '@jest/globals';
import { createEventsMigration, eventsMigrationSql, eventTables, quoteSchema } from './schema.js';

describe('events schema', () => {
  it('quotes valid schema names and rejects anything else', () => {
    expect(quoteSchema('social_graph')).toBe('"social_graph"');
    expect(eventTables('reviews')).toEqual({ outbox: '"reviews"."outbox"', inbox: '"reviews"."inbox"' });
    for (const bad of ['', 'Social', 'a-b', 'x"; drop table y; --', '1abc', 'a'.repeat(64)]) {
      expect(() => quoteSchema(bad)).toThrow(/Invalid schema name/);
    }
  });

  it('creates the schema, outbox and inbox; drops the tables on down', () => {
    const { up, down } = eventsMigrationSql('identity');
    expect(up[0]).toBe('CREATE SCHEMA IF NOT EXISTS "identity"');
    const ddl = up.join('\n');
    expect(ddl).toMatch(/CREATE TABLE "identity"\."outbox"/);
    expect(ddl).toMatch(/"payload" jsonb NOT NULL/);
    expect(ddl).toMatch(/"published_at" timestamptz NULL/);
    expect(ddl).toMatch(/CREATE TABLE "identity"\."inbox"/);
    expect(ddl).toMatch(/PRIMARY KEY \("event_id", "consumer"\)/);
    expect(down).toEqual([
      'DROP TABLE IF EXISTS "identity"."inbox"',
      'DROP TABLE IF EXISTS "identity"."outbox"',
    ]);
  });

  it('builds a TypeORM migration class named with its timestamp', () => {
    const Migration = createEventsMigration('identity', 1700000000123);
    expect(Migration.name).toBe('EventsOutboxInbox1700000000123');
    expect(new Migration().name).toBe('EventsOutboxInbox1700000000123');
    expect(() => createEventsMigration('identity', 17)).toThrow(/13-digit/);
  });
});
