import { ApiProperty } from '@nestjs/swagger';
import type {
  ActivityItemDto,
  ActivityResponse,
  ActivityType,
  IsSavedResponse,
  MergeRestaurantsResponse,
  PriceRange,
  RestaurantDetailDto,
  RestaurantListItemDto,
  RestaurantPhotoResponse,
  RestaurantReviewDto,
  RestaurantSummaryDto,
  ReviewDto,
  SavedRestaurantDto,
  SaveRestaurantResponse,
  ToggleSaveResponse,
} from '@dinebuds/contracts';

const PRICE_RANGES: PriceRange[] = ['$', '$$', '$$$', '$$$$'];
const ACTIVITY_TYPES: ActivityType[] = ['review', 'save', 'checkin', 'status'];

/** OpenAPI schema of RestaurantSummaryDto: the restaurant of a review, a save or an activity item. */
export class RestaurantSummarySchema implements RestaurantSummaryDto {
  @ApiProperty({ example: 12 }) id: number;
  @ApiProperty({ example: "Joe's Pizza" }) name: string;
  @ApiProperty({ example: '7 Carmine St, New York, NY 10014' }) address: string;
  @ApiProperty({ type: String, nullable: true, example: 'New York', description: 'Catalogue spelling' })
  city: string | null;
  @ApiProperty({ type: Number, nullable: true, example: 40.7306 }) latitude: number | null;
  @ApiProperty({ type: Number, nullable: true, example: -74.0021 }) longitude: number | null;
  @ApiProperty({ description: "True when the position is the city's centre (no coordinates were given)" })
  locationApproximate: boolean;
  @ApiProperty({
    example: '/api/restaurants/12/photo?v=2',
    description:
      'Uploaded photo or generated placeholder; versioned, so a new upload is a new URL (v=0: placeholder)',
  })
  photoUrl: string;
}

export class ReviewSchema implements ReviewDto {
  @ApiProperty({ example: 31 }) id: number;
  @ApiProperty({ example: 7 }) userId: number;
  @ApiProperty({ example: 12 }) restaurantId: number;
  @ApiProperty({ type: RestaurantSummarySchema }) restaurant: RestaurantSummarySchema;
  @ApiProperty({ minimum: 1, maximum: 5, example: 4 }) rating: number;
  @ApiProperty({ type: String, nullable: true, example: 'Cozy and friendly' }) notes: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The same text as notes' }) comment:
    string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date', example: '2024-05-31' }) visitDate:
    string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

export class RestaurantListItemSchema extends RestaurantSummarySchema implements RestaurantListItemDto {
  @ApiProperty({ description: 'True when a photo was uploaded; false when photoUrl is the placeholder' })
  hasPhoto: boolean;
  @ApiProperty({
    type: Number,
    nullable: true,
    example: 4.3,
    description: 'One decimal; null without reviews',
  })
  averageRating: number | null;
  @ApiProperty({ example: 3 }) totalReviews: number;
  @ApiProperty({ description: 'Whether you saved it (false when anonymous)' }) isSaved: boolean;
}

export class RestaurantReviewerSchema {
  @ApiProperty({ example: 7 }) id: number;
  @ApiProperty({ example: 'alice' }) username: string;
  @ApiProperty({ example: 'Alice Liddell' }) name: string;
  @ApiProperty({ type: String, nullable: true, example: '/api/users/7/profile-picture?v=3' })
  profilePicture: string | null;
}

export class RestaurantReviewSchema implements RestaurantReviewDto {
  @ApiProperty({ example: 31 }) id: number;
  @ApiProperty({ minimum: 1, maximum: 5, example: 4 }) rating: number;
  @ApiProperty({ type: String, nullable: true, description: "The review's notes" }) review: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date' }) visitDate: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: RestaurantReviewerSchema }) user: RestaurantReviewerSchema;
}

export class RestaurantDetailSchema extends RestaurantListItemSchema implements RestaurantDetailDto {
  @ApiProperty({ type: String, nullable: true }) cuisine: string | null;
  @ApiProperty({ type: String, enum: PRICE_RANGES, nullable: true }) priceRange: PriceRange | null;
  @ApiProperty({ type: String, nullable: true, example: '$$ Mid-range' }) priceRangeLabel: string | null;
  @ApiProperty({ type: String, nullable: true }) category: string | null;
  @ApiProperty({ type: String, nullable: true, example: '+1 (212) 555-0142' }) phone: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'https://example.com' }) website: string | null;
  @ApiProperty({
    type: [String],
    maxItems: 6,
    example: ['Highly rated', 'Cozy', 'SushiBuds'],
    description: "From the reviews' words and the reviewers' flavor badges",
  })
  moodTags: string[];
  @ApiProperty({
    type: [RestaurantReviewSchema],
    description: 'Newest first; a private reviewer only for their approved followers',
  })
  reviews: RestaurantReviewSchema[];
}

