import { describe, expect, it } from '@jest/globals';
import {
  joinWords,
  rankRecommendations,
  reasonText,
  recommendationReason,
  recommendationScore,
  type RecommendationCandidate,
} from './recommendation.policy.js';

function candidate(
  id: number,
  signals: Partial<Omit<RecommendationCandidate, 'user'>> = {},
): RecommendationCandidate {
  return {
    user: { id, username: `u${id}`, name: `User ${id}`, profilePicture: null, isPrivate: false, bio: null },
    mutualBuds: 0,
    sharedFlavors: [],
    sharedCities: [],
    ...signals,
  };
}

describe('recommendation scoring', () => {
  it('weighs a mutual bud 3 and each shared flavor or city 2', () => {
    expect(recommendationScore(candidate(1, { mutualBuds: 2 }))).toBe(6);
    expect(
      recommendationScore(candidate(1, { sharedFlavors: ['sushi', 'vegan'], sharedCities: ['paris'] })),
    ).toBe(6);
    expect(
      recommendationScore(candidate(1, { mutualBuds: 1, sharedFlavors: ['sushi'], sharedCities: ['paris'] })),
    ).toBe(7);
    expect(recommendationScore(candidate(1))).toBe(0);
  });

  it('names the strongest signal, buds first on a tie', () => {
    expect(recommendationReason(candidate(1, { mutualBuds: 1 }))).toBe('followed_by_buds');
    expect(recommendationReason(candidate(1, { mutualBuds: 1, sharedFlavors: ['sushi', 'vegan'] }))).toBe(
      'shared_flavors',
    );
    // 6 points each: the tie goes to the buds.
    expect(
      recommendationReason(candidate(1, { mutualBuds: 2, sharedFlavors: ['sushi', 'vegan', 'wine'] })),
    ).toBe('followed_by_buds');
    expect(
      recommendationReason(
        candidate(1, { mutualBuds: 1, sharedFlavors: ['sushi', 'vegan'], sharedCities: ['a', 'b', 'c'] }),
      ),
    ).toBe('shared_cities');
    expect(recommendationReason(candidate(1, { sharedFlavors: ['sushi'], sharedCities: ['paris'] }))).toBe(
      'shared_flavors',
    );
    expect(recommendationReason(candidate(1))).toBeNull();
  });

  it('writes the card sentence', () => {
    expect(reasonText('followed_by_buds', candidate(1, { mutualBuds: 2 }))).toBe(
      'Followed by 2 of your buds',
    );
    expect(reasonText('shared_flavors', candidate(1, { sharedFlavors: ['sushi', 'vegan'] }))).toBe(
      'Also loves sushi and vegan',
    );
    expect(reasonText('shared_flavors', candidate(1, { sharedFlavors: ['sushi', 'vegan', 'wine'] }))).toBe(
      'Also loves sushi, vegan and wine',
    );
    expect(reasonText('shared_cities', candidate(1, { sharedCities: ['new york'] }))).toBe(
      'Also dines in New York',
    );
    expect(reasonText('shared_cities', candidate(1, { sharedCities: ['new york', 'charlottesville'] }))).toBe(
      'Also dines in New York and Charlottesville',
    );
    expect(joinWords([])).toBe('');
    expect(joinWords(['a'])).toBe('a');
  });

  it('ranks by score, then mutual buds, then shared badges, then id, and keeps the limit', () => {
    const ranked = rankRecommendations(
      [
        candidate(5, { sharedCities: ['paris'] }),
        candidate(4, { mutualBuds: 1 }),
        candidate(3, { sharedFlavors: ['sushi', 'vegan'] }),
        candidate(2, { mutualBuds: 2 }),
        candidate(9),
        candidate(1, { sharedFlavors: ['sushi'], sharedCities: ['paris'] }),
      ],
      10,
    );
    // 2 scores 6; 1 and 3 score 4 with no buds and two badges each: the lower id first; then 4 (3), 5 (2).
    expect(ranked.map((r) => r.user.id)).toEqual([2, 1, 3, 4, 5]);
    expect(ranked[0]).toEqual({
      user: expect.objectContaining({ id: 2 }),
      reason: 'followed_by_buds',
      reasonText: 'Followed by 2 of your buds',
      mutualBuds: 2,
      sharedFlavors: [],
      sharedCities: [],
    });
    expect(
      rankRecommendations([candidate(1, { mutualBuds: 1 }), candidate(2, { mutualBuds: 3 })], 1).map(
        (r) => r.user.id,
      ),
    ).toEqual([2]);
    expect(rankRecommendations([candidate(1)], 5)).toEqual([]);
  });
});
