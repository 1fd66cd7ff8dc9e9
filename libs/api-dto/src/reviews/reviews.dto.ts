import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsDefined,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import {
  LIMITS,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  PRICE_RANGE_VALUES,
  type CreateReviewRequest,
  type MergeRestaurantsRequest,
  type PriceRange,
  type UpdateRestaurantDetailsRequest,
  type ReviewsRpc,
  type SaveRestaurantRequest,
  type UpdateReviewRequest,
} from '@dinebuds/contracts';
import { PagingQuery } from '../common/paging.dto.js';
import { trim } from '../validation/transforms.js';
import { IsNotBlank, IsOptionalNotNull, PositiveId } from '../validation/validators.js';

type RpcRequest<P extends keyof ReviewsRpc> = ReviewsRpc[P]['request'];

const RATING_RANGE = `Rating must be a whole number from ${REVIEW_LIMITS.ratingMin} to ${REVIEW_LIMITS.ratingMax}`;
const VISIT_DATE = 'visitDate must be a date like 2024-05-31';

function decorate(target: object, property: string | symbol, decorators: PropertyDecorator[]): void {
  for (const d of decorators) d(target, property);
}

/** Required text: trimmed, not blank (`required` message), at most `max` characters. */
function RequiredText(required: string, max: number, field: string): PropertyDecorator {
  return (target, property) =>
    decorate(target, property, [
      IsDefined({ message: required }),
      IsString({ message: required }),
      Transform(trim),
      IsNotBlank({ message: required }),
      MaxLength(max, { message: `${field} must be at most ${max} characters` }),
    ]);
}

/** The 1-5 star rating: 0 or missing reads as "Rating is required" (the spec's minimum 1). */
function Rating({ optional }: { optional: boolean }): PropertyDecorator {
  return (target, property) =>
    decorate(target, property, [
      ...(optional ? [IsOptionalNotNull()] : [IsDefined({ message: REVIEW_MESSAGES.ratingRequired })]),
      IsInt({ message: RATING_RANGE }),
      Min(REVIEW_LIMITS.ratingMin, { message: REVIEW_MESSAGES.ratingRequired }),
      Max(REVIEW_LIMITS.ratingMax, { message: RATING_RANGE }),
    ]);
}

function Coordinate(limit: number, field: string): PropertyDecorator {
  const message = `${field} must be a number from -${limit} to ${limit}`;
  return (target, property) =>
    decorate(target, property, [
      IsOptional(),
      IsNumber({ allowNaN: false, allowInfinity: false }, { message }),
      Min(-limit, { message }),
      Max(limit, { message }),
    ]);
}

function Notes(): PropertyDecorator {
  return (target, property) =>
    decorate(target, property, [
      IsOptional(),
      IsString({ message: 'Notes must be text' }),
      MaxLength(REVIEW_LIMITS.notesMax, {
        message: `Notes must be at most ${REVIEW_LIMITS.notesMax} characters`,
      }),
    ]);
}

function VisitDate(): PropertyDecorator {
  return (target, property) =>
    decorate(target, property, [
      IsOptional(),
      IsString({ message: VISIT_DATE }),
      Matches(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { message: VISIT_DATE }),
    ]);
}

/** POST /api/reviews, and the service's `reviews.create`. */
export class CreateReviewDto implements CreateReviewRequest {
  @ApiProperty({ minimum: 1, maximum: 5, example: 4 })
  @Rating({ optional: false })
  rating: number;

  @ApiProperty({ maxLength: REVIEW_LIMITS.restaurantNameMax, example: "Joe's Pizza" })
  @RequiredText(REVIEW_MESSAGES.restaurantNameRequired, REVIEW_LIMITS.restaurantNameMax, 'Restaurant name')
  restaurantName: string;

  @ApiProperty({ maxLength: REVIEW_LIMITS.addressMax, example: '7 Carmine St, New York, NY 10014' })
  @RequiredText(REVIEW_MESSAGES.addressRequired, REVIEW_LIMITS.addressMax, 'Address')
  address: string;

  @ApiPropertyOptional({ nullable: true, maxLength: REVIEW_LIMITS.notesMax })
  @Notes()
  notes?: string | null;

  @ApiPropertyOptional({
    nullable: true,
    description: 'With longitude; without both, the city centre is used',
  })
  @Coordinate(90, 'latitude')
  latitude?: number | null;

  @ApiPropertyOptional({ nullable: true })
  @Coordinate(180, 'longitude')
  longitude?: number | null;

  @ApiPropertyOptional({ nullable: true, example: '2024-05-31' })
  @VisitDate()
  visitDate?: string | null;

