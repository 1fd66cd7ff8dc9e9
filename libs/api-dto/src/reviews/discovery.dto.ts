import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsDefined,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import {
  DISCOVERY_LIMITS,
  DISCOVERY_MESSAGES,
  LIMITS,
  RANKED_SORTS,
  VALIDATION_MESSAGES,
  type CheckInCommentRequest,
  type CheckInRequest,
  type DeleteCheckInCommentRequest,
  type DeleteStatusCommentRequest,
  type StatusCommentRequest,
  type FeedRequest,
  type PostStatusRequest,
  type RankedRestaurantsRequest,
  type RankedSort,
  type RecommendationsRequest,
  type RestaurantSearchRequest,
  type ReviewsRpc,
} from '@dinebuds/contracts';
import { toInt, trim } from '../validation/transforms.js';
import { IsNotBlank, PositiveId } from '../validation/validators.js';

type Input = { value: unknown };

/** Query text to a number ('40.7' -> 40.7); anything else stays as sent and fails IsNumber. */
const toFloat = ({ value }: Input) => {
  if (value === '') return undefined;
  return typeof value === 'string' && /^-?\d{1,3}(\.\d{1,15})?$/.test(value) ? Number(value) : value;
};

/** No control characters (terminal escapes, NUL, line breaks) in a one-line text. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const ONE_LINE = /^[^\u0000-\u001f\u007f]*$/;
/** As ONE_LINE, but line breaks are allowed (a comment's paragraphs). */
// eslint-disable-next-line no-control-regex -- as above
const TEXT_WITH_LINE_BREAKS = /^[^\u0000-\u0009\u000b-\u001f\u007f]*$/;

function decorate(target: object, property: string | symbol, decorators: PropertyDecorator[]): void {
  for (const d of decorators) d(target, property);
}

function Coordinate(limit: number, message: string): PropertyDecorator {
  return (target, property) =>
    decorate(target, property, [
      IsOptional(),
      Transform(toFloat),
      IsNumber({ allowNaN: false, allowInfinity: false }, { message }),
      Min(-limit, { message }),
      Max(limit, { message }),
    ]);
}

/** GET /api/restaurants/ranked and `discovery.ranked`. */
export class RankedRestaurantsQuery implements RankedRestaurantsRequest {
  @ApiProperty({
    maxLength: LIMITS.cityNameMax,
    example: 'nyc',
    description: 'Case-insensitive; the catalogue names and aliases (nyc, sf, la, dc, nola, ...)',
  })
  @IsDefined({ message: DISCOVERY_MESSAGES.cityRequired })
  @IsString({ message: DISCOVERY_MESSAGES.cityRequired })
  @Transform(trim)
  @IsNotBlank({ message: DISCOVERY_MESSAGES.cityRequired })
  @MaxLength(LIMITS.cityNameMax, { message: `City names must be at most ${LIMITS.cityNameMax} characters` })
  @Matches(ONE_LINE, { message: VALIDATION_MESSAGES.cityControlCharacters })
  city: string;

  @ApiPropertyOptional({ enum: RANKED_SORTS, default: 'top-rated' })
  @IsOptional()
  @IsIn(RANKED_SORTS, { message: DISCOVERY_MESSAGES.unknownSort })
  sort?: RankedSort;

  @ApiPropertyOptional({
    minimum: -90,
    maximum: 90,
    description: 'Your latitude: required by near-you (with lng)',
  })
  @Coordinate(90, DISCOVERY_MESSAGES.latitude)
  lat?: number;

  @ApiPropertyOptional({
    minimum: -180,
    maximum: 180,
    description: 'Your longitude: required by near-you (with lat)',
  })
  @Coordinate(180, DISCOVERY_MESSAGES.longitude)
  lng?: number;
}

