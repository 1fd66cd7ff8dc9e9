import { Injectable } from '@nestjs/common';
import { REVIEW_MESSAGES, type UserSnapshot } from '@dinebuds/contracts';
import { forbidden, notFound } from '@dinebuds/errors';
import type { EntityManager } from 'typeorm';
import { Transactions } from '@dinebuds/service-kit';
import { ReviewsRepository } from '../reviews/reviews.repository.js';
import { SavedRepository } from '../saved/saved.repository.js';
import { PeopleRepository } from './people.repository.js';
import { canSeeContent } from './visibility.policy.js';
import { isNewerFollowChange } from './follow-change.policy.js';
import { isNewerUserChange, type UserChange } from './user-change.policy.js';

/**
 * reviews' projection of users and follows, and the privacy rule read from it. The consumer's
 * methods run in its inbox transaction (`manager`): the effect and the inbox row commit together.
 */
@Injectable()
export class PeopleService {
  constructor(
    private readonly transactions: Transactions,
    private readonly people: PeopleRepository,
    private readonly reviews: ReviewsRepository,
    private readonly saved: SavedRepository,
  ) {}

  /** Throws 404 (unknown user) or 403 (private, not an approved follower) unless the viewer may see. */
  async assertCanSee(viewerId: number | null, ownerId: number): Promise<void> {
    if (viewerId === ownerId) return;
    const manager = this.transactions.outside;
    const owner = await this.people.find(manager, ownerId);
    if (owner === null) throw notFound('User not found');
    const follows =
      viewerId !== null && owner.isPrivate && (await this.people.follows(manager, viewerId, ownerId));
    if (!canSeeContent(viewerId, owner, ownerId, follows)) throw forbidden(REVIEW_MESSAGES.privateProfile);
  }

  /** identity.user.registered / updated: a newer profile (by identity's user version) replaces the stored one. */
  async applyProfile(manager: EntityManager, snapshot: UserSnapshot, change: UserChange): Promise<void> {
    await this.people.lockUserEvents(manager, snapshot.userId);
    if (await this.people.isDeleted(manager, snapshot.userId)) return;
    const stored = await this.people.find(manager, snapshot.userId);
    if (stored && !isNewerUserChange(change, { version: stored.version, syncedAt: stored.syncedAt })) return;
    await this.people.upsert(manager, {
      id: snapshot.userId,
      username: snapshot.username,
      name: snapshot.name,
      profilePicture: snapshot.profilePicture ?? null,
      isPrivate: snapshot.isPrivate === true,
      version: change.version,
      syncedAt: change.occurredAt,
    });
  }

  /**
   * identity.user.registered / badges-changed: the user's flavor badges (for mood tags), when
   * newer than the badges held; a change that arrives before the user's profile is kept too.
   */
  async applyBadges(
    manager: EntityManager,
    userId: number,
    flavorBadges: readonly string[] | undefined,
    change: UserChange,
  ): Promise<void> {
    await this.people.lockUserEvents(manager, userId);
    if (await this.people.isDeleted(manager, userId)) return;
    const stored = await this.people.findBadges(manager, userId);
    if (stored && !isNewerUserChange(change, stored)) return;
    await this.people.upsertBadges(manager, userId, [...new Set(flavorBadges ?? [])], change);
  }

  /** identity.user.deleted: the user's reviews and saves go with their projection row. */
  async removeUser(manager: EntityManager, userId: number): Promise<void> {
    await this.people.lockUserEvents(manager, userId);
    await this.reviews.deleteAllOf(manager, userId);
    await this.saved.deleteAllOf(manager, userId);
    await this.people.removeWithTombstone(manager, userId, new Date());
  }

  /** social.follow.created: the edge, unless a user is gone or a newer change of it was applied. */
  async addFollow(
    manager: EntityManager,
    followerId: number,
    followingId: number,
    version: number | null,
  ): Promise<void> {
    if (
      (await this.people.isDeleted(manager, followerId)) ||
      (await this.people.isDeleted(manager, followingId))
    )
      return;
    if (!(await this.newerFollowChange(manager, followerId, followingId, version))) return;
    await this.people.addFollow(manager, followerId, followingId);
  }

  /** social.follow.removed: the edge goes, unless a newer change of it (a re-follow) was applied. */
  async removeFollow(
    manager: EntityManager,
    followerId: number,
    followingId: number,
    version: number | null,
  ): Promise<void> {
    if (!(await this.newerFollowChange(manager, followerId, followingId, version))) return;
    await this.people.removeFollow(manager, followerId, followingId);
  }

  /** Locks the edge's version; when the change is newer, records its version and answers true. */
  private async newerFollowChange(
    manager: EntityManager,
    followerId: number,
    followingId: number,
    version: number | null,
  ): Promise<boolean> {
    const applied = await this.people.lockFollowVersion(manager, followerId, followingId);
    if (!isNewerFollowChange(version, applied)) return false;
    if (version !== null) await this.people.setFollowVersion(manager, followerId, followingId, version);
    return true;
  }
}
