import { describe, expect, it, jest } from '@jest/globals';
import type { Outbox, OutboxRelay } from '@dinebuds/events';
import type { EntityManager } from 'typeorm';
import { ServiceEvents } from './service-events.js';

describe('ServiceEvents.record', () => {
  const manager = {} as EntityManager;
  const add = jest.fn(async (..._args: unknown[]) => undefined);
  const events = new ServiceEvents(
    { add } as unknown as Outbox,
    { nudge: jest.fn() } as unknown as OutboxRelay,
  );

  it('passes a versioned event its aggregate version, and none for an unversioned one', async () => {
    const follow = { followerId: 1, followingId: 2, createdAt: '2026-11-26T00:00:00.000Z' };
    await events.record(manager, 'social.follow.created', follow, 4);
    expect(add).toHaveBeenLastCalledWith(manager, 'social.follow.created', follow, {
      requestId: null,
      aggregateVersion: 4,
    });
    const requested = { requesterId: 1, recipientId: 2, createdAt: '2026-11-26T00:00:00.000Z' };
    await events.record(manager, 'social.follow.requested', requested);
    expect(add).toHaveBeenLastCalledWith(manager, 'social.follow.requested', requested, {
      requestId: null,
    });
  });

  it('does not compile a versioned event without its version, or an unversioned one with one', async () => {
    const follow = { followerId: 1, followingId: 2, createdAt: '2026-11-26T00:00:00.000Z' };
    // @ts-expect-error social.follow.created is versioned: its version is required
    await events.record(manager, 'social.follow.created', follow);
    const requested = { requesterId: 1, recipientId: 2, createdAt: '2026-11-26T00:00:00.000Z' };
    // @ts-expect-error social.follow.requested is not versioned
    await events.record(manager, 'social.follow.requested', requested, 1);
    expect(add).toHaveBeenCalledTimes(4);
  });
});
