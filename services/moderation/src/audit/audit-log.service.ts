import { Injectable } from '@nestjs/common';
import {
  MODERATION_LIMITS,
  type AuditAction,
  type AdminActionRecordedEvent,
  type AuditEntryDto,
  type AuditLogListRequest,
  type Caller,
} from '@dinebuds/contracts';
import type { EntityManager } from 'typeorm';
import { Transactions } from '@dinebuds/service-kit';
import { personOf } from '../common/admin.policy.js';
import { IdentityUsersRepository } from '../projections/identity/identity-users.repository.js';
import { AuditLogRepository } from './audit-log.repository.js';
import { assertAdmin } from '@dinebuds/errors';

/** The audit log of admin actions, for admins. */
@Injectable()
export class AuditLogService {
  constructor(
    private readonly transactions: Transactions,
    private readonly audit: AuditLogRepository,
    private readonly users: IdentityUsersRepository,
  ) {}

  /**
   * 'admin.action.recorded' from another service, in the consumer's inbox transaction: appended once
   * per actionId. A person already deleted is not named as its subject (as removeUser does after).
   */
  async recordAction(manager: EntityManager, action: AdminActionRecordedEvent, at: Date): Promise<void> {
    const subjectUserId =
      action.subjectUserId !== null && !(await this.users.isDeleted(manager, action.subjectUserId))
        ? action.subjectUserId
        : null;
    await this.audit.recordOnce(manager, action.actionId, {
      actorId: action.actorId,
      action: action.action,
      targetType: action.targetType,
      targetId: action.targetId,
      subjectUserId,
      reason: action.reason,
      at,
    });
  }

  /** Newest first; only the actions concerning one person when `subjectUserId` is given. */
  async list(caller: Caller, page: AuditLogListRequest): Promise<AuditEntryDto[]> {
    assertAdmin(caller);
    const rows = await this.audit.page(this.transactions.outside, {
      limit: page.limit ?? MODERATION_LIMITS.auditPageDefault,
      offset: page.offset ?? 0,
      subjectUserId: page.subjectUserId ?? null,
    });
    return rows.map((row) => ({
      id: row.id,
      action: row.action as AuditAction,
      actorId: row.actorId,
      actor: personOf(row.actor),
      targetType: row.targetType,
      targetId: row.targetId,
      subjectUserId: row.subjectUserId,
      subjectUser: row.subject ? personOf(row.subject) : null,
      reason: row.reason,
      createdAt: row.createdAt.toISOString(),
    }));
  }
}
