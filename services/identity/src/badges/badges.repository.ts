import { Injectable } from '@nestjs/common';
import { In, type EntityManager } from 'typeorm';
import type { FlavorChoice } from './badge.policy.js';
import { CityBadgeEntity } from './city-badge.entity.js';
import { FlavorBadgeEntity } from './flavor-badge.entity.js';

/** Persistence of identity.flavor_badges and identity.city_badges (always in the caller's manager). */
@Injectable()
export class BadgesRepository {
  flavorOf(manager: EntityManager, userId: number): Promise<FlavorBadgeEntity[]> {
    return manager.find(FlavorBadgeEntity, { where: { userId }, order: { id: 'ASC' } });
  }

  cityOf(manager: EntityManager, userId: number): Promise<CityBadgeEntity[]> {
    return manager.find(CityBadgeEntity, { where: { userId }, order: { id: 'ASC' } });
  }

  /** Deletes the user's flavor badges not listed in `keep` (all when it is empty). */
  async deleteFlavorExcept(manager: EntityManager, userId: number, keep: string[]): Promise<void> {
    const stale = manager
      .createQueryBuilder()
      .delete()
      .from(FlavorBadgeEntity)
      .where('user_id = :userId', { userId });
    if (keep.length > 0) stale.andWhere('badge_id NOT IN (:...keep)', { keep });
    await stale.execute();
  }

  /** Inserts the badges the user does not have yet. */
  async insertFlavor(manager: EntityManager, userId: number, choices: FlavorChoice[]): Promise<void> {
    if (choices.length === 0) return;
    await manager
      .createQueryBuilder()
      .insert()
      .into(FlavorBadgeEntity)
      .values(choices.map((c) => ({ userId, badgeId: c.badgeId, category: c.category })))
      .orIgnore()
      .execute();
  }

  async deleteCities(manager: EntityManager, userId: number, cities: string[]): Promise<void> {
    if (cities.length === 0) return;
    await manager.delete(CityBadgeEntity, { userId, city: In(cities) });
  }

  /** New city badges start at bronze with no reviews; existing ones are left as they are. */
  async insertCities(manager: EntityManager, userId: number, cities: string[], now: Date): Promise<void> {
    if (cities.length === 0) return;
    await manager
      .createQueryBuilder()
      .insert()
      .into(CityBadgeEntity)
      .values(
        cities.map((city) => ({ userId, city, reviewCount: 0, level: 'bronze' as const, lastUpdated: now })),
      )
      .orIgnore()
      .execute();
  }
}
