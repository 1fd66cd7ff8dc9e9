import { describe, expect, it } from '@jest/globals';
import { newTestService } from '@dinebuds/testing';
import type { EntityManager } from 'typeorm';
import { ReviewTalliesRepository } from './review-tallies.repository.js';
import { ReviewTalliesService } from './review-tallies.service.js';

const manager = {} as EntityManager;

function tallies(found: Awaited<ReturnType<ReviewTalliesRepository['lockAuthorAndFind']>>) {
  const { sut, mock } = newTestService(ReviewTalliesService);
  const repository = mock(ReviewTalliesRepository);
  repository.lockAuthorAndFind.mockResolvedValue(found);
  return { service: sut, repository };
}

describe('ReviewTalliesService.apply', () => {
  it('writes a newer change: the counts it moves and the review tally', async () => {
    const { service, repository } = tallies({
      userExists: true,
      stored: { version: 1, city: 'chicago', deleted: false },
    });
    await expect(service.apply(manager, 7, 3, { version: 2, exists: true, city: 'austin' })).resolves.toBe(
      'applied',
    );
    expect(repository.lockAuthorAndFind).toHaveBeenCalledWith(manager, 3, 7);
    expect(repository.write).toHaveBeenCalledWith(manager, {
      userId: 3,
      total: 0,
      cities: new Map([
        ['chicago', -1],
        ['austin', 1],
      ]),
      tally: { reviewId: 7, city: 'austin', version: 2, deleted: false },
    });
  });

  it('writes nothing for a stale change or an account that no longer exists', async () => {
    const stale = tallies({ userExists: true, stored: { version: 3, city: null, deleted: true } });
    await expect(stale.service.apply(manager, 7, 3, { version: 2, exists: true, city: null })).resolves.toBe(
      'stale',
    );
    expect(stale.repository.write).not.toHaveBeenCalled();
    const gone = tallies({ userExists: false, stored: null });
    await expect(gone.service.apply(manager, 7, 3, { version: 1, exists: true, city: null })).resolves.toBe(
      'unknown-user',
    );
    expect(gone.repository.write).not.toHaveBeenCalled();
  });
});
