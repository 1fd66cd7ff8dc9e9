import { Injectable, Logger } from '@nestjs/common';
import type { UserSnapshot } from '@dinebuds/contracts';
import type { EntityManager } from 'typeorm';
import { ServiceEvents } from '@dinebuds/service-kit';
import { BlocksRepository } from '../../blocks/blocks.repository.js';
import { FollowChanges } from '../../follows/follow-changes.service.js';
import type { SocialEventType } from '../../social-graph.service-definition.js';
import type { SocialUserEntity } from './social-user.entity.js';
import { SocialUsersRepository } from './social-users.repository.js';
import {
  isNewerChange,
  planProfileEvent,
  profileFromSnapshot,
  type ChangeStamp,
  type ProjectedBadges,
} from './user-projection.policy.js';

export type ProjectionOutcome = 'inserted' | 'updated' | 'stale' | 'deleted-user';

/**
 * Keeps social.users in step with identity's events. Every method runs in the consumer's inbox
 * transaction (`manager`): the effect, its social.* events and the inbox row commit together.
 * Each aspect (profile, badges) remembers the change it comes from (occurredAt and identity's
 * user version) and takes only newer ones: see isNewerChange.
 */
@Injectable()
export class UsersProjectionService {
  private readonly logger = new Logger(UsersProjectionService.name);

  constructor(
    private readonly users: SocialUsersRepository,
    private readonly blocks: BlocksRepository,
    private readonly followChanges: FollowChanges,
    private readonly events: ServiceEvents<SocialEventType>,
  ) {}

  /**
   * identity.user.registered / identity.user.updated: inserts or updates the profile (and the
   * badges when the event carries them). A user who is public after the event has no pending
   * requests left: they are accepted.
   */
  async applyProfile(
    manager: EntityManager,
    snapshot: UserSnapshot,
    change: ChangeStamp,
    extra: { badges?: ProjectedBadges; joinedAt?: Date } = {},
  ): Promise<ProjectionOutcome> {
    const userId = snapshot.userId;
    const stored = await this.lockForEvent(manager, userId);
    if (stored === 'deleted') return 'deleted-user';
    const profile = profileFromSnapshot(snapshot);
    const now = new Date();
    if (stored === null) {
      await this.users.insert(manager, {
        id: userId,
        ...profile,
        flavorBadges: extra.badges?.flavorBadges ?? [],
        cityBadges: extra.badges?.cityBadges ?? [],
        joinedAt: extra.joinedAt ?? null,
        profileSyncedAt: change.occurredAt,
        profileVersion: change.version,
        badgesSyncedAt: extra.badges ? change.occurredAt : null,
        badgesVersion: extra.badges ? change.version : null,
        updatedAt: now,
      });
      if (extra.badges) await this.users.writeBadgeIndex(manager, userId, extra.badges);
      return 'inserted';
    }
    const plan = planProfileEvent(stored, profile, change);
    const changes: Partial<SocialUserEntity> = {};
    if (plan.applyProfile)
      Object.assign(changes, profile, { profileSyncedAt: change.occurredAt, profileVersion: change.version });
    const badgesChange = extra.badges && this.badgesAreNewer(stored, change) ? extra.badges : null;
    if (badgesChange)
      Object.assign(changes, badgesChange, {
        badgesSyncedAt: change.occurredAt,
        badgesVersion: change.version,
      });
    if (extra.joinedAt && stored.joinedAt === null) changes.joinedAt = extra.joinedAt;
    if (Object.keys(changes).length === 0) return 'stale';
    await this.users.update(manager, userId, { ...changes, updatedAt: now });
    if (badgesChange) await this.users.writeBadgeIndex(manager, userId, badgesChange);
    if (plan.acceptPendingRequests) {
      const accepted = await this.followChanges.acceptPendingRequests(manager, userId);
      if (accepted > 0)
        this.logger.log({ userId, accepted }, 'User turned public: pending follow requests accepted');
    }
    return plan.applyProfile ? 'updated' : 'stale';
  }

  /**
   * identity.user.badges-changed. Badges of a user whose profile has not arrived yet cannot be
   * stored (no row): the delivery fails and is retried, by then the registration is in.
   */
  async applyBadges(
    manager: EntityManager,
    userId: number,
    badges: ProjectedBadges,
    change: ChangeStamp,
  ): Promise<ProjectionOutcome> {
    const stored = await this.lockForEvent(manager, userId);
    if (stored === 'deleted') return 'deleted-user';
    if (stored === null) throw new Error(`Badges of user ${userId} arrived before the user; retrying later`);
    if (!this.badgesAreNewer(stored, change)) return 'stale';
    await this.users.update(manager, userId, {
      ...badges,
      badgesSyncedAt: change.occurredAt,
      badgesVersion: change.version,
      updatedAt: new Date(),
    });
    await this.users.writeBadgeIndex(manager, userId, badges);
    return 'updated';
  }

  /**
   * identity.user.deleted: every follow, request and block of the user goes (with
   * social.follow.removed / social.block.removed for the edges that existed), then the
   * projection row; a tombstone keeps later events about the user from bringing it back.
   */
  async removeUser(manager: EntityManager, userId: number): Promise<void> {
    // FOR UPDATE waits for graph changes holding the row FOR SHARE; none can start after it.
    await this.lockForEvent(manager, userId);
    await this.followChanges.removeAllOf(manager, userId);
    const blocks = await this.blocks.deleteAllOf(manager, userId);
    for (const block of blocks) await this.events.record(manager, 'social.block.removed', block);
    // The removals above took their versions; no pair of a deleted person recurs, so their
    // counters go too (nothing of the person is left but the tombstone).
    await this.followChanges.forgetVersionsOf(manager, userId);
    await this.users.deleteWithTombstone(manager, userId, new Date());
  }

  private badgesAreNewer(stored: SocialUserEntity, change: ChangeStamp): boolean {
    return isNewerChange(change, { syncedAt: stored.badgesSyncedAt, version: stored.badgesVersion });
  }

  /** Per-user event lock, tombstone check, then the row locked FOR UPDATE (null: not known yet). */
  private async lockForEvent(
    manager: EntityManager,
    userId: number,
  ): Promise<SocialUserEntity | null | 'deleted'> {
    await this.users.lockUserEvents(manager, userId);
    if (await this.users.isDeleted(manager, userId)) return 'deleted';
    return this.users.lockForUpdate(manager, userId);
  }
}
