import { Injectable } from '@nestjs/common';
import type { Caller, FriendRecommendationDto } from '@dinebuds/contracts';
import { Transactions } from '@dinebuds/service-kit';
import { rankRecommendations, type RecommendationCandidate } from './recommendation.policy.js';
import { RecommendationsRepository } from './recommendations.repository.js';

@Injectable()
export class RecommendationsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly recommendations: RecommendationsRepository,
  ) {}

  /** Friend recommendations for the caller, best first (empty until the caller is in the projection). */
  async list(caller: Caller, limit: number): Promise<FriendRecommendationDto[]> {
    const rows = await this.recommendations.candidates(this.transactions.outside, caller.userId, limit);
    const candidates: RecommendationCandidate[] = rows.map((row) => ({
      user: {
        id: row.id,
        username: row.username,
        name: row.name,
        profilePicture: row.profilePicture,
        isPrivate: row.isPrivate,
        bio: row.bio,
      },
      mutualBuds: row.mutualBuds,
      sharedFlavors: row.sharedFlavors,
      sharedCities: row.sharedCities,
    }));
    return rankRecommendations(candidates, limit);
  }
}
