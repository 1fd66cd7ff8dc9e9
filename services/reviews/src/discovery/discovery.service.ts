import { Injectable } from '@nestjs/common';
import {
  DISCOVERY_LIMITS,
  DISCOVERY_MESSAGES,
  type Caller,
  type FeedPageDto,
  type FeedRequest,
  type JsonAnswer,
  type LiveHotspotDto,
  type StoryDto,
  type RankedRestaurantDto,
  type RankedRestaurantsRequest,
  type RecommendationDto,
  type RecommendationsRequest,
  type RestaurantSearchItemDto,
  type RestaurantSearchRequest,
  type TasteMatchDto,
} from '@dinebuds/contracts';
import { badRequest, notFound } from '@dinebuds/errors';
import type { AnswerForm } from '@dinebuds/service-client';
import { Transactions } from '@dinebuds/service-kit';
import type { EntityManager } from 'typeorm';
import { PrivacyService } from '../privacy/privacy.service.js';
import { ReadSnapshotsService } from '../read-snapshots/read-snapshots.service.js';
import { SocialGraphEdgesRepository } from '../projections/social-graph/social-graph-edges.repository.js';
import { oneDecimal, restaurantSummary } from '../restaurants/restaurant.mapper.js';
import { cityKeyOf, cityNameOf } from './city.policy.js';
import { DiscoveryRepository, type FeedPosition, type UserColumns } from './discovery.repository.js';
import { decodeFeedCursor, encodeFeedCursor } from './feed-cursor.policy.js';
import { liveHotspots } from './hotspot.policy.js';
import { rankRestaurants, type RankCandidate, type RankOptions } from './ranking.policy.js';
import { pickRecommendations } from './recommendation.policy.js';
import { meanStarDifference, tasteMatchPercent } from './taste-match.policy.js';

/** Search reads at most this many of the closest text matches before ordering by buds. */
const SEARCH_CANDIDATES = 200;
/** Recommendations score at most this many places of your cities beside your buds' places. */
const RECOMMENDATION_CITY_CANDIDATES = 300;

const userOf = (row: UserColumns) => ({
  id: row.user_id,
  username: row.u_username,
  name: row.u_name,
  profilePicture: row.u_profile_picture,
});

/**
 * Discovery for the signed-in caller, from reviews' own tables and its projections of follows
 * and blocks: each read is one statement (DiscoveryRepository) and pure policies on its rows.
 */
@Injectable()
export class DiscoveryService {
  constructor(
    private readonly transactions: Transactions,
    private readonly discovery: DiscoveryRepository,
    private readonly edges: SocialGraphEdgesRepository,
    private readonly privacy: PrivacyService,
    private readonly snapshots: ReadSnapshotsService,
  ) {}

  /** The city's restaurants ranked by your buds' reviews, each with its "why" (ranking.policy). */
  async ranked(
    caller: Caller,
    request: RankedRestaurantsRequest,
    form: AnswerForm,
  ): Promise<JsonAnswer<RankedRestaurantDto[]>> {
    const sort = request.sort ?? 'top-rated';
    const hasLat = request.lat !== undefined && request.lat !== null;
    const hasLng = request.lng !== undefined && request.lng !== null;
    if (hasLat !== hasLng || (sort === 'near-you' && !hasLat))
      throw badRequest(DISCOVERY_MESSAGES.nearYouNeedsPosition);
    const cityKey = cityKeyOf(request.city);
    const cityName = cityNameOf(request.city);
    // With the caller's position (Near You, distances) the answer is theirs alone: computed each
    // time. Without it, it depends only on the tables: served from the viewer's snapshot.
    if (hasLat)
      return JSON.stringify(
        await this.rank(this.transactions.outside, caller.userId, cityKey, cityName, {
          sort,
          origin: { latitude: request.lat!, longitude: request.lng! },
        }),
      );
    return this.snapshots.serve(
      caller.userId,
      `ranked:${sort}:${cityKey}:${cityName}`,
      (manager) => this.rank(manager, caller.userId, cityKey, cityName, { sort, origin: null }),
      form,
    );
  }