/** GET /api/users/{id}/taste-match and `discovery.tasteMatch`. */
export class TasteMatchRequest implements Pick<ReviewsRpc['discovery.tasteMatch']['request'], 'userId'> {
  @PositiveId({ fromText: true }) userId: number;
}

/** GET /api/restaurants/search and `discovery.search`. */
export class RestaurantSearchQuery implements RestaurantSearchRequest {
  @ApiProperty({
    minLength: DISCOVERY_LIMITS.searchQueryMin,
    maxLength: DISCOVERY_LIMITS.searchQueryMax,
    example: 'piza carmine',
    description: 'Words of the name, cuisine or address; typos tolerated',
  })
  @IsDefined({ message: DISCOVERY_MESSAGES.searchQueryMin })
  @IsString({ message: DISCOVERY_MESSAGES.searchQueryMin })
  @Transform(trim)
  @MinLength(DISCOVERY_LIMITS.searchQueryMin, { message: DISCOVERY_MESSAGES.searchQueryMin })
  @MaxLength(DISCOVERY_LIMITS.searchQueryMax, { message: DISCOVERY_MESSAGES.searchQueryMax })
  @Matches(ONE_LINE, { message: DISCOVERY_MESSAGES.controlCharacters })
  q: string;

  @ApiPropertyOptional({
    minimum: 1,
    maximum: DISCOVERY_LIMITS.searchMax,
    default: DISCOVERY_LIMITS.searchDefault,
  })
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: DISCOVERY_MESSAGES.searchLimit })
  @Min(1, { message: DISCOVERY_MESSAGES.searchLimit })
  @Max(DISCOVERY_LIMITS.searchMax, { message: DISCOVERY_MESSAGES.searchLimit })
  limit?: number;
}

/** GET /api/recommendations and `discovery.recommendations`. */
export class RestaurantRecommendationsQuery implements RecommendationsRequest {
  @ApiPropertyOptional({
    maxLength: DISCOVERY_LIMITS.locationMax,
    example: 'Chicago',
    description: 'Keeps places whose address contains it (case-insensitive) or whose city it names',
  })
  @IsOptional()
  @IsString({ message: 'location must be text' })
  @Transform(trim)
  @MaxLength(DISCOVERY_LIMITS.locationMax, { message: DISCOVERY_MESSAGES.locationMax })
  @Matches(ONE_LINE, { message: DISCOVERY_MESSAGES.controlCharacters })
  location?: string;
}

/** GET /api/activity/feed and `discovery.feed`. */
export class FeedQuery implements FeedRequest {
  @ApiPropertyOptional({
    maxLength: LIMITS.cityNameMax,
    example: 'Chicago',
    description: 'Aliases as ranked',
  })
  @IsOptional()
  @IsString({ message: 'city must be text' })
  @Transform(trim)
  @MaxLength(LIMITS.cityNameMax, { message: `City names must be at most ${LIMITS.cityNameMax} characters` })
  @Matches(ONE_LINE, { message: VALIDATION_MESSAGES.cityControlCharacters })
  city?: string;

  @ApiPropertyOptional({
    maxLength: DISCOVERY_LIMITS.cursorMax,
    description: 'nextCursor of the previous page',
  })
  @IsOptional()
  @IsString({ message: DISCOVERY_MESSAGES.badCursor })
  @MaxLength(DISCOVERY_LIMITS.cursorMax, { message: DISCOVERY_MESSAGES.badCursor })
  @Matches(/^[A-Za-z0-9_-]+$/, { message: DISCOVERY_MESSAGES.badCursor })
  cursor?: string;

  @ApiPropertyOptional({
    minimum: 1,
    maximum: DISCOVERY_LIMITS.feedPageMax,
    default: DISCOVERY_LIMITS.feedPageDefault,
  })
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: DISCOVERY_MESSAGES.feedLimit })
  @Min(1, { message: DISCOVERY_MESSAGES.feedLimit })
  @Max(DISCOVERY_LIMITS.feedPageMax, { message: DISCOVERY_MESSAGES.feedLimit })
  limit?: number;
}

