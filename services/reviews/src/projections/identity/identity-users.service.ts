import { Injectable } from '@nestjs/common';
import type { UserSnapshot } from '@dinebuds/contracts';
import type { EntityManager } from 'typeorm';
import { CheckInsRepository } from '../../check-ins/check-ins.repository.js';
import { cityKeyOf } from '../../discovery/city.policy.js';
import { ReviewsRepository } from '../../reviews/reviews.repository.js';
import { SavedRepository } from '../../saved/saved.repository.js';
import { SocialGraphEdgesRepository } from '../social-graph/social-graph-edges.repository.js';
import { IdentityUsersRepository } from './identity-users.repository.js';
import { isNewerUserChange, type UserChange } from '@dinebuds/projections';

/**
 * identity.user.* applied to reviews' projection of users. The methods run in the consumer's inbox
 * transaction (`manager`): the effect and the inbox row commit together.
 */
@Injectable()
export class IdentityUsersService {
  constructor(
    private readonly users: IdentityUsersRepository,
    private readonly edges: SocialGraphEdgesRepository,
    private readonly reviews: ReviewsRepository,
    private readonly saved: SavedRepository,
    private readonly checkIns: CheckInsRepository,
  ) {}

  /** identity.user.registered / updated: a newer profile (by identity's user version) replaces the stored one. */
  async applyProfile(manager: EntityManager, snapshot: UserSnapshot, change: UserChange): Promise<void> {
    await this.users.applySnapshot(manager, snapshot, change, { isPrivate: snapshot.isPrivate === true });
  }

  /**
   * identity.user.registered / badges-changed: the user's flavor badges (for mood tags and
   * recommendations) and city badges (as city keys, for recommendations), when newer than the
   * badges held; a change that arrives before the user's profile is kept too.
   */
  async applyBadges(
    manager: EntityManager,
    userId: number,
    badges: { flavorBadges?: readonly string[]; cityBadges?: readonly string[] },
    change: UserChange,
  ): Promise<void> {
    await this.users.lockUserEvents(manager, userId);
    if (await this.users.isDeleted(manager, userId)) return;
    const stored = await this.users.findBadges(manager, userId);
    if (stored && !isNewerUserChange(change, stored)) return;
    await this.users.upsertBadges(
      manager,
      userId,
      {
        flavorBadges: [...new Set(badges.flavorBadges ?? [])],
        cityBadges: [...new Set((badges.cityBadges ?? []).map(cityKeyOf))],
      },
      change,
    );
  }

  /** identity.user.deleted: the user's reviews, saves and follows go with their projection row. */
  async removeUser(manager: EntityManager, userId: number): Promise<void> {
    await this.users.lockUserEvents(manager, userId);
    await this.reviews.deleteAllOf(manager, userId);
    await this.saved.deleteAllOf(manager, userId);
    await this.checkIns.deleteAllOf(manager, userId);
    await this.edges.removeAllOf(manager, userId);
    await this.users.removeWithTombstone(manager, userId, new Date());
  }
}
