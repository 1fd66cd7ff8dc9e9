/**
 * Discovery (issue #25; docs/api-discovery.md): restaurants ranked by the people I follow with
 * the "why" of each rank, taste match, restaurant search, recommendations and the activity feed.
 * Served by the reviews service from its projections of follows and blocks.
 */
import type { RestaurantSummaryDto } from './reviews.js';

export const DISCOVERY_LIMITS = {
  /** Entries of one ranked list (the best `rankedMax` of a city). */
  rankedMax: 100,
  /** Restaurants both people reviewed before a taste match is given (else null). */
  tasteMatchMinShared: 3,
  /** Taste weight of a bud without a taste match in "Buds like me" (a neutral 50%). */
  tasteWeightUnknown: 0.5,
  /** The smallest taste weight, so a 0% match still counts a little. */
  tasteWeightMin: 0.1,
  searchQueryMin: 2,
  searchQueryMax: 100,
  searchDefault: 10,
  searchMax: 25,
  /** Recommendations answered (the spec shows 6 at a time). */
  recommendationsMax: 6,
  locationMax: 100,
  feedPageDefault: 20,
  feedPageMax: 50,
  cursorMax: 200,
  /** A check-in not checked out closes by itself this many hours after it began. */
  checkInOpenHours: 4,
  /** Characters of a check-in's status line after trimming. */
  checkInStatusMax: 140,
  /** Live hotspots answered (most buds checked in first). */
  hotspotsMax: 20,
  /** The stories strip: buds active in this many hours, at most storiesMax of them. */
  storiesHours: 24,
  storiesMax: 30,
  /** Unreviewed visits answered (newest first). */
  unreviewedMax: 20,
  /** Characters of a status posted without a check-in, after trimming. */
  statusMax: 140,
  /** Buds' statuses one read answers (newest first). */
  statusesMax: 50,
  /** Characters of a check-in comment after trimming, and the comments one read answers. */
  commentMax: 500,
  commentsMax: 100,
} as const;

export const DISCOVERY_MESSAGES = {
  cityRequired: 'Please choose a city',
  unknownSort: 'Sort must be one of top-rated, near-you, most-visited or buds-like-me',
  nearYouNeedsPosition: 'Near You needs your position (lat and lng)',
  latitude: 'lat must be a number from -90 to 90',
  longitude: 'lng must be a number from -180 to 180',
  searchQueryMin: `Type at least ${DISCOVERY_LIMITS.searchQueryMin} characters to search`,
  searchQueryMax: `Search text must be at most ${DISCOVERY_LIMITS.searchQueryMax} characters`,
  searchLimit: `limit must be a whole number from 1 to ${DISCOVERY_LIMITS.searchMax}`,
  locationMax: `Location must be at most ${DISCOVERY_LIMITS.locationMax} characters`,
  feedLimit: `limit must be a whole number from 1 to ${DISCOVERY_LIMITS.feedPageMax}`,
  badCursor: 'This page link is no longer valid; reload the feed',
  tasteMatchSelf: 'Taste match compares you with someone else',
  notCheckedIn: 'You are not checked in anywhere',
  checkInStatusMax: `Status must be at most ${DISCOVERY_LIMITS.checkInStatusMax} characters`,
  checkInConflict: 'Another check-in of yours was saved at the same moment; try again',
  checkInNotFound: 'Check-in not found',
  statusNotFound: 'Status not found',
  commentNotFound: 'Comment not found',
  commentNotYours: 'Only its author or the owner of the post can delete a comment',
  commentDeleted: 'Comment deleted',
  commentRequired: 'Write a comment first',
  statusRequired: 'Write a status first',
  statusMax: `Statuses must be at most ${DISCOVERY_LIMITS.statusMax} characters`,
  commentMax: `Comments must be at most ${DISCOVERY_LIMITS.commentMax} characters`,
  controlCharacters: 'Text cannot contain control characters',
} as const;

export const RANKED_SORTS = ['top-rated', 'near-you', 'most-visited', 'buds-like-me'] as const;
export type RankedSort = (typeof RANKED_SORTS)[number];

/** Spec 2: #1 green, #2-3 light green, #4-6 yellow, #7-9 orange, #10+ red. */
export type RankColor = 'green' | 'light-green' | 'yellow' | 'orange' | 'red';

/** The marker colour of a 1-based rank (spec 2 §Rank colours). */
export function rankColor(rank: number): RankColor {
  if (rank <= 1) return 'green';
  if (rank <= 3) return 'light-green';
  if (rank <= 6) return 'yellow';
  if (rank <= 9) return 'orange';
  return 'red';
}

