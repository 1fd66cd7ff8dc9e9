import { ApiProperty } from '@nestjs/swagger';
import {
  RANKED_SORTS,
  type CheckedInFriendDto,
  type CheckInCommentDto,
  type CheckInLikeDto,
  type FeedReactionsDto,
  type CheckInDto,
  type CurrentCheckInDto,
  type LiveHotspotDto,
  type DiscoveryUserDto,
  type FeedItemDto,
  type FeedItemType,
  type FeedPageDto,
  type RankColor,
  type RankedBudReviewDto,
  type RankedRestaurantDto,
  type RankedSort,
  type RankExplanationDto,
  type RecommendationDto,
  type RestaurantSearchItemDto,
  type StatusCommentDto,
  type StatusDto,
  type StatusLikeDto,
  type StoryDto,
  type UnreviewedVisitDto,
  type TasteMatchDto,
} from '@dinebuds/contracts';
import { RestaurantSummarySchema } from './reviews.responses.js';

const RANK_COLORS: RankColor[] = ['green', 'light-green', 'yellow', 'orange', 'red'];
const FEED_TYPES: FeedItemType[] = ['review', 'save', 'checkin', 'status'];

export class DiscoveryUserSchema implements DiscoveryUserDto {
  @ApiProperty({ example: 7 }) id: number;
  @ApiProperty({ example: 'alice' }) username: string;
  @ApiProperty({ example: 'Alice Liddell' }) name: string;
  @ApiProperty({ type: String, nullable: true, example: '/api/users/7/profile-picture?v=3' })
  profilePicture: string | null;
}

export class RankedBudReviewSchema implements RankedBudReviewDto {
  @ApiProperty({ type: DiscoveryUserSchema }) user: DiscoveryUserSchema;
  @ApiProperty({ minimum: 1, maximum: 5, example: 5 }) rating: number;
  @ApiProperty({ format: 'date-time' }) reviewedAt: string;
  @ApiProperty({ type: String, nullable: true, format: 'date', example: '2024-05-31' }) visitDate:
    string | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    minimum: 0,
    maximum: 100,
    example: 88,
    description: 'Your taste match with this bud; null under the minimum of shared restaurants',
  })
  tasteMatch: number | null;
  @ApiProperty({ example: 1, description: "This rating's weight: 1, or the taste weight for buds-like-me" })
  weight: number;
}

export class RankExplanationSchema implements RankExplanationDto {
  @ApiProperty({ enum: RANKED_SORTS }) sort: RankedSort;
  @ApiProperty({ enum: ['mean', 'taste-weighted-mean'] }) ratingFormula: 'mean' | 'taste-weighted-mean';
  @ApiProperty({ example: 4.5, description: 'The rating before rounding (3 decimals)' }) exactRating: number;
  @ApiProperty({ example: 2, description: 'Sum of the weights (the number of buds for mean)' })
  weightTotal: number;
  @ApiProperty({
    type: [String],
    example: ['rating desc', 'friendReviewCount desc', 'latestReviewAt desc', 'id asc'],
  })
  orderedBy: string[];
  @ApiProperty({ type: Number, nullable: true, example: null, description: 'near-you only' })
  distanceKm: number | null;
  @ApiProperty({ example: 3 }) outOf: number;
  @ApiProperty({ example: "#1 of 3 in New York by top rated: mean of 2 buds' ratings (5, 4) = 4.5" })
  summary: string;
}

export class RankedRestaurantSchema extends RestaurantSummarySchema implements RankedRestaurantDto {
  @ApiProperty({ example: 1, minimum: 1 }) rank: number;
  @ApiProperty({
    enum: RANK_COLORS,
    description: '#1 green, #2-3 light-green, #4-6 yellow, #7-9 orange, #10+ red',
  })
  colorRating: RankColor;
  @ApiProperty({ minimum: 0, maximum: 5, example: 4.5, description: "Your buds' rating, one decimal" })
  rating: number;
  @ApiProperty({ example: 2 }) friendReviewCount: number;
  @ApiProperty({ type: [RankedBudReviewSchema] }) budReviews: RankedBudReviewSchema[];
  @ApiProperty({ type: RankExplanationSchema }) why: RankExplanationSchema;
}

