import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { UsersRepository } from '../users/users.repository.js';
import { planTally, tallyDeltas, type ReviewChange } from './review-tally.policy.js';
import { ReviewTalliesRepository } from './review-tallies.repository.js';

export type TallyOutcome = 'applied' | 'stale' | 'unknown-user';

/**
 * reviewCount, per-city counts and city badges follow the reviews service's events. Runs in the
 * consumer's inbox transaction; the user row is locked first, so one user's review events apply
 * one at a time (in order per user), and each review's version decides what is newer.
 */
@Injectable()
export class ReviewTalliesService {
  constructor(
    private readonly users: UsersRepository,
    private readonly tallies: ReviewTalliesRepository,
  ) {}

  async apply(
    manager: EntityManager,
    reviewId: number,
    userId: number,
    change: ReviewChange,
  ): Promise<TallyOutcome> {
    // A deleted account has nothing left to count (its events may still be in flight).
    if (!(await this.users.lockById(manager, userId))) return 'unknown-user';
    const plan = planTally(await this.tallies.find(manager, reviewId), change);
    if (!plan.apply) return 'stale';
    const deltas = tallyDeltas(plan);
    await this.tallies.addToReviewCount(manager, userId, deltas.total);
    await this.tallies.addToCities(manager, userId, deltas.cities);
    await this.tallies.save(manager, {
      reviewId,
      userId,
      city: change.city,
      version: change.version,
      deleted: !change.exists,
    });
    return 'applied';
  }
}