  private async rank(
    manager: EntityManager,
    viewerId: number,
    cityKey: string,
    cityName: string,
    order: Omit<RankOptions, 'cityName'>,
  ): Promise<RankedRestaurantDto[]> {
    const rows = await this.discovery.budReviewsInCity(manager, viewerId, cityKey);
    const byRestaurant = new Map<number, RankCandidate>();
    for (const row of rows) {
      let candidate = byRestaurant.get(row.restaurant_id);
      if (!candidate) {
        candidate = { restaurant: restaurantSummary(row), reviews: [] };
        byRestaurant.set(row.restaurant_id, candidate);
      }
      candidate.reviews.push({
        user: userOf(row),
        rating: row.rating,
        reviewedAt: row.created_at,
        visitDate: row.visit_date,
        tasteMatch: tasteMatchPercent({
          shared: row.taste_shared,
          absoluteDifferenceSum: row.taste_diff_sum,
        }),
      });
    }
    return rankRestaurants([...byRestaurant.values()], { ...order, cityName });
  }

  /**
   * Your taste match with another person (taste-match.policy): 400 for yourself, 404 for someone
   * unknown or with a block between you, 403 for a private profile you do not follow.
   */
  async tasteMatch(caller: Caller, userId: number): Promise<TasteMatchDto> {
    if (userId === caller.userId) throw badRequest(DISCOVERY_MESSAGES.tasteMatchSelf);
    const manager = this.transactions.outside;
    if (await this.edges.blockedEitherWay(manager, caller.userId, userId)) throw notFound('User not found');
    await this.privacy.assertCanSee(caller.userId, userId);
    const row = await this.discovery.sharedTaste(manager, caller.userId, userId);
    const taste = { shared: row.shared, absoluteDifferenceSum: row.diff_sum };
    return {
      userId,
      tasteMatch: tasteMatchPercent(taste),
      sharedRestaurants: row.shared,
      minimumShared: DISCOVERY_LIMITS.tasteMatchMinShared,
      meanStarDifference: meanStarDifference(taste),
    };
  }

  /** Restaurants by name, cuisine or address words, typo-tolerant, your buds' favourites first. */
  async search(caller: Caller, request: RestaurantSearchRequest): Promise<RestaurantSearchItemDto[]> {
    const q = request.q.trim();
    if (q.length < DISCOVERY_LIMITS.searchQueryMin) throw badRequest(DISCOVERY_MESSAGES.searchQueryMin);
    const limit = Math.min(request.limit ?? DISCOVERY_LIMITS.searchDefault, DISCOVERY_LIMITS.searchMax);
    const rows = await this.discovery.search(
      this.transactions.outside,
      caller.userId,
      q,
      limit,
      SEARCH_CANDIDATES,
    );
    return rows.map((row) => ({
      ...restaurantSummary(row),
      cuisine: row.r_cuisine,
      averageRating: oneDecimal(row.average_rating),
      totalReviews: row.total_reviews,
      budReviewCount: row.bud_review_count,
      budAverageRating: oneDecimal(row.bud_average_rating),
      budFavoriteCount: row.bud_favorite_count,
      isSaved: row.is_saved,
      matchScore: row.match_score,
    }));
  }

  /** Up to 6 places you have not reviewed, from your buds' reviews, your reviews and your badges. */
  async recommendations(caller: Caller, request: RecommendationsRequest): Promise<RecommendationDto[]> {
    const location = request.location?.trim() ? request.location.trim() : null;
    const rows = await this.discovery.recommendationCandidates(
      this.transactions.outside,
      caller.userId,
      { location, locationCity: location === null ? null : cityKeyOf(location) },
      RECOMMENDATION_CITY_CANDIDATES,
    );
    const picked = pickRecommendations(
      rows.map((row) => ({
        row,
        id: row.restaurant_id,
        text: `${row.r_name} ${row.r_cuisine ?? ''}`.toLowerCase(),
        city: row.r_city,
        averageRating: row.average_rating,
        totalReviews: row.total_reviews,
        budReviewCount: row.bud_review_count,
        budAverageRating: row.bud_average_rating,
        myFlavors: row.my_flavors,
        myCities: row.my_cities,
        myLikedNames: row.my_liked_names,
      })),
    );
    return picked.map(({ candidate: { row }, score }) => ({
      ...restaurantSummary(row),
      cuisine: row.r_cuisine,
      averageRating: oneDecimal(row.average_rating),
      totalReviews: row.total_reviews,
      budReviewCount: row.bud_review_count,
      budAverageRating: oneDecimal(row.bud_average_rating),
      score: score.score,
      reasons: score.reasons,
      isSaved: row.is_saved,
    }));
  }

