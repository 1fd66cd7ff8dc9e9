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
import { IsNotBlank, IsOptionalNotNull } from '../common/validators.js';

export const FLAVOR_CATEGORIES = ['preference', 'style', 'dietary'] as const;
const USER_ID_MESSAGE = 'userId must be a positive integer';
const REVIEW_COUNT_MESSAGE = 'reviewCount must be a non-negative integer';
/** Counts and ids are PostgreSQL integers. */
const MAX_INT = 2_147_483_647;
const trimLower = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class FlavorBadgeInput {
  @ApiProperty({
    enum: FLAVOR_CATEGORIES,
    description: "'preference' for flavor and cuisine picks, else the group id",
  })
  @IsDefined({ message: 'Badge category is required' })
  @IsIn(FLAVOR_CATEGORIES, { message: 'Unknown flavor badge category' })
  category: string;

  @ApiProperty({ example: 'sushi' })
  @IsDefined({ message: 'Badge id is required' })
  @Transform(trimLower)
  @IsIn(FLAVOR_IDS, { message: VALIDATION_MESSAGES.unknownFlavor })
  badgeId: string;
}

export class SetFlavorBadgesDto implements SetFlavorBadgesRequest {
  @ApiProperty({ description: 'Must be your own id' })
  @IsDefined({ message: 'userId is required' })
  @IsInt({ message: USER_ID_MESSAGE })
  @Min(1, { message: USER_ID_MESSAGE })
  userId: number;

  @ApiProperty({
    type: [FlavorBadgeInput],
    maxItems: LIMITS.flavorBadgesMax,
    description: 'Replaces all flavor badges; [] clears them',
  })
  @IsDefined({ message: 'badges is required' })
  @IsArray({ message: 'badges must be a list' })
  @ArrayMaxSize(LIMITS.flavorBadgesMax, { message: VALIDATION_MESSAGES.flavorBadgesMax })
  @IsObject({ each: true, message: 'Each badge must be an object' })
  @ValidateNested({ each: true })
  @Type(() => FlavorBadgeInput)
  badges: FlavorBadgeInput[];
}

export class CityBadgeInput {
  @ApiProperty({ example: 'new york' })
  @IsDefined({ message: VALIDATION_MESSAGES.emptyCity })
  @IsString({ message: VALIDATION_MESSAGES.emptyCity })
  @Transform(trim)
  @IsNotBlank({ message: VALIDATION_MESSAGES.emptyCity })
  @MaxLength(LIMITS.cityNameMax, { message: `City names must be at most ${LIMITS.cityNameMax} characters` })
  city: string;

  @ApiPropertyOptional({ enum: CITY_TIER_LEVELS, nullable: true, description: 'null reads as absent' })
  @IsOptional()
  @IsIn(CITY_TIER_LEVELS, { message: 'Unknown city badge level' })
  level?: CityTierLevel;
}

export class RegistrationCityInput {
  @ApiProperty({ example: 'new york' })
  @IsDefined({ message: VALIDATION_MESSAGES.emptyCity })
  @IsString({ message: VALIDATION_MESSAGES.emptyCity })
  @Transform(trim)
  @IsNotBlank({ message: VALIDATION_MESSAGES.emptyCity })
  @MaxLength(LIMITS.cityNameMax, { message: `City names must be at most ${LIMITS.cityNameMax} characters` })
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

export class SetCityBadgesDto implements SetCityBadgesRequest {
  @ApiProperty({ description: 'Must be your own id' })
  @IsDefined({ message: 'userId is required' })
  @IsInt({ message: USER_ID_MESSAGE })
  @Min(1, { message: USER_ID_MESSAGE })
  userId: number;

  @ApiPropertyOptional({
    type: [CityBadgeInput],
    maxItems: LIMITS.cityBadgesMax,
    description: 'Settings path: replaces all city badges',
  })
  @IsOptionalNotNull()
  @IsArray({ message: 'badges must be a list' })
  @ArrayMaxSize(LIMITS.cityBadgesMax, { message: VALIDATION_MESSAGES.cityBadgesMax })
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
  @ArrayMaxSize(LIMITS.registrationCitiesMax, { message: VALIDATION_MESSAGES.registrationCitiesMax })
  @IsObject({ each: true, message: 'Each city must be an object' })
  @ValidateNested({ each: true })
  @Type(() => RegistrationCityInput)
  cities?: RegistrationCityInput[];
}