/** POST /api/check-ins and `checkIns.checkIn`. */
export class CheckInBody implements CheckInRequest {
  @ApiProperty({ example: 12, description: 'The restaurant you are at (from its page)' })
  @PositiveId()
  restaurantId: number;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: DISCOVERY_LIMITS.checkInStatusMax,
    example: 'Trying the tasting menu',
    description: 'An optional status line; blank means none',
  })
  @IsOptional()
  @IsString({ message: 'Status must be text' })
  @Transform(trim)
  @MaxLength(DISCOVERY_LIMITS.checkInStatusMax, { message: DISCOVERY_MESSAGES.checkInStatusMax })
  @Matches(ONE_LINE, { message: DISCOVERY_MESSAGES.controlCharacters })
  status?: string | null;
}

/** Every route acting on one check-in by its id (`checkIns.toggleLike`, `checkIns.comments`). */
export class CheckInIdRequest {
  @PositiveId({ fromText: true }) checkInId: number;
}

/** POST /api/check-ins/{id}/comments and POST /api/statuses/{id}/comments: the comment. */
export class CommentBody implements Omit<CheckInCommentRequest, 'checkInId'> {
  @ApiProperty({ maxLength: DISCOVERY_LIMITS.commentMax, example: 'Save me a seat!' })
  @IsDefined({ message: DISCOVERY_MESSAGES.commentRequired })
  @IsString({ message: DISCOVERY_MESSAGES.commentRequired })
  @Transform(trim)
  @IsNotBlank({ message: DISCOVERY_MESSAGES.commentRequired })
  @MaxLength(DISCOVERY_LIMITS.commentMax, { message: DISCOVERY_MESSAGES.commentMax })
  @Matches(TEXT_WITH_LINE_BREAKS, { message: DISCOVERY_MESSAGES.controlCharacters })
  text: string;
}

/** The service's `checkIns.comment`: the body and the check-in's id from the route. */
export class CheckInCommentRequestDto extends CommentBody implements CheckInCommentRequest {
  @PositiveId({ fromText: true }) checkInId: number;
}

/** The service's `checkIns.deleteComment`: both ids from the route. */
export class DeleteCheckInCommentRequestDto implements DeleteCheckInCommentRequest {
  @PositiveId({ fromText: true }) checkInId: number;
  @PositiveId({ fromText: true }) commentId: number;
}

/** Every route acting on one status by its id (`statuses.toggleLike`, `statuses.comments`). */
export class StatusIdRequest {
  @PositiveId({ fromText: true }) statusId: number;
}

/** The service's `statuses.comment`: the body and the status's id from the route. */
export class StatusCommentRequestDto extends CommentBody implements StatusCommentRequest {
  @PositiveId({ fromText: true }) statusId: number;
}

/** The service's `statuses.deleteComment`: both ids from the route. */
export class DeleteStatusCommentRequestDto implements DeleteStatusCommentRequest {
  @PositiveId({ fromText: true }) statusId: number;
  @PositiveId({ fromText: true }) commentId: number;
}

/** POST /api/statuses (`statuses.post`): a status line without a check-in. */
export class PostStatusBody implements PostStatusRequest {
  @ApiProperty({ maxLength: DISCOVERY_LIMITS.statusMax, example: 'Craving dumplings tonight' })
  @IsDefined({ message: DISCOVERY_MESSAGES.statusRequired })
  @IsString({ message: DISCOVERY_MESSAGES.statusRequired })
  @Transform(trim)
  @IsNotBlank({ message: DISCOVERY_MESSAGES.statusRequired })
  @MaxLength(DISCOVERY_LIMITS.statusMax, { message: DISCOVERY_MESSAGES.statusMax })
  @Matches(ONE_LINE, { message: DISCOVERY_MESSAGES.controlCharacters })
  text: string;
}
