import { describe, expect, it } from '@jest/globals';
import { EVENT_CATALOGUE, type UserRegisteredEvent } from '@dinebuds/contracts';
import {
  createEnvelope,
  envelopeHead,
  ENVELOPE_VERSION,
  InvalidEnvelopeError,
  parseEnvelope,
} from './envelope.js';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const user: UserRegisteredEvent = {
  userId: 7,
  username: 'ada',
  name: 'Ada',
  bio: null,
  profilePicture: null,
  isPrivate: false,
  isAdmin: false,
  flavorBadges: [],
  cityBadges: [],
  createdAt: '2024-01-01T00:00:00.000Z',
};

describe('createEnvelope', () => {
  it('fills id (uuid v4), version, occurredAt, producer and requestId', () => {
    const before = Date.now();
    const e = createEnvelope('identity.user.registered', user, { producer: 'identity', requestId: 'req-1' });
    expect(e.id).toMatch(UUID_V4);
    expect(e.type).toBe('identity.user.registered');
    expect(e.version).toBe(ENVELOPE_VERSION);
    expect(e.version).toBe(1);
    expect(e.producer).toBe('identity');
    expect(e.requestId).toBe('req-1');
    expect(e.data).toEqual(user);
    const at = Date.parse(e.occurredAt);
    expect(at).toBeGreaterThanOrEqual(before - 1);
    expect(at).toBeLessThanOrEqual(Date.now() + 1);
    expect(new Date(at).toISOString()).toBe(e.occurredAt);
  });

  it('gives every event its own id and defaults requestId to null', () => {
    const a = createEnvelope('identity.user.deleted', { userId: 1 }, { producer: 'identity' });
    const b = createEnvelope('identity.user.deleted', { userId: 1 }, { producer: 'identity' });
    expect(a.id).not.toBe(b.id);
    expect(a.requestId).toBeNull();
  });

  it('accepts an explicit id and occurredAt', () => {
    const e = createEnvelope(
      'identity.user.deleted',
      { userId: 1 },
      { producer: 'identity', id: '00000000-0000-4000-8000-000000000001', occurredAt: new Date(0) },
    );
    expect(e.id).toBe('00000000-0000-4000-8000-000000000001');
    expect(e.occurredAt).toBe('1970-01-01T00:00:00.000Z');
  });

  it('carries the aggregate version when given, and the catalogue schema version', () => {
    const e = createEnvelope(
      'identity.user.deleted',
      { userId: 1 },
      { producer: 'identity', aggregateVersion: 4 },
    );
    expect(e.aggregateVersion).toBe(4);
    expect(e.version).toBe(EVENT_CATALOGUE['identity.user.deleted'].schemaVersion);
    expect(
      'aggregateVersion' in createEnvelope('identity.user.deleted', { userId: 1 }, { producer: 'x' }),
    ).toBe(false);
    expect(() =>
      createEnvelope('identity.user.deleted', { userId: 1 }, { producer: 'identity', aggregateVersion: 0 }),
    ).toThrow(/aggregateVersion/);
  });

  it('requires a producer', () => {
    expect(() => createEnvelope('identity.user.deleted', { userId: 1 }, { producer: '' })).toThrow(
      /producer/,
    );
  });
});

describe('envelopeHead', () => {
  it('is the envelope createEnvelope makes, without data', () => {
    const options = { producer: 'reviews', requestId: 'r-1', id: '6f1c2a52-1d1b-4c1e-9a51-5a6f4b1c2d3e' };
    const { data, ...rest } = createEnvelope('identity.user.registered', user, {
      ...options,
      occurredAt: '2026-01-01T00:00:00.000Z',
    });
    expect(data).toEqual(user);
    expect(
      envelopeHead('identity.user.registered', { ...options, occurredAt: '2026-01-01T00:00:00.000Z' }),
    ).toEqual(rest);
    expect(envelopeHead('identity.user.registered', { producer: 'x' })).not.toHaveProperty('data');
  });
});

describe('parseEnvelope', () => {
  const valid = createEnvelope('identity.user.deleted', { userId: 3 }, { producer: 'identity' });

  it('round-trips an envelope through JSON (Buffer, string or object)', () => {
    const json = JSON.stringify(valid);
    expect(parseEnvelope(Buffer.from(json))).toEqual(valid);
    expect(parseEnvelope(json)).toEqual(valid);
    expect(parseEnvelope(JSON.parse(json))).toEqual(valid);
  });

  it('keeps the aggregate version, and accepts envelopes written before it existed', () => {
    const versioned = { ...valid, aggregateVersion: 9 };
    expect(parseEnvelope(JSON.stringify(versioned))).toEqual(versioned);
    expect(parseEnvelope(JSON.stringify(valid))).not.toHaveProperty('aggregateVersion');
  });

  it('keeps a W3C traceparent (the consumer joins the trace) and drops a malformed one', () => {
    const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    expect(parseEnvelope(JSON.stringify({ ...valid, traceparent })).traceparent).toBe(traceparent);
    const bad = parseEnvelope(JSON.stringify({ ...valid, traceparent: 'not-a-trace\nheader' }));
    expect(bad).not.toHaveProperty('traceparent');
    expect(parseEnvelope(JSON.stringify(valid))).not.toHaveProperty('traceparent');
  });

  it('treats a missing requestId as null', () => {
    const { requestId: _omit, ...rest } = valid;
    expect(parseEnvelope(JSON.stringify(rest)).requestId).toBeNull();
  });

  it.each([
    ['not json', 'nope{'],
    ['an array', '[]'],
    ['null', 'null'],
    ['a bad id', JSON.stringify({ ...valid, id: 'x' })],
    ['no type', JSON.stringify({ ...valid, type: '' })],
    ['a non-integer version', JSON.stringify({ ...valid, version: '1' })],
    ['a fractional aggregate version', JSON.stringify({ ...valid, aggregateVersion: 1.5 })],
    ['a bad date', JSON.stringify({ ...valid, occurredAt: 'yesterday' })],
    ['no producer', JSON.stringify({ ...valid, producer: undefined })],
    ['no data', JSON.stringify({ ...valid, data: undefined })],
  ])('rejects %s', (_label, raw) => {
    expect(() => parseEnvelope(Buffer.from(raw))).toThrow(InvalidEnvelopeError);
  });
});
