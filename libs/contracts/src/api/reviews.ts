/** Public shapes of the reviews area (spec 1 §Reviews, §Saved; spec 2 §Restaurant detail). */

export const REVIEW_MESSAGES = {
  ratingRequired: 'Rating is required',
  restaurantNameRequired: 'Restaurant name is required',
  addressRequired: 'Address is required',
  cityUnknown: 'We could not tell the city from the address. Add the city, e.g. "12 Main St, Chicago".',
  reviewNotFound: 'Review not found',
  restaurantNotFound: 'Restaurant not found',
  ownReviewsOnly: 'You can only change your own reviews',
  privateProfile: 'This profile is private',
  restaurantDetailsRequired: 'restaurantDetails (name, address) are required for restaurant ids 100-999',
  photoReviewersOnly: 'Only people who reviewed this restaurant can add its photo',
  adminsOnly: 'Only admins can do this',
  detailsRequired: 'Send at least one of cuisine, priceRange, category, phone or website',
  priceRangeInvalid: 'Price range must be one of $, $$, $$$ or $$$$',
  phoneInvalid:
    'Phone must be a phone number: digits, spaces, +, -, dots and parentheses, with 6 to 20 digits',
  websiteInvalid: 'Website must be a web address starting with http:// or https://',
  mergeIntoItself: 'A restaurant cannot be merged into itself',
  mergeTargetNotFound: 'The restaurant to keep was not found',
  adminRatingFilter: 'rating must be a whole number from 1 to 5',
  adminSearchTooLong: 'Search must be at most 100 characters',
  deleteReasonTooLong: 'Reason must be at most 500 characters',
} as const;

/** Limits of the reviews area, shared by the gateway's validation and the service. */
export const REVIEW_LIMITS = {
  ratingMin: 1,
  ratingMax: 5,
  restaurantNameMax: 120,
  addressMax: 200,
  notesMax: 2000,
  /** Ids the original client treats as external places whose details come with a save. */
  externalIdMin: 100,
  externalIdMax: 999,
  moodTagsMax: 6,
  listDefault: 50,
  listMax: 200,
  /** Restaurant details an admin edits. */
  cuisineMax: 60,
  categoryMax: 60,
  phoneMax: 30,
  phoneDigitsMin: 6,
  phoneDigitsMax: 20,
  websiteMax: 200,
} as const;

export type PriceRange = '$' | '$$' | '$$$' | '$$$$';
export const PRICE_RANGE_VALUES: readonly PriceRange[] = ['$', '$$', '$$$', '$$$$'];
export const PRICE_RANGE_LABELS: Record<PriceRange, string> = {
  $: 'Budget',
  $$: 'Mid-range',
  $$$: 'Upscale',
  $$$$: 'Fine dining',
};

/** The restaurant of a review or a saved entry. */
export interface RestaurantSummaryDto {
  id: number;
  name: string;
  address: string;
  /** Catalogue spelling, e.g. 'New York'; null when neither the address nor coordinates tell it. */
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  /** True when the position is the city's centre rather than the place itself. */
  locationApproximate: boolean;
  /**
   * `/api/restaurants/{id}/photo?v=<n>`: the uploaded photo or the generated placeholder (v=0),
   * versioned so a new upload is a new URL.
   */
  photoUrl: string;
}

