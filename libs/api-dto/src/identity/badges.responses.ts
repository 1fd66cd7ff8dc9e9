import { ApiProperty } from '@nestjs/swagger';
import {
  CITY_TIER_LEVELS,
  type CityBadgeDto,
  type CityTierLevel,
  type FlavorBadgeCategory,
  type FlavorBadgeDto,
} from '@dinebuds/contracts';
import { FLAVOR_CATEGORIES } from './badges.dto.js';

export class FlavorBadgeSchema implements FlavorBadgeDto {
  @ApiProperty() id: number;
  @ApiProperty() userId: number;
  @ApiProperty({ example: 'sushi' }) badgeId: string;
  @ApiProperty({ enum: FLAVOR_CATEGORIES }) category: FlavorBadgeCategory;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class CityBadgeSchema implements CityBadgeDto {
  @ApiProperty() id: number;
  @ApiProperty() userId: number;
  @ApiProperty({ example: 'new york', description: 'Stored lower-case' }) city: string;
  @ApiProperty() reviewCount: number;
  @ApiProperty({ enum: CITY_TIER_LEVELS }) level: CityTierLevel;
  @ApiProperty({ format: 'date-time' }) lastUpdated: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}
