import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import {
  ACCOUNT_MESSAGES,
  type Caller,
  type IdentityExport,
  type MessageResponse,
} from '@dinebuds/contracts';
import { forbidden } from '@dinebuds/errors';
import { ServiceEvents, Transactions } from '@dinebuds/service-kit';
import { PasswordHasher } from '../auth/password-hasher.js';
import { BadgesService } from '../badges/badges.service.js';
import type { IdentityEventType } from '../identity.service-definition.js';
import { ReviewTalliesRepository } from '../projections/reviews/review-tallies.repository.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { toUserDto } from '../users/user.mapper.js';
import { userNotFound } from '../users/user.policy.js';
import { UsersRepository } from '../users/users.repository.js';
import { assertAdminMayDelete } from './account-deletion.policy.js';

/**
 * A diner's own account: deleting it (by its owner with the password, or by an admin) and
 * identity's part of the data export. Deleting is one use case for both routes: the row goes
 * (sessions and badges with it), and identity.user.deleted tells every other service to remove
 * what it holds, in the same transaction.
 */
@Injectable()
export class AccountService {
  private readonly logger = new Logger(AccountService.name);

  constructor(
    private readonly transactions: Transactions,
    private readonly users: UsersRepository,
    private readonly tallies: ReviewTalliesRepository,
    private readonly hasher: PasswordHasher,
    private readonly badges: BadgesService,
    private readonly sessions: SessionsService,
    private readonly events: ServiceEvents<IdentityEventType>,
  ) {}

  /** DELETE /api/user: the caller's password confirms it (403 when wrong). */
  async deleteSelf(caller: Caller, password: string): Promise<MessageResponse> {
    const user = await this.users.findCredentialsById(this.transactions.outside, caller.userId);
    if (!user) throw userNotFound();
    if (!(await this.hasher.verify(user.passwordHash, password)))
      throw forbidden(ACCOUNT_MESSAGES.wrongPassword);
    await this.delete(user.id, null);
    return { message: ACCOUNT_MESSAGES.accountDeleted };
  }

  /** DELETE /api/users/{id}: admins only, never themselves. */
  async deleteByAdmin(caller: Caller, userId: number): Promise<MessageResponse> {
    assertAdminMayDelete(caller, userId);
    await this.delete(userId, caller.userId);
    return { message: ACCOUNT_MESSAGES.userDeleted };
  }

  async export(caller: Caller): Promise<IdentityExport> {
    const user = await this.users.findById(this.transactions.outside, caller.userId);
    if (!user) throw userNotFound();
    const [flavorBadges, cityBadges, sessions] = await Promise.all([
      this.badges.listFlavor(user.id),
      this.badges.listCity(user.id),
      this.sessions.list(caller),
    ]);
    return { profile: toUserDto(user), flavorBadges, cityBadges, sessions };
  }

  /**
   * The one deletion: the admin's audit record (first, so moderation files it before it forgets
   * the person), identity.user.deleted with the user's last version, the gateways' notice that
   * every session of the user has ended, then the row and the review tallies kept for it.
   */
  private async delete(userId: number, adminId: number | null): Promise<void> {
    await this.transactions.run(async (manager) => {
      if (!(await this.users.lockById(manager, userId))) throw userNotFound();
      const version = await this.users.nextVersion(manager, userId);
      if (adminId !== null)
        await this.events.record(manager, 'admin.action.recorded', {
          actionId: randomUUID(),
          action: 'user.deleted',
          actorId: adminId,
          targetType: 'user',
          targetId: userId,
          subjectUserId: null,
          reason: null,
        });
      await this.events.record(manager, 'identity.user.deleted', { userId }, version);
      await this.events.record(manager, 'identity.user.access-changed', {
        userId,
        reason: 'account-deleted',
      });
      await this.tallies.deleteAllOf(manager, userId);
      await this.users.delete(manager, userId);
    });
    this.logger.log({ userId, byAdmin: adminId }, 'Account deleted');
  }
}
