import { describe, expect, it } from '@jest/globals';
import { ServiceEvents } from '@dinebuds/service-kit';
import { newTestService } from '@dinebuds/testing';
import type { EntityManager } from 'typeorm';
import { FollowChanges } from './follow-changes.service.js';
import { FollowRequestsRepository } from './follow-requests.repository.js';
import { NO_EDGES } from './follow.policy.js';
import { FollowsRepository } from './follows.repository.js';

const manager = {} as EntityManager;
const createdAt = new Date('2026-01-02T03:04:05.000Z');

function followChanges() {
  const { sut, mock } = newTestService(FollowChanges);
  const follows = mock(FollowsRepository);
  follows.pairState.mockResolvedValue(NO_EDGES);
  follows.nextVersion.mockResolvedValue(4);
  return { changes: sut, follows, requests: mock(FollowRequestsRepository), events: mock(ServiceEvents) };
}

describe('FollowChanges', () => {
  it('follows a public user: the follow, then social.follow.created with the edge version', async () => {
    const { changes, follows, events } = followChanges();
    follows.insert.mockResolvedValue(createdAt);
    await expect(changes.follow(manager, 1, { id: 2, isPrivate: false })).resolves.toBe('following');
    expect(follows.nextVersion).toHaveBeenCalledWith(manager, 1, 2);
    expect(events.record).toHaveBeenCalledWith(
      manager,
      'social.follow.created',
      { followerId: 1, followingId: 2, createdAt: createdAt.toISOString() },
      4,
    );
  });

  it('asks a private user: a request and social.follow.requested, no version', async () => {
    const { changes, follows, requests, events } = followChanges();
    requests.insert.mockResolvedValue(createdAt);
    await expect(changes.follow(manager, 1, { id: 2, isPrivate: true })).resolves.toBe('requested');
    expect(follows.insert).not.toHaveBeenCalled();
    expect(events.record).toHaveBeenCalledWith(manager, 'social.follow.requested', {
      requesterId: 1,
      recipientId: 2,
      createdAt: createdAt.toISOString(),
    });
  });

  it('records nothing when no row changed (a repeated follow, unfollow or request)', async () => {
    const { changes, follows, requests, events } = followChanges();
    follows.insert.mockResolvedValue(null);
    follows.delete.mockResolvedValue(false);
    requests.insert.mockResolvedValue(null);
    await expect(changes.addFollow(manager, 1, 2)).resolves.toBe(false);
    await expect(changes.removeFollow(manager, 1, 2)).resolves.toBe(false);
    await expect(changes.addRequest(manager, 1, 2)).resolves.toBe(false);
    expect(follows.nextVersion).not.toHaveBeenCalled();
    expect(events.record).not.toHaveBeenCalled();
  });

  it('removes every follow of a deleted user, each with social.follow.removed, and their requests', async () => {
    const { changes, follows, requests, events } = followChanges();
    follows.deleteAllOf.mockResolvedValue([
      { followerId: 7, followingId: 8 },
      { followerId: 9, followingId: 7 },
    ]);
    await changes.removeAllOf(manager, 7);
    expect(requests.deleteAllOf).toHaveBeenCalledWith(manager, 7);
    expect(events.record.mock.calls).toEqual([
      [manager, 'social.follow.removed', { followerId: 7, followingId: 8 }, 4],
      [manager, 'social.follow.removed', { followerId: 9, followingId: 7 }, 4],
    ]);
  });
});
