import { describe, expect, it } from '@jest/globals';
import {
  pickRecommendations,
  scoreRecommendation,
  type RecommendationSignals,
} from './recommendation.policy.js';

const signals = (over: Partial<RecommendationSignals>): RecommendationSignals => ({
  id: 1,
  text: 'plain diner',
  city: 'chicago',
  averageRating: 4,
  totalReviews: 1,
  budReviewCount: 0,
  budAverageRating: null,
  myFlavors: [],
  myCities: [],
  myLikedNames: [],
  ...over,
});

describe('recommendation scores', () => {
  it("starts from the buds' mean, else the mean of all reviews; unrated places are left out", () => {
    expect(scoreRecommendation(signals({}))).toEqual({ score: 4, reasons: [] });
    expect(scoreRecommendation(signals({ budReviewCount: 2, budAverageRating: 3 }))).toEqual({
      score: 3.2,
      reasons: ['buds'],
    });
    expect(scoreRecommendation(signals({ averageRating: null }))).toBeNull();
  });

  it('adds flavor badges, flavors of places you loved and your cities', () => {
    expect(
      scoreRecommendation(
        signals({
          text: "tony's pizza",
          myFlavors: ['pizza'],
          myLikedNames: ['pizza palace'],
          myCities: ['chicago'],
        }),
      ),
    ).toEqual({ score: 5.25, reasons: ['flavor:pizza', 'cuisine:pizza', 'city:chicago'] });
  });

  it('orders by score, then reviews, then id, six at most', () => {
    const picked = pickRecommendations(
      Array.from({ length: 8 }, (_, i) =>
        signals({ id: i + 1, averageRating: i % 2 ? 5 : 4, totalReviews: i }),
      ),
    );
    expect(picked.map((p) => p.candidate.id)).toEqual([8, 6, 4, 2, 7, 5]);
  });
});