  @ApiPropertyOptional({ description: 'Sent by the original client; must be your own id' })
  @IsOptional()
  @PositiveId()
  userId?: number;

  @ApiPropertyOptional({ description: 'Sent by the original client; ignored' })
  @IsOptional()
  @IsString({ message: 'username must be text' })
  @MaxLength(LIMITS.usernameMax, { message: 'username is too long' })
  username?: string;

  @ApiPropertyOptional({ description: 'Sent by the original client; ignored', type: Object })
  @IsOptional()
  @IsObject({ message: 'userDetails must be an object' })
  userDetails?: unknown;
}

/** PATCH /api/reviews/{id}: every field optional; restaurantName and address move it together. */
export class UpdateReviewBody implements Omit<UpdateReviewRequest, 'reviewId'> {
  @ApiPropertyOptional({ minimum: 1, maximum: 5 })
  @Rating({ optional: true })
  rating?: number;

  @ApiPropertyOptional({ nullable: true, description: 'null or blank clears the notes' })
  @Notes()
  notes?: string | null;

  @ApiPropertyOptional({ nullable: true })
  @VisitDate()
  visitDate?: string | null;

  @ApiPropertyOptional({ maxLength: REVIEW_LIMITS.restaurantNameMax })
  @IsOptionalNotNull()
  @RequiredText(REVIEW_MESSAGES.restaurantNameRequired, REVIEW_LIMITS.restaurantNameMax, 'Restaurant name')
  restaurantName?: string;

  @ApiPropertyOptional({ maxLength: REVIEW_LIMITS.addressMax })
  @IsOptionalNotNull()
  @RequiredText(REVIEW_MESSAGES.addressRequired, REVIEW_LIMITS.addressMax, 'Address')
  address?: string;

  @ApiPropertyOptional({ nullable: true })
  @Coordinate(90, 'latitude')
  latitude?: number | null;

  @ApiPropertyOptional({ nullable: true })
  @Coordinate(180, 'longitude')
  longitude?: number | null;
}

/** The service's `reviews.update`: the body and the review's id from the route. */
export class UpdateReviewRequestDto extends UpdateReviewBody implements UpdateReviewRequest {
  @PositiveId({ fromText: true }) reviewId: number;
}

export class ReviewIdRequest implements RpcRequest<'reviews.delete'> {
  @PositiveId({ fromText: true }) reviewId: number;
}

/** GET /api/reviews?userId= and `reviews.byUser`. */
export class ReviewsByUserQuery extends PagingQuery implements RpcRequest<'reviews.byUser'> {
  @ApiProperty({ description: "Whose reviews (a private user's only for them and approved followers)" })
  @PositiveId({ fromText: true })
  userId: number;
}

/** GET /api/activity?userId= and `activity.ofUser`. */
export class ActivityQuery extends ReviewsByUserQuery implements RpcRequest<'activity.ofUser'> {}

/** GET /api/saved-restaurants (?userId= another user's list) and `saved.list`. */
export class SavedListQuery extends PagingQuery implements RpcRequest<'saved.list'> {
  @ApiPropertyOptional({ description: 'Default: your own list' })
  @IsOptional()
  @PositiveId({ fromText: true })
  userId?: number;
}

/** GET /api/restaurants and `restaurants.list`. */
export class RestaurantsListQuery extends PagingQuery implements RpcRequest<'restaurants.list'> {
  @ApiPropertyOptional({ example: 'Chicago' })
  @IsOptional()
  @IsString({ message: 'city must be text' })
  @MaxLength(LIMITS.cityNameMax, { message: `City names must be at most ${LIMITS.cityNameMax} characters` })
  city?: string;
}

/** Every route acting on one restaurant by its id. */
export class RestaurantIdRequest implements RpcRequest<'restaurants.detail'> {
  @PositiveId({ fromText: true }) restaurantId: number;
}

export class RestaurantDetailsInput {
  @ApiProperty()
  @RequiredText(REVIEW_MESSAGES.restaurantNameRequired, REVIEW_LIMITS.restaurantNameMax, 'Restaurant name')
  name: string;

  @ApiProperty()
  @RequiredText(REVIEW_MESSAGES.addressRequired, REVIEW_LIMITS.addressMax, 'Address')
  address: string;

  @ApiPropertyOptional({ nullable: true })
  @Coordinate(90, 'latitude')
  latitude?: number | null;

  @ApiPropertyOptional({ nullable: true })
  @Coordinate(180, 'longitude')
  longitude?: number | null;
}