  /** The stories strip: buds who reviewed or checked in during the last 24 hours, latest first. */
  async stories(caller: Caller): Promise<StoryDto[]> {
    const rows = await this.discovery.stories(
      this.transactions.outside,
      caller.userId,
      DISCOVERY_LIMITS.storiesHours,
      DISCOVERY_LIMITS.storiesMax,
    );
    return rows.map((row) => ({
      user: userOf(row),
      lastActivityAt: row.last_activity_at.toISOString(),
      reviews: row.reviews,
      checkIns: row.check_ins,
    }));
  }

  /** Where your buds are checked in now, who they are and how busy each place is (hotspot.policy). */
  async hotspots(caller: Caller): Promise<LiveHotspotDto[]> {
    const rows = await this.discovery.hotspots(
      this.transactions.outside,
      caller.userId,
      DISCOVERY_LIMITS.checkInOpenHours,
    );
    return liveHotspots(
      rows.map((row) => ({
        restaurant: restaurantSummary(row),
        friend: { user: userOf(row), checkedInAt: row.checked_in_at, status: row.status },
        checkedInNow: row.checked_in_now,
        checkInsLastHour: row.check_ins_last_hour,
      })),
    );
  }

  /**
   * Your buds' reviews, saves, check-ins and statuses, newest first, one page after `cursor`. A
   * status has no city: with a city filter only the other kinds are answered.
   */
  async feed(caller: Caller, request: FeedRequest, form: AnswerForm): Promise<JsonAnswer<FeedPageDto>> {
    const after = request.cursor ? decodeFeedCursor(request.cursor) : null;
    if (request.cursor && after === null) throw badRequest(DISCOVERY_MESSAGES.badCursor);
    const limit = Math.min(request.limit ?? DISCOVERY_LIMITS.feedPageDefault, DISCOVERY_LIMITS.feedPageMax);
    const city = request.city?.trim() ? cityKeyOf(request.city) : null;
    // The first page is what everyone opens: served from the viewer's snapshot. Later pages are read live.
    if (after)
      return JSON.stringify(
        await this.feedPage(this.transactions.outside, caller.userId, { city, after, limit }),
      );
    return this.snapshots.serve(
      caller.userId,
      `feed:${limit}:${city ?? ''}`,
      (manager) => this.feedPage(manager, caller.userId, { city, after: null, limit }),
      form,
    );
  }

  private async feedPage(
    manager: EntityManager,
    viewerId: number,
    page: { city: string | null; after: FeedPosition | null; limit: number },
  ): Promise<FeedPageDto> {
    const { limit } = page;
    const rows = await this.discovery.feed(manager, viewerId, { ...page, limit: limit + 1 });
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    return {
      items: items.map((row) => ({
        id: `${row.type}-${row.id}`,
        type: row.type,
        user: userOf(row),
        // A status is posted without a place.
        restaurantId: row.restaurant_id,
        restaurant: row.restaurant_id === null ? null : restaurantSummary(row),
        createdAt: row.created_at.toISOString(),
        rating: row.rating,
        message: row.message,
        reactions:
          row.type === 'checkin' || row.type === 'status'
            ? {
                likeCount: row.like_count ?? 0,
                likedByMe: row.liked_by_me ?? false,
                commentCount: row.comment_count ?? 0,
              }
            : null,
      })),
      nextCursor:
        rows.length > limit && last
          ? encodeFeedCursor({ micros: last.created_micros, kind: last.kind, id: last.id })
          : null,
    };
  }
}
