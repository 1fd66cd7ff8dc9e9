import { Injectable } from '@nestjs/common';
import type { Caller, CityBadgeDto, FlavorBadgeDto } from '@dinebuds/contracts';
import type { EntityManager } from 'typeorm';
import { ServiceEvents, Transactions } from '@dinebuds/service-kit';
import type { IdentityEventType } from '../identity.service-definition.js';
import { assertOwner, userNotFound } from '../users/user.policy.js';
import { UsersRepository } from '../users/users.repository.js';
import { planCityBadges, type FlavorChoice } from './badge.policy.js';
import { BadgesRepository } from './badges.repository.js';
import { toCityBadgeDto, toFlavorBadgeDto } from './badge.mapper.js';

const OWN_BADGES_ONLY = 'You can only change your own badges';

@Injectable()
export class BadgesService {
  constructor(
    private readonly transactions: Transactions,
    private readonly users: UsersRepository,
    private readonly badges: BadgesRepository,
    private readonly events: ServiceEvents<IdentityEventType>,
  ) {}

  private async requireUser(userId: number): Promise<void> {
    if (!(await this.users.exists(this.transactions.outside, userId))) throw userNotFound();
  }

  /** The user row lock serialises concurrent replacements of the same list. */
  private async lockUser(manager: EntityManager, userId: number): Promise<void> {
    if (!(await this.users.lockById(manager, userId))) throw userNotFound();
  }

  async listFlavor(userId: number): Promise<FlavorBadgeDto[]> {
    await this.requireUser(userId);
    return this.flavorBadgesOf(this.transactions.outside, userId);
  }

  async listCity(userId: number): Promise<CityBadgeDto[]> {
    await this.requireUser(userId);
    return this.cityBadgesOf(this.transactions.outside, userId);
  }

  /** Replaces the owner's flavor badges (choices already checked against the catalogue and limit). */
  async setFlavor(caller: Caller, userId: number, choices: FlavorChoice[]): Promise<FlavorBadgeDto[]> {
    await this.requireUser(userId);
    assertOwner(caller.userId, userId, OWN_BADGES_ONLY);
    return this.transactions.run(async (manager) => {
      await this.lockUser(manager, userId);
      const before = await this.flavorBadgesOf(manager, userId);
      await this.badges.deleteFlavorExcept(
        manager,
        userId,
        choices.map((c) => c.badgeId),
      );
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
    await this.requireUser(userId);
    assertOwner(caller.userId, userId, OWN_BADGES_ONLY);
    return this.transactions.run(async (manager) => {
      await this.lockUser(manager, userId);
      const existing = await this.badges.cityOf(manager, userId);
      const plan = planCityBadges(existing, cities);
      await this.badges.deleteCities(manager, userId, plan.remove);
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
    await this.events.record(
      manager,
      'identity.user.badges-changed',
      { userId, flavorBadges: flavors.map((b) => b.badgeId), cityBadges: cities.map((b) => b.city) },
      await this.users.nextVersion(manager, userId),
    );
  }

  /** Inserts badges the user does not have yet (registration and replacement). */
  async addFlavorBadges(manager: EntityManager, userId: number, choices: FlavorChoice[]): Promise<void> {
    await this.badges.insertFlavor(manager, userId, choices);
  }

  /** New city badges start at bronze with no reviews. */
  async addCityBadges(manager: EntityManager, userId: number, cities: string[]): Promise<void> {
    await this.badges.insertCities(manager, userId, cities, new Date());
  }

  private async flavorBadgesOf(manager: EntityManager, userId: number): Promise<FlavorBadgeDto[]> {
    return (await this.badges.flavorOf(manager, userId)).map(toFlavorBadgeDto);
  }

  private async cityBadgesOf(manager: EntityManager, userId: number): Promise<CityBadgeDto[]> {
    return (await this.badges.cityOf(manager, userId)).map(toCityBadgeDto);
  }
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}
