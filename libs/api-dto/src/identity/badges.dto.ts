import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsDefined,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  CITY_TIER_LEVELS,
  FLAVOR_IDS,
  LIMITS,
  VALIDATION_MESSAGES,
  type CityTierLevel,
  type SetCityBadgesRequest,
  type SetFlavorBadgesRequest,
} from '@dinebuds/contracts';
import { MAX_INT, trim, trimLower } from '../validation/transforms.js';
import { EDGE_ONLY, RPC_ONLY } from '../validation/validation-options.js';
import { IsNotBlank, IsOptionalNotNull, PositiveId } from '../validation/validators.js';

export const FLAVOR_CATEGORIES = ['preference', 'style', 'dietary'] as const;
const REVIEW_COUNT_MESSAGE = 'reviewCount must be a non-negative integer';

/** A city name as typed: trimmed, not blank, at most 60 characters. */
function CityName(): PropertyDecorator {
  return (target, property) => {
    for (const decorate of [
      IsDefined({ message: VALIDATION_MESSAGES.emptyCity }),
      IsString({ message: VALIDATION_MESSAGES.emptyCity }),
      Transform(trim),
      IsNotBlank({ message: VALIDATION_MESSAGES.emptyCity }),
      MaxLength(LIMITS.cityNameMax, {
        message: `City names must be at most ${LIMITS.cityNameMax} characters`,
      }),
    ])
      decorate(target, property);
  };
}

/** Identity ignores the category (the catalogue decides it); only the gateway insists it is known. */
export class FlavorBadgeInput {
  @ApiProperty({
    enum: FLAVOR_CATEGORIES,
    description: "'preference' for flavor and cuisine picks, else the group id",
  })
  @IsDefined({ ...EDGE_ONLY, message: 'Badge category is required' })
  @IsIn(FLAVOR_CATEGORIES, { ...EDGE_ONLY, message: 'Unknown flavor badge category' })
  @IsOptional(RPC_ONLY)
  @IsString({ ...RPC_ONLY, message: 'Badge category must be a string' })
  category: string;

  @ApiProperty({ example: 'sushi' })
  @IsDefined({ message: 'Badge id is required' })
  @Transform(trimLower)
  @IsIn(FLAVOR_IDS, { message: VALIDATION_MESSAGES.unknownFlavor })
  badgeId: string;
}

/** POST /api/users/flavor-badges, and identity's `badges.setFlavor`. */
export class SetFlavorBadgesDto implements SetFlavorBadgesRequest {
  @ApiProperty({ description: 'Must be your own id' })
  @PositiveId()
  userId: number;

  @ApiProperty({
    type: [FlavorBadgeInput],
    maxItems: LIMITS.flavorBadgesMax,
    description: 'Replaces all flavor badges; [] clears them',
  })
  @IsDefined({ message: 'badges is required' })
  @IsArray({ message: 'badges must be a list' })
  @ArrayMaxSize(LIMITS.flavorBadgesMax, { ...EDGE_ONLY, message: VALIDATION_MESSAGES.flavorBadgesMax })
  @IsObject({ each: true, message: 'Each badge must be an object' })
  @ValidateNested({ each: true })
  @Type(() => FlavorBadgeInput)
  badges: FlavorBadgeInput[];
}

export class CityBadgeInput {
  @ApiProperty({ example: 'new york' })
  @CityName()
  city: string;

  @ApiPropertyOptional({ enum: CITY_TIER_LEVELS, nullable: true, description: 'null reads as absent' })
  @IsOptional()
  @IsIn(CITY_TIER_LEVELS, { message: 'Unknown city badge level' })
  level?: CityTierLevel;
}

export class RegistrationCityInput {
  @ApiProperty({ example: 'new york' })
  @CityName()
  city: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    maximum: MAX_INT,
    default: 0,
    nullable: true,
    description: 'null reads as absent',
  })
  @IsOptional()
  @IsInt({ message: REVIEW_COUNT_MESSAGE })
  @Min(0, { message: REVIEW_COUNT_MESSAGE })
  @Max(MAX_INT, { message: REVIEW_COUNT_MESSAGE })
  reviewCount?: number;
}

/**
 * POST /api/users/city-badges, and identity's `badges.setCity`. The list limits count what was
 * sent at the gateway; identity counts again after merging duplicate names.
 */
export class SetCityBadgesDto implements SetCityBadgesRequest {
  @ApiProperty({ description: 'Must be your own id' })
  @PositiveId()
  userId: number;

  @ApiPropertyOptional({
    type: [CityBadgeInput],
    maxItems: LIMITS.cityBadgesMax,
    description: 'Settings path: replaces all city badges',
  })
  @IsOptionalNotNull()
  @IsArray({ message: 'badges must be a list' })
  @ArrayMaxSize(LIMITS.cityBadgesMax, { ...EDGE_ONLY, message: VALIDATION_MESSAGES.cityBadgesMax })
  @IsObject({ each: true, message: 'Each badge must be an object' })
  @ValidateNested({ each: true })
  @Type(() => CityBadgeInput)
  badges?: CityBadgeInput[];

  @ApiPropertyOptional({
    type: [RegistrationCityInput],
    maxItems: LIMITS.registrationCitiesMax,
    description: 'Registration path: replaces all city badges',
  })
  @IsOptionalNotNull()
  @IsArray({ message: 'cities must be a list' })
  @ArrayMaxSize(LIMITS.registrationCitiesMax, {
    ...EDGE_ONLY,
    message: VALIDATION_MESSAGES.registrationCitiesMax,
  })
  @IsObject({ each: true, message: 'Each city must be an object' })
  @ValidateNested({ each: true })
  @Type(() => RegistrationCityInput)
  cities?: RegistrationCityInput[];
}