export class TasteMatchSchema implements TasteMatchDto {
  @ApiProperty({ example: 7 }) userId: number;
  @ApiProperty({ type: Number, nullable: true, minimum: 0, maximum: 100, example: 88 }) tasteMatch:
    number | null;
  @ApiProperty({ example: 4 }) sharedRestaurants: number;
  @ApiProperty({ example: 3 }) minimumShared: number;
  @ApiProperty({ type: Number, nullable: true, example: 0.5 }) meanStarDifference: number | null;
}

export class RestaurantSearchItemSchema extends RestaurantSummarySchema implements RestaurantSearchItemDto {
  @ApiProperty({ type: String, nullable: true, example: 'Pizza' }) cuisine: string | null;
  @ApiProperty({ type: Number, nullable: true, example: 4.3 }) averageRating: number | null;
  @ApiProperty({ example: 3 }) totalReviews: number;
  @ApiProperty({ example: 1 }) budReviewCount: number;
  @ApiProperty({ type: Number, nullable: true, example: 5 }) budAverageRating: number | null;
  @ApiProperty({ example: 1, description: 'Your buds who rated it 4+ or saved it (the first sort key)' })
  budFavoriteCount: number;
  @ApiProperty() isSaved: boolean;
  @ApiProperty({ example: 0.8, description: 'Trigram similarity to the query, 0-1' }) matchScore: number;
}

export class RecommendationSchema extends RestaurantSummarySchema implements RecommendationDto {
  @ApiProperty({ type: String, nullable: true, example: 'Sushi' }) cuisine: string | null;
  @ApiProperty({ type: Number, nullable: true, example: 4.3 }) averageRating: number | null;
  @ApiProperty({ example: 3 }) totalReviews: number;
  @ApiProperty({ example: 2 }) budReviewCount: number;
  @ApiProperty({ type: Number, nullable: true, example: 4.5 }) budAverageRating: number | null;
  @ApiProperty({ example: 5.25 }) score: number;
  @ApiProperty({ type: [String], example: ['buds', 'flavor:sushi', 'city:chicago'] }) reasons: string[];
  @ApiProperty() isSaved: boolean;
}

export class FeedReactionsSchema implements FeedReactionsDto {
  @ApiProperty({ example: 2 }) likeCount: number;
  @ApiProperty() likedByMe: boolean;
  @ApiProperty({ example: 1 }) commentCount: number;
}

export class FeedItemSchema implements FeedItemDto {
  @ApiProperty({ example: 'review-12' }) id: string;
  @ApiProperty({ enum: FEED_TYPES }) type: FeedItemType;
  @ApiProperty({ type: DiscoveryUserSchema }) user: DiscoveryUserSchema;
  @ApiProperty({ type: Number, nullable: true, example: 12, description: 'Null on a status' })
  restaurantId: number | null;
  @ApiProperty({
    type: RestaurantSummarySchema,
    nullable: true,
    description: 'Null on a status (posted without a check-in)',
  })
  restaurant: RestaurantSummarySchema | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: Number, nullable: true, example: 4 }) rating: number | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "Review or save notes, a check-in's status line, a status's text",
  })
  message: string | null;
  @ApiProperty({
    type: FeedReactionsSchema,
    nullable: true,
    description: "A check-in's or a status's likes and comments; null otherwise",
  })
  reactions: FeedReactionsSchema | null;
}

export class FeedPageSchema implements FeedPageDto {
  @ApiProperty({ type: [FeedItemSchema] }) items: FeedItemSchema[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Pass as ?cursor= for older items; null at the end',
  })
  nextCursor: string | null;
}

