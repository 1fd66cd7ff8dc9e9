import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { planTally, tallyDeltas, type ReviewChange } from './review-tally.policy.js';
import { ReviewTalliesRepository } from './review-tallies.repository.js';

export type TallyOutcome = 'applied' | 'stale' | 'unknown-user';

/**
 * reviewCount, per-city counts and city badges follow the reviews service's events. Runs in the
 * consumer's inbox transaction; the user row is locked first, so one user's review events apply
 * one at a time (in order per user), and each review's version decides what is newer. Two
 * statements per event (see ReviewTalliesRepository).
 */
@Injectable()
export class ReviewTalliesService {
  constructor(private readonly tallies: ReviewTalliesRepository) {}

  async apply(
    manager: EntityManager,
    reviewId: number,
    userId: number,
    change: ReviewChange,
  ): Promise<TallyOutcome> {
    const { userExists, stored } = await this.tallies.lockAuthorAndFind(manager, userId, reviewId);
    // A deleted account has nothing left to count (its events may still be in flight).
    if (!userExists) return 'unknown-user';
    const plan = planTally(stored, change);
    if (!plan.apply) return 'stale';
    const deltas = tallyDeltas(plan);
    await this.tallies.write(manager, {
      userId,
      total: deltas.total,
      cities: deltas.cities,
      tally: { reviewId, city: change.city, version: change.version, deleted: !change.exists },
    });
    return 'applied';
  }
}