/** A person beside a discovery item (from reviews' users projection). */
export interface DiscoveryUserDto {
  id: number;
  username: string;
  name: string;
  profilePicture: string | null;
}

/** One bud's review behind a ranked entry (their newest review of the place). */
export interface RankedBudReviewDto {
  user: DiscoveryUserDto;
  /** 1-5 stars. */
  rating: number;
  /** When the review was written (ISO). */
  reviewedAt: string;
  /** YYYY-MM-DD or null. */
  visitDate: string | null;
  /** Your taste match with this bud, 0-100, null under tasteMatchMinShared shared restaurants. */
  tasteMatch: number | null;
  /** Weight of this rating in the entry's rating: 1 except for buds-like-me (see the docs). */
  weight: number;
}

/** How an entry's rank was computed, machine-readable, with a one-sentence summary. */
export interface RankExplanationDto {
  sort: RankedSort;
  /** 'mean' (plain mean of the buds' stars) or 'taste-weighted-mean' (buds-like-me). */
  ratingFormula: 'mean' | 'taste-weighted-mean';
  /** The rating before rounding (3 decimals). */
  exactRating: number;
  /** Sum of the weights (= number of buds for 'mean'). */
  weightTotal: number;
  /** The order of the list, first key first, e.g. ['rating desc', 'friendReviewCount desc', ...]. */
  orderedBy: string[];
  /** Kilometres from lat/lng for near-you (null otherwise, or without coordinates). */
  distanceKm: number | null;
  /** Entries ranked in the list. */
  outOf: number;
  /** e.g. "#1 of 3 in New York by top rated: mean of 2 buds' ratings (5, 4) = 4.5". */
  summary: string;
}

/** GET /api/restaurants/ranked: one ranked restaurant with its "why". */
export interface RankedRestaurantDto extends RestaurantSummaryDto {
  /** 1-based, in the order answered. */
  rank: number;
  colorRating: RankColor;
  /** The buds' rating, one decimal (0-5). */
  rating: number;
  /** Buds (people you follow, visible to you, not blocked) who reviewed it. */
  friendReviewCount: number;
  /** Reviews by your buds, newest first: who, stars, when, taste match and weight. */
  budReviews: RankedBudReviewDto[];
  why: RankExplanationDto;
}

/** GET /api/users/{id}/taste-match. */
export interface TasteMatchDto {
  userId: number;
  /** 0-100 (see docs/api-discovery.md), null under `minimumShared` shared restaurants. */
  tasteMatch: number | null;
  sharedRestaurants: number;
  minimumShared: number;
  /** Mean absolute star difference over the shared restaurants (null with none). */
  meanStarDifference: number | null;
}

/** GET /api/restaurants/search: one match. */
export interface RestaurantSearchItemDto extends RestaurantSummaryDto {
  cuisine: string | null;
  /** Over all reviews, one decimal; null without reviews. */
  averageRating: number | null;
  totalReviews: number;
  /** Your buds who reviewed it, and their mean rating (one decimal; null when none). */
  budReviewCount: number;
  budAverageRating: number | null;
  /** Your buds who rated it 4 or 5 stars or saved it: the order's first key. */
  budFavoriteCount: number;
  isSaved: boolean;
  /** Trigram similarity of the text to the query, 0-1 (3 decimals). */
  matchScore: number;
}

/** GET /api/recommendations: one recommended restaurant. */
export interface RecommendationDto extends RestaurantSummaryDto {
  cuisine: string | null;
  averageRating: number | null;
  totalReviews: number;
  budReviewCount: number;
  budAverageRating: number | null;
  /** The score the list is ordered by (see the docs), 3 decimals. */
  score: number;
  /** Why: 'buds' (buds rated it), 'flavor:<badge>', 'cuisine:<cuisine you rated 4+>', 'city:<city>'. */
  reasons: string[];
  isSaved: boolean;
}

export type FeedItemType = 'review' | 'save' | 'checkin' | 'status';

/** GET /api/activity/feed: one thing a person you follow did. */
export interface FeedItemDto {
  /** Unique across types, e.g. 'review-12', 'status-3'. */
  id: string;
  type: FeedItemType;
  user: DiscoveryUserDto;
  /** The place; null on a status (posted without a check-in, it has none). */
  restaurantId: number | null;
  restaurant: RestaurantSummaryDto | null;
  createdAt: string;
  /** Review stars (null for saves, check-ins and statuses). */
  rating: number | null;
  /** Review notes, a save's notes, a check-in's status line or a status's text (null otherwise). */
  message: string | null;
  /** A check-in's or a status's likes and comments; null on reviews and saves. */
  reactions: FeedReactionsDto | null;
}

