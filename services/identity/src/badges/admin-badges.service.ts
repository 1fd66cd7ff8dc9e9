import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  BADGE_MESSAGES,
  tierColor,
  type AdminBadgeDto,
  type AdminBadgesDto,
  type Caller,
  type CityTierDto,
  type RenameBadgeRequest,
  type SetTierThresholdRequest,
} from '@dinebuds/contracts';
import { notFound, assertAdmin } from '@dinebuds/errors';
import type { EntityManager } from 'typeorm';
import { ServiceEvents, Transactions } from '@dinebuds/service-kit';
import type { IdentityEventType } from '../identity.service-definition.js';
import { withThreshold } from './admin-badge.policy.js';
import { AdminBadgesRepository, type CatalogueBadgeRow, type TierRow } from './admin-badges.repository.js';
import { BadgesService } from './badges.service.js';

const toBadgeDto = (row: CatalogueBadgeRow): AdminBadgeDto => ({
  kind: row.kind,
  id: row.id,
  name: row.name,
  holders: row.holders,
});

const toTierDto = (row: TierRow): CityTierDto => ({
  level: row.level,
  name: row.name,
  minReviews: row.minReviews,
  color: tierColor(row.level),
  holders: row.holders,
});

/**
 * The admin Badges tab: the catalogue with real holder counts, badge names and the CityBud tier
 * thresholds. A threshold change recomputes every city badge's level in the same transaction and
 * tells the other services about each person whose badges changed.
 */
@Injectable()
export class AdminBadgesService {
  constructor(
    private readonly transactions: Transactions,
    private readonly adminBadges: AdminBadgesRepository,
    private readonly badges: BadgesService,
    private readonly events: ServiceEvents<IdentityEventType>,
  ) {}

  async catalogue(caller: Caller): Promise<AdminBadgesDto> {
    assertAdmin(caller);
    const manager = this.transactions.outside;
    const [badges, tiers] = await Promise.all([
      this.adminBadges.catalogue(manager),
      this.adminBadges.tiers(manager),
    ]);
    return {
      flavor: badges.filter((b) => b.kind === 'flavor').map(toBadgeDto),
      city: badges.filter((b) => b.kind === 'city').map(toBadgeDto),
      tiers: tiers.map(toTierDto),
    };
  }

  async rename(caller: Caller, request: RenameBadgeRequest): Promise<AdminBadgeDto> {
    assertAdmin(caller);
    const name = request.name.trim();
    return this.transactions.run(async (manager) => {
      const row = await this.adminBadges.rename(manager, request.kind, request.badgeId, name);
      if (!row) throw notFound(BADGE_MESSAGES.badgeNotFound);
      await this.recordAction(
        manager,
        caller,
        row.position,
        `Renamed ${row.kind} badge ${row.id} to "${name}"`,
      );
      return toBadgeDto(row);
    });
  }

  async setTierThreshold(caller: Caller, request: SetTierThresholdRequest): Promise<CityTierDto[]> {
    assertAdmin(caller);
    return this.transactions.run(async (manager) => {
      // Locked: two admins' edits of neighbouring tiers cannot both pass the ordering check.
      const stored = await this.adminBadges.tiers(manager, true);
      const before = stored.find((t) => t.level === request.level);
      withThreshold(stored, request.level, request.minReviews);
      await this.adminBadges.setThreshold(manager, request.level, request.minReviews);
      const changedUsers = await this.adminBadges.recomputeLevels(manager);
      for (const userId of changedUsers) await this.badges.recordBadgesChanged(manager, userId);
      const tier = before as TierRow;
      await this.recordAction(
        manager,
        caller,
        tier.position,
        `${tier.name} threshold ${tier.minReviews} -> ${request.minReviews} reviews`,
      );
      return (await this.adminBadges.tiers(manager)).map(toTierDto);
    });
  }

  /** 'badge.updated' for the audit log; the target is the badge's or tier's catalogue position. */
  private recordAction(
    manager: EntityManager,
    caller: Caller,
    targetId: number,
    reason: string,
  ): Promise<void> {
    return this.events.record(manager, 'admin.action.recorded', {
      actionId: randomUUID(),
      action: 'badge.updated',
      actorId: caller.userId,
      targetType: 'badge',
      targetId,
      subjectUserId: null,
      reason,
    });
  }
}