export class CheckInSchema implements CheckInDto {
  @ApiProperty({ example: 5 }) id: number;
  @ApiProperty({ example: 7 }) userId: number;
  @ApiProperty({ example: 12 }) restaurantId: number;
  @ApiProperty({ type: RestaurantSummarySchema }) restaurant: RestaurantSummarySchema;
  @ApiProperty({ type: String, nullable: true, example: 'Trying the tasting menu' }) status: string | null;
  @ApiProperty({ format: 'date-time' }) checkedInAt: string;
  @ApiProperty({
    type: String,
    nullable: true,
    format: 'date-time',
    description: 'Checked out by you, by a newer check-in or by time; null while open',
  })
  checkedOutAt: string | null;
  @ApiProperty() isActive: boolean;
  @ApiProperty({ format: 'date-time', description: 'When it closes by itself (4 hours after it began)' })
  closesAt: string;
}

export class CurrentCheckInSchema implements CurrentCheckInDto {
  @ApiProperty({ type: CheckInSchema, nullable: true }) checkIn: CheckInSchema | null;
}

export class CheckedInFriendSchema implements CheckedInFriendDto {
  @ApiProperty({ type: DiscoveryUserSchema }) user: DiscoveryUserSchema;
  @ApiProperty({ format: 'date-time' }) checkedInAt: string;
  @ApiProperty({ type: String, nullable: true }) status: string | null;
}

export class LiveHotspotSchema extends RestaurantSummarySchema implements LiveHotspotDto {
  @ApiProperty({ type: [CheckedInFriendSchema] }) checkedInFriends: CheckedInFriendSchema[];
  @ApiProperty({ example: 3, description: 'Everyone checked in there now' }) checkedInNow: number;
  @ApiProperty({ example: 5, description: 'Check-ins there that began in the last hour' })
  checkInsLastHour: number;
}

export class StorySchema implements StoryDto {
  @ApiProperty({ type: DiscoveryUserSchema }) user: DiscoveryUserSchema;
  @ApiProperty({ format: 'date-time' }) lastActivityAt: string;
  @ApiProperty({ example: 1, description: 'Reviews in the last 24 hours' }) reviews: number;
  @ApiProperty({ example: 1, description: 'Check-ins in the last 24 hours' }) checkIns: number;
}

export class UnreviewedVisitSchema implements UnreviewedVisitDto {
  @ApiProperty({ example: 5 }) checkInId: number;
  @ApiProperty({ example: 12 }) restaurantId: number;
  @ApiProperty({ type: RestaurantSummarySchema }) restaurant: RestaurantSummarySchema;
  @ApiProperty({ format: 'date-time' }) checkedInAt: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) checkedOutAt: string | null;
}

export class CheckInLikeSchema implements CheckInLikeDto {
  @ApiProperty({ example: 5 }) checkInId: number;
  @ApiProperty({ description: 'Whether you like it now' }) liked: boolean;
  @ApiProperty({ example: 3 }) likeCount: number;
}

export class CheckInCommentSchema implements CheckInCommentDto {
  @ApiProperty({ example: 9 }) id: number;
  @ApiProperty({ example: 5 }) checkInId: number;
  @ApiProperty({ type: DiscoveryUserSchema }) user: DiscoveryUserSchema;
  @ApiProperty({ example: 'Save me a seat!' }) text: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class StatusSchema implements StatusDto {
  @ApiProperty({ example: 14 }) id: number;
  @ApiProperty({ type: DiscoveryUserSchema }) user: DiscoveryUserSchema;
  @ApiProperty({ example: 'Craving dumplings tonight' }) text: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: FeedReactionsSchema }) reactions: FeedReactionsSchema;
}

export class StatusLikeSchema implements StatusLikeDto {
  @ApiProperty({ example: 14 }) statusId: number;
  @ApiProperty({ description: 'Whether you like it now' }) liked: boolean;
  @ApiProperty({ example: 3 }) likeCount: number;
}

export class StatusCommentSchema implements StatusCommentDto {
  @ApiProperty({ example: 9 }) id: number;
  @ApiProperty({ example: 14 }) statusId: number;
  @ApiProperty({ type: DiscoveryUserSchema }) user: DiscoveryUserSchema;
  @ApiProperty({ example: 'Me too!' }) text: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}
