import { ApiProperty } from '@nestjs/swagger';
import {
  BADGE_KINDS,
  CITY_TIER_LEVELS,
  type AdminBadgeDto,
  type AdminBadgesDto,
  type BadgeKind,
  type CityTierDto,
  type CityTierLevel,
} from '@dinebuds/contracts';

export class AdminBadgeSchema implements AdminBadgeDto {
  @ApiProperty({ enum: BADGE_KINDS, example: 'flavor' }) kind: BadgeKind;
  @ApiProperty({ example: 'sushi', description: "A flavor id or a city key ('new york')" }) id: string;
  @ApiProperty({ example: 'SushiBud' }) name: string;
  @ApiProperty({ example: 12, description: 'People who hold this badge' }) holders: number;
}

export class CityTierSchema implements CityTierDto {
  @ApiProperty({ enum: CITY_TIER_LEVELS, example: 'bronze' }) level: CityTierLevel;
  @ApiProperty({ example: 'Bronze' }) name: string;
  @ApiProperty({ example: 10, description: 'Minimum reviews in the city for this level' }) minReviews: number;
  @ApiProperty({ example: '#cd7f32' }) color: string;
  @ApiProperty({ example: 4, description: 'City badges at this level' }) holders: number;
}

export class AdminBadgesSchema implements AdminBadgesDto {
  @ApiProperty({ type: [AdminBadgeSchema], description: 'The 12 FlavorBuds' }) flavor: AdminBadgeSchema[];
  @ApiProperty({ type: [AdminBadgeSchema], description: 'The 10 CityBuds' }) city: AdminBadgeSchema[];
  @ApiProperty({ type: [CityTierSchema], description: 'Bronze, silver, gold, platinum' })
  tiers: CityTierSchema[];
}
