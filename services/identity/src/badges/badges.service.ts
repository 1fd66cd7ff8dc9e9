import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Caller, CityBadgeDto, FlavorBadgeDto } from '@dinebuds/contracts';
import { IDENTITY_DATA_SOURCE } from '../config.js';
import { DataSource, In, type EntityManager } from 'typeorm';
import { IdentityEvents } from '../common/identity-outbox.js';
import { UserEntity } from '../users/user.entity.js';
import { assertOwner } from '../users/user.policy.js';
import { userNotFound } from '../users/users.service.js';
import { planCityBadges, type FlavorChoice } from './badge.policy.js';
import { CityBadgeEntity } from './city-badge.entity.js';
import { FlavorBadgeEntity } from './flavor-badge.entity.js';

const OWN_BADGES_ONLY = 'You can only change your own badges';

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

@Injectable()
export class BadgesService {
  constructor(
    @InjectDataSource(IDENTITY_DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly events: IdentityEvents,
  ) {}

  private async requireUser(manager: EntityManager, userId: number, lock = false): Promise<void> {
    const user = await manager.findOne(UserEntity, {
      where: { id: userId },
      select: { id: true },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!user) throw userNotFound();
  }

  async listFlavor(userId: number): Promise<FlavorBadgeDto[]> {
    const manager = this.dataSource.manager;
    await this.requireUser(manager, userId);
    return this.flavorBadgesOf(manager, userId);
  }

  async listCity(userId: number): Promise<CityBadgeDto[]> {
    const manager = this.dataSource.manager;
    await this.requireUser(manager, userId);
    return this.cityBadgesOf(manager, userId);
  }

  /** Replaces the owner's flavor badges (choices already checked against the catalogue and limit). */
  async setFlavor(caller: Caller, userId: number, choices: FlavorChoice[]): Promise<FlavorBadgeDto[]> {
    await this.requireUser(this.dataSource.manager, userId);
    assertOwner(caller.userId, userId, OWN_BADGES_ONLY);
    return this.dataSource.transaction(async (manager) => {
      // The user row lock serialises concurrent replacements of the same list.
      await this.requireUser(manager, userId, true);
      const before = await this.flavorBadgesOf(manager, userId);
      const keep = choices.map((c) => c.badgeId);
      const stale = manager
        .createQueryBuilder()
        .delete()
        .from(FlavorBadgeEntity)
        .where('user_id = :userId', { userId });
      if (keep.length > 0) stale.andWhere('badge_id NOT IN (:...keep)', { keep });
      await stale.execute();
      await this.addFlavorBadges(manager, userId, choices);
      const after = await this.flavorBadgesOf(manager, userId);
      if (
        !sameList(
          before.map((b) => b.badgeId),
          after.map((b) => b.badgeId),
        )
      )
        await this.recordBadgesChanged(manager, userId, { flavors: after });
      return after;
    });
  }

  /** Replaces the owner's city badges; cities that stay keep their review count and level. */
  async setCity(caller: Caller, userId: number, cities: string[]): Promise<CityBadgeDto[]> {
    await this.requireUser(this.dataSource.manager, userId);
    assertOwner(caller.userId, userId, OWN_BADGES_ONLY);
    return this.dataSource.transaction(async (manager) => {
      await this.requireUser(manager, userId, true);
      const existing = await manager.find(CityBadgeEntity, { where: { userId } });
      const plan = planCityBadges(existing, cities);
      if (plan.remove.length > 0) await manager.delete(CityBadgeEntity, { userId, city: In(plan.remove) });
      await this.addCityBadges(manager, userId, plan.add);
      const after = await this.cityBadgesOf(manager, userId);
      if (plan.remove.length > 0 || plan.add.length > 0)
        await this.recordBadgesChanged(manager, userId, { cities: after });
      return after;
    });
  }

  /**
   * Writes identity.user.badges-changed with the user's current flavor and city badges, through
   * the outbox in the caller's transaction (registration and every change of either list). A list
   * the caller has just read is passed in rather than read again.
   */
  async recordBadgesChanged(
    manager: EntityManager,
    userId: number,
    known: { flavors?: FlavorBadgeDto[]; cities?: CityBadgeDto[] } = {},
  ): Promise<void> {
    const flavors = known.flavors ?? (await this.flavorBadgesOf(manager, userId));
    const cities = known.cities ?? (await this.cityBadgesOf(manager, userId));
    await this.events.record(manager, 'identity.user.badges-changed', {
      userId,
      flavorBadges: flavors.map((b) => b.badgeId),
      cityBadges: cities.map((b) => b.city),
    });
  }

  /** Inserts badges the user does not have yet (registration and replacement). */
  async addFlavorBadges(manager: EntityManager, userId: number, choices: FlavorChoice[]): Promise<void> {
    if (choices.length === 0) return;
    await manager
      .createQueryBuilder()
      .insert()
      .into(FlavorBadgeEntity)
      .values(choices.map((c) => ({ userId, badgeId: c.badgeId, category: c.category })))
      .orIgnore()
      .execute();
  }

  /** New city badges start at bronze with no reviews. */
  async addCityBadges(manager: EntityManager, userId: number, cities: string[]): Promise<void> {
    if (cities.length === 0) return;
    const now = new Date();
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

  private async flavorBadgesOf(manager: EntityManager, userId: number): Promise<FlavorBadgeDto[]> {
    const badges = await manager.find(FlavorBadgeEntity, { where: { userId }, order: { id: 'ASC' } });
    return badges.map(toFlavorBadgeDto);
  }

  private async cityBadgesOf(manager: EntityManager, userId: number): Promise<CityBadgeDto[]> {
    const badges = await manager.find(CityBadgeEntity, { where: { userId }, order: { id: 'ASC' } });
    return badges.map(toCityBadgeDto);
  }
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}