export class RestaurantPhotoSchema implements RestaurantPhotoResponse {
  @ApiProperty({ example: '/api/restaurants/12/photo?v=3' }) photoUrl: string;
}

export class SavedRestaurantSchema implements SavedRestaurantDto {
  @ApiProperty() id: number;
  @ApiProperty() userId: number;
  @ApiProperty() restaurantId: number;
  @ApiProperty({ type: RestaurantSummarySchema }) restaurant: RestaurantSummarySchema;
  @ApiProperty({ type: String, nullable: true }) notes: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class SaveRestaurantResultSchema implements SaveRestaurantResponse {
  @ApiProperty() restaurantId: number;
  @ApiProperty() isSaved: boolean;
}

export class ToggleSaveSchema implements ToggleSaveResponse {
  @ApiProperty() restaurantId: number;
  @ApiProperty({ description: 'The new state' }) isSaved: boolean;
  @ApiProperty({ description: 'Same as isSaved' }) saved: boolean;
}

export class IsSavedSchema implements IsSavedResponse {
  @ApiProperty() isSaved: boolean;
}

export class ActivityItemSchema implements ActivityItemDto {
  @ApiProperty({ example: 'review-12', description: 'Unique across types' }) id: string;
  @ApiProperty({ enum: ACTIVITY_TYPES }) type: ActivityType;
  @ApiProperty({ type: Number, nullable: true, description: 'Null for a status' })
  restaurantId: number | null;
  @ApiProperty({ type: RestaurantSummarySchema, nullable: true, description: 'Null for a status' })
  restaurant: RestaurantSummarySchema | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "A review's notes, a check-in's status line or the status; null for saves",
  })
  message: string | null;
  @ApiProperty({ type: Number, nullable: true, minimum: 1, maximum: 5 }) rating: number | null;
}

export class ActivityCountsSchema {
  @ApiProperty() all: number;
  @ApiProperty() reviews: number;
  @ApiProperty() checkins: number;
  @ApiProperty() saves: number;
  @ApiProperty({
    description: 'Statuses posted alone and check-ins with a status line (those also counted in checkins)',
  })
  statuses: number;
}

export class ActivitySchema implements ActivityResponse {
  @ApiProperty({ type: [ActivityItemSchema] }) items: ActivityItemSchema[];
  @ApiProperty({ type: ActivityCountsSchema, description: 'Totals per filter chip' })
  counts: ActivityCountsSchema;
}

export class MergeRestaurantsSchema implements MergeRestaurantsResponse {
  @ApiProperty() keptId: number;
  @ApiProperty() removedId: number;
  @ApiProperty({ description: 'Reviews moved to the kept entry' }) movedReviews: number;
  @ApiProperty({ description: 'Older reviews of people who reviewed both entries (each keeps their newest)' })
  deletedReviews: number;
  @ApiProperty() movedSaves: number;
  @ApiProperty() movedCheckIns: number;
}
