import { Injectable } from '@nestjs/common';
import { REVIEW_MESSAGES } from '@dinebuds/contracts';
import { forbidden, notFound } from '@dinebuds/errors';
import { Transactions } from '@dinebuds/service-kit';
import { IdentityUsersRepository } from '../projections/identity/identity-users.repository.js';
import { SocialGraphEdgesRepository } from '../projections/social-graph/social-graph-edges.repository.js';
import { canSeeContent } from './visibility.policy.js';

/** Who may see a user's reviews, saves and activity, read from the users and follows projections. */
@Injectable()
export class PrivacyService {
  constructor(
    private readonly transactions: Transactions,
    private readonly users: IdentityUsersRepository,
    private readonly edges: SocialGraphEdgesRepository,
  ) {}

  /**
   * Throws 404 (unknown user) or 403 (private, not an approved follower) unless the viewer may see.
   * Admins see every known person's content: moderation (the admin user detail) needs it.
   */
  async assertCanSee(viewerId: number | null, ownerId: number, viewerIsAdmin = false): Promise<void> {
    if (viewerId === ownerId) return;
    const manager = this.transactions.outside;
    const owner = await this.users.find(manager, ownerId);
    if (owner === null) throw notFound('User not found');
    if (viewerIsAdmin) return;
    const follows =
      viewerId !== null && owner.isPrivate && (await this.edges.isFollowing(manager, viewerId, ownerId));
    if (!canSeeContent(viewerId, owner, ownerId, follows)) throw forbidden(REVIEW_MESSAGES.privateProfile);
  }
}
