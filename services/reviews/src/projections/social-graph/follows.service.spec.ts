import { describe, expect, it } from '@jest/globals';
import { newTestService } from '@dinebuds/testing';
import type { EntityManager } from 'typeorm';
import { IdentityUsersRepository } from '../identity/identity-users.repository.js';
import { FollowsRepository } from './follows.repository.js';
import { FollowsService } from './follows.service.js';

const manager = {} as EntityManager;

function setup(applied: number | null, deleted = false) {
  const { sut, mock } = newTestService(FollowsService);
  mock(FollowsRepository).lockFollowVersion.mockResolvedValue(applied);
  mock(IdentityUsersRepository).isDeleted.mockResolvedValue(deleted);
  return { sut, follows: mock(FollowsRepository) };
}

describe('the follows projection', () => {
  it('adds an edge whose change is newer than the one applied, and records its version', async () => {
    const { sut, follows } = setup(1);
    await sut.addFollow(manager, 1, 2, 2);
    expect(follows.setFollowVersion).toHaveBeenCalledWith(manager, 1, 2, 2);
    expect(follows.addFollow).toHaveBeenCalledWith(manager, 1, 2);
  });

  it('ignores a created change older than a removal already applied', async () => {
    const { sut, follows } = setup(3);
    await sut.addFollow(manager, 1, 2, 2);
    expect(follows.addFollow).not.toHaveBeenCalled();
    expect(follows.setFollowVersion).not.toHaveBeenCalled();
  });

  it('adds no edge of a deleted user', async () => {
    const { sut, follows } = setup(null, true);
    await sut.addFollow(manager, 1, 2, 1);
    expect(follows.lockFollowVersion).not.toHaveBeenCalled();
    expect(follows.addFollow).not.toHaveBeenCalled();
  });

  it('removes an edge on a newer removal; an unversioned one applies without recording a version', async () => {
    const { sut, follows } = setup(null);
    await sut.removeFollow(manager, 1, 2, null);
    expect(follows.removeFollow).toHaveBeenCalledWith(manager, 1, 2);
    expect(follows.setFollowVersion).not.toHaveBeenCalled();
  });
});
