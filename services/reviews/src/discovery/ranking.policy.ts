import {
  DISCOVERY_LIMITS,
  rankColor,
  type DiscoveryUserDto,
  type RankedBudReviewDto,
  type RankedRestaurantDto,
  type RankedSort,
  type RestaurantSummaryDto,
} from '@dinebuds/contracts';
import { distanceKm } from '../restaurants/distance.js';
import { tasteWeight } from './taste-match.policy.js';

/** One bud's newest review of a place, with your taste match with them. */
export interface BudReview {
  user: DiscoveryUserDto;
  rating: number;
  reviewedAt: Date;
  visitDate: string | null;
  tasteMatch: number | null;
}

/** A restaurant of the city with the reviews of your buds (one per bud). */
export interface RankCandidate {
  restaurant: RestaurantSummaryDto;
  reviews: BudReview[];
}

export interface RankOptions {
  sort: RankedSort;
  /** Your position (near-you). */
  origin: { latitude: number; longitude: number } | null;
  /** The city as a sentence names it. */
  cityName: string;
  max?: number;
}

/** The keys each sort orders by, first key first (the "why" repeats them). */
export const RANK_ORDER: Record<RankedSort, string[]> = {
  'top-rated': ['rating desc', 'friendReviewCount desc', 'latestReviewAt desc', 'id asc'],
  'buds-like-me': ['tasteWeightedRating desc', 'friendReviewCount desc', 'latestReviewAt desc', 'id asc'],
  'most-visited': ['friendReviewCount desc', 'rating desc', 'latestReviewAt desc', 'id asc'],
  'near-you': ['distanceKm asc (no coordinates last)', 'rating desc', 'id asc'],
};

const SORT_LABEL: Record<RankedSort, string> = {
  'top-rated': 'top rated',
  'buds-like-me': 'buds like me',
  'most-visited': 'most visited',
  'near-you': 'near you',
};

interface Scored {
  candidate: RankCandidate;
  weights: number[];
  exact: number;
  weightTotal: number;
  latest: number;
  distance: number | null;
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/** Newest review first (then the lower user id): the order of the "why" panel and its summary. */
const newestFirst = (a: BudReview, b: BudReview) =>
  b.reviewedAt.getTime() - a.reviewedAt.getTime() || a.user.id - b.user.id;

function score(unordered: RankCandidate, options: RankOptions): Scored {
  const candidate = { ...unordered, reviews: [...unordered.reviews].sort(newestFirst) };
  const weighted = options.sort === 'buds-like-me';
  const weights = candidate.reviews.map((r) => (weighted ? tasteWeight(r.tasteMatch) : 1));
  const weightTotal = weights.reduce((a, b) => a + b, 0);
  const sum = candidate.reviews.reduce((a, r, i) => a + r.rating * weights[i], 0);
  const { latitude, longitude } = candidate.restaurant;
  const distance =
    options.origin && latitude !== null && longitude !== null
      ? distanceKm(options.origin.latitude, options.origin.longitude, latitude, longitude)
      : null;
  return {
    candidate,
    weights,
    exact: weightTotal > 0 ? sum / weightTotal : 0,
    weightTotal,
    latest: Math.max(...candidate.reviews.map((r) => r.reviewedAt.getTime())),
    distance,
  };
}

function compare(sort: RankedSort): (a: Scored, b: Scored) => number {
  const byRating = (a: Scored, b: Scored) => b.exact - a.exact;
  const byCount = (a: Scored, b: Scored) => b.candidate.reviews.length - a.candidate.reviews.length;
  const byLatest = (a: Scored, b: Scored) => b.latest - a.latest;
  const byId = (a: Scored, b: Scored) => a.candidate.restaurant.id - b.candidate.restaurant.id;
  const byDistance = (a: Scored, b: Scored) =>
    a.distance === null ? (b.distance === null ? 0 : 1) : b.distance === null ? -1 : a.distance - b.distance;
  const keys =
    sort === 'most-visited'
      ? [byCount, byRating, byLatest, byId]
      : sort === 'near-you'
        ? [byDistance, byRating, byId]
        : [byRating, byCount, byLatest, byId];
  return (a, b) => {
    for (const key of keys) {
      const d = key(a, b);
      if (d !== 0) return d;
    }
    return 0;
  };
}

function summaryOf(s: Scored, rank: number, outOf: number, options: RankOptions): string {
  const n = s.candidate.reviews.length;
  const buds = n === 1 ? "1 bud's rating" : `${n} buds' ratings`;
  const stars =
    options.sort === 'buds-like-me'
      ? s.candidate.reviews.map((r, i) => `${r.rating}×${round(s.weights[i], 2)}`).join(', ')
      : s.candidate.reviews.map((r) => r.rating).join(', ');
  const formula = `${options.sort === 'buds-like-me' ? 'taste-weighted mean' : 'mean'} of ${buds} (${stars}) = ${round(s.exact, 1)}`;
  const lead =
    options.sort === 'near-you'
      ? s.distance === null
        ? 'no coordinates; '
        : `${round(s.distance, 1)} km away; `
      : options.sort === 'most-visited'
        ? `${n === 1 ? '1 bud' : `${n} buds`} reviewed it; `
        : '';
  return `#${rank} of ${outOf} in ${options.cityName} by ${SORT_LABEL[options.sort]}: ${lead}${formula}`;
}

/**
 * The ranked list of a city from your buds' reviews (each bud counted once, by their newest
 * review of the place): the rating is the mean of the buds' stars, or for buds-like-me their
 * taste-weighted mean; the order is RANK_ORDER[sort]; rank is 1-based in that order and colours
 * as spec 2 says. Places without a bud review are never ranked. At most `max` entries.
 */
export function rankRestaurants(candidates: RankCandidate[], options: RankOptions): RankedRestaurantDto[] {
  const max = options.max ?? DISCOVERY_LIMITS.rankedMax;
  const all = candidates
    .filter((c) => c.reviews.length > 0)
    .map((c) => score(c, options))
    .sort(compare(options.sort));
  const outOf = all.length;
  const scored = all.slice(0, max);
  return scored.map((s, index) => {
    const rank = index + 1;
    const budReviews: RankedBudReviewDto[] = s.candidate.reviews.map((r, i) => ({
      user: r.user,
      rating: r.rating,
      reviewedAt: r.reviewedAt.toISOString(),
      visitDate: r.visitDate,
      tasteMatch: r.tasteMatch,
      weight: round(s.weights[i], 3),
    }));
    return {
      ...s.candidate.restaurant,
      rank,
      colorRating: rankColor(rank),
      rating: round(s.exact, 1),
      friendReviewCount: s.candidate.reviews.length,
      budReviews,
      why: {
        sort: options.sort,
        ratingFormula: options.sort === 'buds-like-me' ? 'taste-weighted-mean' : 'mean',
        exactRating: round(s.exact, 3),
        weightTotal: round(s.weightTotal, 3),
        orderedBy: RANK_ORDER[options.sort],
        distanceKm: s.distance === null ? null : round(s.distance, 2),
        outOf,
        summary: summaryOf(s, rank, outOf, options),
      },
    };
  });
}