/** POST /api/saved-restaurants and `saved.save`. */
export class SaveRestaurantDto implements SaveRestaurantRequest {
  @ApiProperty() @PositiveId() restaurantId: number;

  @ApiPropertyOptional({ type: RestaurantDetailsInput, description: 'Required for unknown ids 100-999' })
  @IsOptional()
  @IsObject({ message: 'restaurantDetails must be an object' })
  @ValidateNested()
  @Type(() => RestaurantDetailsInput)
  restaurantDetails?: RestaurantDetailsInput;

  @ApiPropertyOptional({ nullable: true })
  @Notes()
  notes?: string | null;
}

/** The service's `restaurants.setPhoto`: the image's bytes, base64 (the gateway read the upload). */
export class RestaurantPhotoRequest
  extends RestaurantIdRequest
  implements RpcRequest<'restaurants.setPhoto'>
{
  @IsDefined({ message: 'dataBase64 is required' })
  @IsString({ message: 'dataBase64 must be a string' })
  dataBase64: string;
}

/** Set only when a value is sent: missing, null and blank are "leave" / "clear" (the service decides). */
const whenFilled = () =>
  ValidateIf((_object: object, value: unknown) => value !== undefined && value !== null && value !== '');

/** An optional, clearable restaurant detail: trimmed text of at most `max` characters. */
function DetailText(field: string, max: number): PropertyDecorator {
  return (target, property) =>
    decorate(target, property, [
      Transform(trim),
      whenFilled(),
      IsString({ message: `${field} must be text` }),
      MaxLength(max, { message: `${field} must be at most ${max} characters` }),
    ]);
}

/** Digits with spaces, +, -, dots or parentheses, and 6 to 20 digits in all. */
const PHONE_PATTERN = new RegExp(
  `^(?=(?:\\D*\\d){${REVIEW_LIMITS.phoneDigitsMin},${REVIEW_LIMITS.phoneDigitsMax}}\\D*$)\\+?[\\d\\s().-]+$`,
);

/** PATCH /api/restaurants/{id} (admins): what the restaurant page shows beside its name. */
export class UpdateRestaurantDetailsBody implements Omit<UpdateRestaurantDetailsRequest, 'restaurantId'> {
  @ApiPropertyOptional({ nullable: true, maxLength: REVIEW_LIMITS.cuisineMax, example: 'Japanese' })
  @DetailText('Cuisine', REVIEW_LIMITS.cuisineMax)
  cuisine?: string | null;

  @ApiPropertyOptional({ nullable: true, enum: [...PRICE_RANGE_VALUES, ''], example: '$$' })
  @Transform(trim)
  @whenFilled()
  @IsIn(PRICE_RANGE_VALUES, { message: REVIEW_MESSAGES.priceRangeInvalid })
  priceRange?: PriceRange | '' | null;

  @ApiPropertyOptional({ nullable: true, maxLength: REVIEW_LIMITS.categoryMax, example: 'Sushi bar' })
  @DetailText('Category', REVIEW_LIMITS.categoryMax)
  category?: string | null;

  @ApiPropertyOptional({ nullable: true, maxLength: REVIEW_LIMITS.phoneMax, example: '+1 (212) 555-0142' })
  @DetailText('Phone', REVIEW_LIMITS.phoneMax)
  @Matches(PHONE_PATTERN, { message: REVIEW_MESSAGES.phoneInvalid })
  phone?: string | null;

  @ApiPropertyOptional({
    nullable: true,
    maxLength: REVIEW_LIMITS.websiteMax,
    example: 'https://example.com',
  })
  @DetailText('Website', REVIEW_LIMITS.websiteMax)
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_tld: true },
    { message: REVIEW_MESSAGES.websiteInvalid },
  )
  website?: string | null;
}

/** The service's `restaurants.updateDetails`: the body and the restaurant's id from the route. */
export class UpdateRestaurantDetailsDto
  extends UpdateRestaurantDetailsBody
  implements UpdateRestaurantDetailsRequest
{
  @PositiveId({ fromText: true }) restaurantId: number;
}

/** POST /api/restaurants/{id}/merge (admins): {id} is merged into keepId and removed. */
export class MergeRestaurantsBody implements Omit<MergeRestaurantsRequest, 'restaurantId'> {
  @ApiProperty({ example: 12, minimum: 1, description: 'The entry to keep' })
  @PositiveId()
  keepId: number;
}

/** The service's `restaurants.merge`. */
export class MergeRestaurantsDto extends MergeRestaurantsBody implements MergeRestaurantsRequest {
  @PositiveId({ fromText: true }) restaurantId: number;
}
