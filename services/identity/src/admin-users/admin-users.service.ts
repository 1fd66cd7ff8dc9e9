import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { pageOf } from '@dinebuds/api-dto';
import {
  ADMIN_USERS_LIMITS,
  type AdminUserDto,
  type AdminUserListDto,
  type AdminUserListQuery,
  type Caller,
  optionalNote,
} from '@dinebuds/contracts';
import { ServiceEvents, Transactions } from '@dinebuds/service-kit';
import type { EntityManager } from 'typeorm';
import type { IdentityEventType } from '../identity.service-definition.js';
import { SessionsRepository } from '../sessions/sessions.repository.js';
import { likeContains, userNotFound } from '../users/user.policy.js';
import { UsersRepository } from '../users/users.repository.js';
import { adminUserFilters, assertNotSelf, toAdminUserDto } from './admin-users.policy.js';
import { AdminUsersRepository } from './admin-users.repository.js';
import { assertAdmin } from '@dinebuds/errors';

/**
 * The admin Users tab: who is here (search, review-count and status filters, real level and
 * most-visited city) and switching an account off and on. A deactivated person cannot sign in, and
 * their sessions end at once: revoked here, and every gateway drops the ones it remembers on
 * identity.user.access-changed, recorded in the same transaction.
 */
@Injectable()
export class AdminUsersService {
  private readonly logger = new Logger(AdminUsersService.name);

  constructor(
    private readonly transactions: Transactions,
    private readonly adminUsers: AdminUsersRepository,
    private readonly users: UsersRepository,
    private readonly sessions: SessionsRepository,
    private readonly events: ServiceEvents<IdentityEventType>,
  ) {}

  async list(caller: Caller, query: AdminUserListQuery): Promise<AdminUserListDto> {
    assertAdmin(caller);
    const q = (query.q ?? '').trim();
    const { rows, total } = await this.adminUsers.page(
      this.transactions.outside,
      q === '' ? null : likeContains(q),
      adminUserFilters(query.reviews, query.status),
      pageOf(query, ADMIN_USERS_LIMITS.pageDefault),
    );
    return { users: rows.map(toAdminUserDto), total };
  }

  async get(caller: Caller, id: number): Promise<AdminUserDto> {
    assertAdmin(caller);
    return this.require(this.transactions.outside, id);
  }

  async deactivate(caller: Caller, id: number, reason: string | null | undefined): Promise<AdminUserDto> {
    assertAdmin(caller);
    assertNotSelf(caller, id);
    return this.setActive(caller, id, false, optionalNote(reason));
  }

  async reactivate(caller: Caller, id: number, reason: string | null | undefined): Promise<AdminUserDto> {
    assertAdmin(caller);
    return this.setActive(caller, id, true, optionalNote(reason));
  }

  /**
   * Switches the account, once: asking for the state it is already in changes nothing and records
   * nothing (a double click). Deactivating revokes every session in the same transaction.
   */
  private async setActive(
    caller: Caller,
    id: number,
    active: boolean,
    reason: string | null,
  ): Promise<AdminUserDto> {
    const changed = await this.transactions.run(async (manager) => {
      const user = await this.users.lockById(manager, id);
      if (!user) throw userNotFound();
      if (user.isActive === active) return false;
      await this.adminUsers.setActive(manager, id, active);
      const version = await this.users.nextVersion(manager, id);
      if (active) {
        await this.events.record(manager, 'identity.user.reactivated', { userId: id }, version);
      } else {
        await this.sessions.revokeOthers(manager, id, null);
        await this.events.record(manager, 'identity.user.deactivated', { userId: id }, version);
        await this.events.record(manager, 'identity.user.access-changed', {
          userId: id,
          reason: 'deactivated',
        });
      }
      await this.events.record(manager, 'admin.action.recorded', {
        actionId: randomUUID(),
        action: active ? 'user.reactivated' : 'user.deactivated',
        actorId: caller.userId,
        targetType: 'user',
        targetId: id,
        subjectUserId: id,
        reason,
      });
      return true;
    });
    if (changed) this.logger.log({ userId: id, active, byAdmin: caller.userId }, 'Account status changed');
    return this.require(this.transactions.outside, id);
  }

  private async require(manager: EntityManager, id: number): Promise<AdminUserDto> {
    const row = await this.adminUsers.find(manager, id);
    if (!row) throw userNotFound();
    return toAdminUserDto(row);
  }
}
