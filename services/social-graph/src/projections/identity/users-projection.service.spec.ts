import { beforeAll, describe, expect, it } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { UserSnapshot } from '@dinebuds/contracts';
import { ServiceEvents } from '@dinebuds/service-kit';
import { newTestService } from '@dinebuds/testing';
import type { EntityManager } from 'typeorm';
import { BlocksRepository } from '../../blocks/blocks.repository.js';
import { FollowChanges } from '../../follows/follow-changes.service.js';
import type { SocialUserEntity } from './social-user.entity.js';
import { SocialUsersRepository } from './social-users.repository.js';
import { UsersProjectionService } from './users-projection.service.js';

const manager = {} as EntityManager;
const at = (iso: string) => new Date(iso);
const snapshot: UserSnapshot = {
  userId: 5,
  username: 'ada',
  name: 'Ada',
  bio: null,
  profilePicture: null,
  isPrivate: false,
  isAdmin: false,
};

function projection(stored: Partial<SocialUserEntity> | null, deleted = false) {
  const { sut, mock } = newTestService(UsersProjectionService);
  const users = mock(SocialUsersRepository);
  users.isDeleted.mockResolvedValue(deleted);
  users.lockForUpdate.mockResolvedValue(stored as SocialUserEntity | null);
  return { projection: sut, users, mock };
}

describe('UsersProjectionService', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('ignores every event about a deleted user (tombstone) after taking its event lock', async () => {
    const { projection: service, users } = projection(null, true);
    await expect(
      service.applyProfile(manager, snapshot, { occurredAt: at('2026-01-01'), version: 1 }),
    ).resolves.toBe('deleted-user');
    expect(users.lockUserEvents).toHaveBeenCalledWith(manager, 5);
    expect(users.insert).not.toHaveBeenCalled();
    expect(users.update).not.toHaveBeenCalled();
  });

  it('a user turning public has their pending requests accepted', async () => {
    const stored = {
      id: 5,
      isPrivate: true,
      profileSyncedAt: at('2026-01-01'),
      profileVersion: 1,
      joinedAt: null,
    };
    const { projection: service, users, mock } = projection(stored);
    mock(FollowChanges).acceptPendingRequests.mockResolvedValue(2);
    await expect(
      service.applyProfile(manager, snapshot, { occurredAt: at('2026-01-02'), version: 2 }),
    ).resolves.toBe('updated');
    expect(users.update).toHaveBeenCalledWith(
      manager,
      5,
      expect.objectContaining({ isPrivate: false, profileVersion: 2 }),
    );
    expect(mock(FollowChanges).acceptPendingRequests).toHaveBeenCalledWith(manager, 5);
  });

  it('a stale profile event changes nothing', async () => {
    const stored = {
      id: 5,
      isPrivate: true,
      profileSyncedAt: at('2026-01-02'),
      profileVersion: 3,
      joinedAt: null,
    };
    const { projection: service, users, mock } = projection(stored);
    await expect(
      service.applyProfile(manager, snapshot, { occurredAt: at('2026-01-03'), version: 2 }),
    ).resolves.toBe('stale');
    expect(users.update).not.toHaveBeenCalled();
    expect(mock(FollowChanges).acceptPendingRequests).not.toHaveBeenCalled();
  });

  it('a deletion removes follows and requests, each block with social.block.removed, then the row', async () => {
    const { projection: service, users, mock } = projection({ id: 5 });
    mock(BlocksRepository).deleteAllOf.mockResolvedValue([{ blockerId: 5, blockedId: 6 }]);
    await service.removeUser(manager, 5);
    expect(mock(FollowChanges).removeAllOf).toHaveBeenCalledWith(manager, 5);
    expect(mock(ServiceEvents).record).toHaveBeenCalledWith(manager, 'social.block.removed', {
      blockerId: 5,
      blockedId: 6,
    });
    expect(users.deleteWithTombstone).toHaveBeenCalledWith(manager, 5, expect.any(Date));
  });
});