export interface ReviewDto {
  id: number;
  userId: number;
  restaurantId: number;
  restaurant: RestaurantSummaryDto;
  rating: number;
  notes: string | null;
  /** The spec names both; the same text. */
  comment: string | null;
  /** YYYY-MM-DD or null. */
  visitDate: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface CreateReviewRequest {
  restaurantName: string;
  address: string;
  rating: number;
  notes?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  visitDate?: string | null;
  /** Sent by the original client; must be the caller when present. */
  userId?: number;
  username?: string;
  userDetails?: unknown;
}

export interface UpdateReviewRequest {
  reviewId: number;
  /** With address: moves the review to that place (found or created like a new review's). */
  restaurantName?: string;
  address?: string;
  latitude?: number | null;
  longitude?: number | null;
  rating?: number;
  notes?: string | null;
  visitDate?: string | null;
}

export interface RestaurantListItemDto extends RestaurantSummaryDto {
  /** True when someone uploaded a photo; false when photoUrl serves the generated placeholder. */
  hasPhoto: boolean;
  averageRating: number | null;
  totalReviews: number;
  /** Whether the caller saved it (false when anonymous). */
  isSaved: boolean;
}

export interface RestaurantReviewDto {
  id: number;
  rating: number;
  review: string | null;
  visitDate: string | null;
  createdAt: string;
  user: { id: number; username: string; name: string; profilePicture: string | null };
}

export interface RestaurantDetailDto extends RestaurantSummaryDto {
  cuisine: string | null;
  priceRange: PriceRange | null;
  priceRangeLabel: string | null;
  category: string | null;
  /** Set by an admin (null until then). */
  phone: string | null;
  /** http(s) address, set by an admin (null until then). */
  website: string | null;
  /** One decimal; null without reviews. */
  averageRating: number | null;
  totalReviews: number;
  /** At most 6, from the reviews' words and the reviewers' flavor badges. */
  moodTags: string[];
  isSaved: boolean;
  /** Reviews visible to the caller (private reviewers only to their approved followers). */
  reviews: RestaurantReviewDto[];
}

/**
 * PATCH /api/restaurants/{id} (admins): a missing field stays as it is; null or blank clears it.
 */
export interface UpdateRestaurantDetailsRequest {
  restaurantId: number;
  cuisine?: string | null;
  priceRange?: PriceRange | '' | null;
  category?: string | null;
  phone?: string | null;
  website?: string | null;
}

/** POST /api/restaurants/{id}/merge (admins): entry {id} is merged into `keepId` and removed. */
export interface MergeRestaurantsRequest {
  restaurantId: number;
  keepId: number;
}

/** What a merge moved and removed. */
export interface MergeRestaurantsResponse {
  keptId: number;
  removedId: number;
  /** Reviews moved to the kept entry (each published as reviews.review.updated). */
  movedReviews: number;
  /**
   * A person with reviews at both keeps only their newest; the others are deleted (each
   * published as reviews.review.deleted).
   */
  deletedReviews: number;
  /** Saves moved (a person who saved both keeps one save). */
  movedSaves: number;
  movedCheckIns: number;
}

export interface SavedRestaurantDto {
  id: number;
  userId: number;
  restaurantId: number;
  restaurant: RestaurantSummaryDto;
  notes: string | null;
  createdAt: string;
}

export interface SaveRestaurantRequest {
  restaurantId: number;
  restaurantDetails?: { name: string; address: string; latitude?: number | null; longitude?: number | null };
  notes?: string | null;
}

export interface SaveRestaurantResponse {
  restaurantId: number;
  isSaved: boolean;
}

export interface ToggleSaveResponse {
  restaurantId: number;
  isSaved: boolean;
  saved: boolean;
}

/** POST /api/restaurants/{id}/photo: the new photo's versioned URL. */
export interface RestaurantPhotoResponse {
  photoUrl: string;
}

export interface IsSavedResponse {
  isSaved: boolean;
}

export type ActivityType = 'review' | 'save' | 'checkin' | 'status';

export interface ActivityItemDto {
  /** Unique across types, e.g. 'review-12'. */
  id: string;
  type: ActivityType;
  /** Null for a status (posted without a check-in: it has no restaurant). */
  restaurantId: number | null;
  restaurant: RestaurantSummaryDto | null;
  createdAt: string;
  /** The review's notes, a check-in's status line or the status; null for saves. */
  message: string | null;
  rating: number | null;
}

export interface ActivityResponse {
  items: ActivityItemDto[];
  /**
   * Totals per filter chip: all is every item; statuses are the statuses posted alone and the
   * check-ins with a status line (those also counted in checkins).
   */
  counts: { all: number; reviews: number; checkins: number; saves: number; statuses: number };
}

/** The admin Reviews tab (GET /api/admin/reviews): a review with its reviewer. */
export interface AdminReviewDto extends ReviewDto {
  /** The reviewer as reviews' users projection knows them (null while it has not heard of them). */
  user: { id: number; username: string; name: string; profilePicture: string | null } | null;
}

/** `rating`: 1-5, or absent for all; `search`: restaurant name, reviewer (username or name) or comment. */
export interface AdminReviewListRequest {
  search?: string;
  rating?: number;
  limit?: number;
  offset?: number;
}

/** A page of the admin review list: `total` match the filters, `overall` is every review. */
export interface AdminReviewListDto {
  reviews: AdminReviewDto[];
  total: number;
  overall: number;
}

/** DELETE /api/reviews/{id}: an admin may say why (kept in the audit log). */
export interface DeleteReviewRequest {
  reviewId: number;
  reason?: string;
}
