import { Injectable } from '@nestjs/common';
import {
  MODERATION_LIMITS,
  type AuditAction,
  type AuditEntryDto,
  type Caller,
  type Paging,
} from '@dinebuds/contracts';
import { Transactions } from '@dinebuds/service-kit';
import { assertAdmin, personOf } from '../common/admin.policy.js';
import { AuditLogRepository } from './audit-log.repository.js';

/** The audit log of admin actions, for admins. */
@Injectable()
export class AuditLogService {
  constructor(
    private readonly transactions: Transactions,
    private readonly audit: AuditLogRepository,
  ) {}

  /** Newest first. */
  async list(caller: Caller, page: Paging): Promise<AuditEntryDto[]> {
    assertAdmin(caller);
    const rows = await this.audit.page(this.transactions.outside, {
      limit: page.limit ?? MODERATION_LIMITS.auditPageDefault,
      offset: page.offset ?? 0,
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