export interface FeedPageDto {
  items: FeedItemDto[];
  /** Pass as ?cursor= for the next (older) page; null at the end. */
  nextCursor: string | null;
}

/** A check-in: open until checked out, or until `closesAt` (checkInOpenHours after it began). */
export interface CheckInDto {
  id: number;
  userId: number;
  restaurantId: number;
  restaurant: RestaurantSummaryDto;
  /** The optional status line ("Trying the tasting menu"). */
  status: string | null;
  checkedInAt: string;
  /** When it was checked out (by you, by a newer check-in, or by time); null while open. */
  checkedOutAt: string | null;
  isActive: boolean;
  /** When it closes by itself if not checked out. */
  closesAt: string;
}

/** GET /api/check-ins/current. */
export interface CurrentCheckInDto {
  checkIn: CheckInDto | null;
}

/** A bud checked in at a hotspot now. */
export interface CheckedInFriendDto {
  user: DiscoveryUserDto;
  checkedInAt: string;
  status: string | null;
}

/** GET /api/live-hotspots: a restaurant where people you follow are checked in now. */
export interface LiveHotspotDto extends RestaurantSummaryDto {
  /** Your buds checked in there now, latest first. */
  checkedInFriends: CheckedInFriendDto[];
  /** Everyone checked in there now (open check-ins), you and strangers included. */
  checkedInNow: number;
  /** Check-ins there (by anyone) that began in the last hour: how busy it is. */
  checkInsLastHour: number;
}

/** GET /api/activity/stories: a bud who checked in or reviewed in the last 24 hours. */
export interface StoryDto {
  user: DiscoveryUserDto;
  /** Their latest check-in or review in the window. */
  lastActivityAt: string;
  reviews: number;
  checkIns: number;
}

/** GET /api/check-ins/unreviewed: a place you checked in at and have not reviewed since. */
export interface UnreviewedVisitDto {
  checkInId: number;
  restaurantId: number;
  restaurant: RestaurantSummaryDto;
  checkedInAt: string;
  checkedOutAt: string | null;
}

/** POST /api/check-ins/{id}/like: the like toggled, and the new count. */
export interface CheckInLikeDto {
  checkInId: number;
  liked: boolean;
  likeCount: number;
}

/** A comment on a check-in. */
export interface CheckInCommentDto {
  id: number;
  checkInId: number;
  user: DiscoveryUserDto;
  text: string;
  createdAt: string;
}

/** A status line posted without a check-in (POST /api/statuses, GET /api/statuses). */
export interface StatusDto {
  id: number;
  user: DiscoveryUserDto;
  text: string;
  createdAt: string;
  /** Its likes and comments (a new status has none). */
  reactions: FeedReactionsDto;
}

/** POST /api/statuses/{id}/like: the like toggled, and the new count. */
export interface StatusLikeDto {
  statusId: number;
  liked: boolean;
  likeCount: number;
}

/** A comment on a status. */
export interface StatusCommentDto {
  id: number;
  statusId: number;
  user: DiscoveryUserDto;
  text: string;
  createdAt: string;
}

export interface StatusCommentRequest {
  statusId: number;
  text: string;
}

/** DELETE /api/check-ins/{id}/comments/{commentId} (`checkIns.deleteComment`). */
export interface DeleteCheckInCommentRequest {
  checkInId: number;
  commentId: number;
}

/** DELETE /api/statuses/{id}/comments/{commentId} (`statuses.deleteComment`). */
export interface DeleteStatusCommentRequest {
  statusId: number;
  commentId: number;
}

export interface PostStatusRequest {
  text: string;
}

/** Likes and comments of a check-in or status (on the feed: null on reviews and saves). */
export interface FeedReactionsDto {
  likeCount: number;
  likedByMe: boolean;
  commentCount: number;
}

export interface CheckInCommentRequest {
  checkInId: number;
  text: string;
}

export interface CheckInRequest {
  restaurantId: number;
  status?: string | null;
}

/** Request shapes of the discovery RPCs (the caller travels in headers). */
export interface RankedRestaurantsRequest {
  city: string;
  sort?: RankedSort;
  lat?: number;
  lng?: number;
}
export interface RestaurantSearchRequest {
  q: string;
  limit?: number;
}
export interface RecommendationsRequest {
  location?: string;
}
export interface FeedRequest {
  city?: string;
  cursor?: string;
  limit?: number;
}
