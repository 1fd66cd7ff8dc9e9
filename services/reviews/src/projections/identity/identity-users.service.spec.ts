import { describe, expect, it } from '@jest/globals';
import { newTestService } from '@dinebuds/testing';
import { CheckInsRepository } from '../../check-ins/check-ins.repository.js';
import type { UserSnapshot } from '@dinebuds/contracts';
import type { EntityManager } from 'typeorm';
import { ReviewsRepository } from '../../reviews/reviews.repository.js';
import { SavedRepository } from '../../saved/saved.repository.js';
import { SocialGraphEdgesRepository } from '../social-graph/social-graph-edges.repository.js';
import { IdentityUsersRepository } from './identity-users.repository.js';
import { IdentityUsersService } from './identity-users.service.js';

const manager = {} as EntityManager;
const snapshot: UserSnapshot = {
  userId: 7,
  username: 'ann',
  name: 'Ann',
  bio: null,
  isPrivate: true,
  isAdmin: false,
  profilePicture: null,
};
const at = new Date('2026-01-01T00:00:00Z');

describe('the users projection', () => {
  it("stores the snapshot's profile with its privacy (ordering and tombstones: @dinebuds/projections)", async () => {
    const { sut, mock } = newTestService(IdentityUsersService);
    await sut.applyProfile(manager, snapshot, { version: 2, occurredAt: at });
    expect(mock(IdentityUsersRepository).applySnapshot).toHaveBeenCalledWith(
      manager,
      snapshot,
      { version: 2, occurredAt: at },
      { isPrivate: true },
    );
  });

  it('a deleted user takes their reviews, saves, check-ins and follows along, and leaves a tombstone', async () => {
    const { sut, mock } = newTestService(IdentityUsersService);
    await sut.removeUser(manager, 7);
    expect(mock(ReviewsRepository).deleteAllOf).toHaveBeenCalledWith(manager, 7);
    expect(mock(SavedRepository).deleteAllOf).toHaveBeenCalledWith(manager, 7);
    expect(mock(CheckInsRepository).deleteAllOf).toHaveBeenCalledWith(manager, 7);
    expect(mock(SocialGraphEdgesRepository).removeAllOf).toHaveBeenCalledWith(manager, 7);
    expect(mock(IdentityUsersRepository).removeWithTombstone).toHaveBeenCalledWith(
      manager,
      7,
      expect.any(Date),
    );
  });
});
