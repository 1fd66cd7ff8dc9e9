import type { CityBadgeDto, FlavorBadgeDto } from '@dinebuds/contracts';
import type { CityBadgeEntity } from './city-badge.entity.js';
import type { FlavorBadgeEntity } from './flavor-badge.entity.js';

export function toFlavorBadgeDto(badge: FlavorBadgeEntity): FlavorBadgeDto {
  return {
    id: badge.id,
    userId: badge.userId,
    badgeId: badge.badgeId,
    category: badge.category,
    createdAt: badge.createdAt.toISOString(),
  };
}

export function toCityBadgeDto(badge: CityBadgeEntity): CityBadgeDto {
  return {
    id: badge.id,
    userId: badge.userId,
    city: badge.city,
    reviewCount: badge.reviewCount,
    level: badge.level,
    lastUpdated: badge.lastUpdated.toISOString(),
    createdAt: badge.createdAt.toISOString(),
  };
}
