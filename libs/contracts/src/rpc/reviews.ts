import type { ImportSavedRequest, ImportSavedResponse, ReviewsExport } from '../api/account.js';
import type { MessageResponse } from '../api/identity.js';
import type {
  ActivityResponse,
  AdminReviewListDto,
  AdminReviewListRequest,
  CreateReviewRequest,
  DeleteReviewRequest,
  IsSavedResponse,
  MergeRestaurantsRequest,
  MergeRestaurantsResponse,
  UpdateRestaurantDetailsRequest,
  RestaurantDetailDto,
  RestaurantPhotoResponse,
  RestaurantListItemDto,
  ReviewDto,
  SavedRestaurantDto,
  SaveRestaurantRequest,
  SaveRestaurantResponse,
  ToggleSaveResponse,
  UpdateReviewRequest,
} from '../api/reviews.js';
import type {
  CheckInCommentDto,
  CheckInCommentRequest,
  CheckInDto,
  CheckInLikeDto,
  CheckInRequest,
  CurrentCheckInDto,
  DeleteCheckInCommentRequest,
  DeleteStatusCommentRequest,
  StatusCommentDto,
  StatusCommentRequest,
  StatusLikeDto,
  FeedPageDto,
  LiveHotspotDto,
  StoryDto,
  PostStatusRequest,
  StatusDto,
  UnreviewedVisitDto,
  FeedRequest,
  RankedRestaurantDto,
  RankedRestaurantsRequest,
  RecommendationDto,
  RecommendationsRequest,
  RestaurantSearchItemDto,
  RestaurantSearchRequest,
  TasteMatchDto,
} from '../api/discovery.js';

/** A list window: newest first, `limit` capped by REVIEW_LIMITS.listMax. */
export interface ReviewsPaging {
  limit?: number;
  offset?: number;
}

/** The reviews service's RPC patterns; the caller travels in headers. */
export type ReviewsRpc = {
  'reviews.byUser': { request: { userId: number } & ReviewsPaging; response: ReviewDto[] };
  'reviews.create': { request: CreateReviewRequest; response: ReviewDto };
  'reviews.update': { request: UpdateReviewRequest; response: ReviewDto };
  'reviews.delete': { request: DeleteReviewRequest; response: MessageResponse };
  'reviews.adminList': { request: AdminReviewListRequest; response: AdminReviewListDto };
  'restaurants.list': { request: { city?: string } & ReviewsPaging; response: RestaurantListItemDto[] };
  'restaurants.detail': { request: { restaurantId: number }; response: RestaurantDetailDto };
  'restaurants.photo': {
    request: { restaurantId: number };
    response: { contentType: string; base64: string; etag: string };
  };
  /** The bytes' type was checked at the edge; the service checks it again (it trusts no caller). */
  'restaurants.setPhoto': {
    request: { restaurantId: number; dataBase64: string };
    response: RestaurantPhotoResponse;
  };
  'restaurants.toggleSave': { request: { restaurantId: number }; response: ToggleSaveResponse };
  'restaurants.isSaved': { request: { restaurantId: number }; response: IsSavedResponse };
  /** Admins: edit cuisine, price range, category, phone and website; answers the page. */
  'restaurants.updateDetails': { request: UpdateRestaurantDetailsRequest; response: RestaurantDetailDto };
  /** Admins: merge two entries of one place (reviews, saves and check-ins move to the kept one). */
  'restaurants.merge': { request: MergeRestaurantsRequest; response: MergeRestaurantsResponse };
  'saved.list': { request: { userId?: number } & ReviewsPaging; response: SavedRestaurantDto[] };
  'saved.save': { request: SaveRestaurantRequest; response: SaveRestaurantResponse };
  'saved.remove': { request: { restaurantId: number }; response: MessageResponse };
  'activity.ofUser': { request: { userId: number } & ReviewsPaging; response: ActivityResponse };
  'discovery.ranked': { request: RankedRestaurantsRequest; response: RankedRestaurantDto[] };
  'discovery.tasteMatch': { request: { userId: number }; response: TasteMatchDto };
  'discovery.search': { request: RestaurantSearchRequest; response: RestaurantSearchItemDto[] };
  'discovery.recommendations': { request: RecommendationsRequest; response: RecommendationDto[] };
  'discovery.feed': { request: FeedRequest; response: FeedPageDto };
  'discovery.hotspots': { request: Record<string, never>; response: LiveHotspotDto[] };
  'checkIns.checkIn': { request: CheckInRequest; response: CheckInDto };
  'checkIns.checkOut': { request: Record<string, never>; response: CheckInDto };
  'checkIns.current': { request: Record<string, never>; response: CurrentCheckInDto };
  'checkIns.unreviewed': { request: Record<string, never>; response: UnreviewedVisitDto[] };
  'checkIns.toggleLike': { request: { checkInId: number }; response: CheckInLikeDto };
  'checkIns.comments': { request: { checkInId: number }; response: CheckInCommentDto[] };
  'checkIns.comment': { request: CheckInCommentRequest; response: CheckInCommentDto };
  /** Deletes a comment: its author or the check-in's owner only. */
  'checkIns.deleteComment': { request: DeleteCheckInCommentRequest; response: MessageResponse };
  'discovery.stories': { request: Record<string, never>; response: StoryDto[] };
  /** Posts a status line without a check-in. */
  'statuses.post': { request: PostStatusRequest; response: StatusDto };
  /** The buds' statuses, newest first. */
  'statuses.buds': { request: Record<string, never>; response: StatusDto[] };
  'statuses.toggleLike': { request: { statusId: number }; response: StatusLikeDto };
  'statuses.comments': { request: { statusId: number }; response: StatusCommentDto[] };
  'statuses.comment': { request: StatusCommentRequest; response: StatusCommentDto };
  /** Deletes a comment: its author or the status's owner only. */
  'statuses.deleteComment': { request: DeleteStatusCommentRequest; response: MessageResponse };
  /** The caller's part of their data export. */
  'reviews.export': { request: Record<string, never>; response: ReviewsExport };
  /** Saves the places a CSV or a "Name, Address" list names, creating unknown ones. */
  'saved.import': { request: ImportSavedRequest; response: ImportSavedResponse };
};

export type ReviewsPattern = keyof ReviewsRpc;
