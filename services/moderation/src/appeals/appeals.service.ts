import { Injectable } from '@nestjs/common';
import {
  APPEALABLE_ACTIONS,
  MODERATION_MESSAGES as M,
  type AdminAppealDto,
  type AppealDto,
  type Caller,
  type ModerationDecisionDto,
  optionalNote,
} from '@dinebuds/contracts';
import { conflict, notFound, assertAdmin } from '@dinebuds/errors';
import { Transactions } from '@dinebuds/service-kit';
import type { EntityManager } from 'typeorm';
import { AuditLogRepository } from '../audit/audit-log.repository.js';
import { personOf } from '../common/admin.policy.js';
import { ReportsRepository } from '../reports/reports.repository.js';
import {
  appealFilter,
  assertMayAppeal,
  assertMayAppealAction,
  contestedContent,
  planAppealOutcome,
  toAppealDto,
} from './appeal.policy.js';
import { AppealsRepository } from './appeals.repository.js';

/**
 * Transparent moderation: a person sees what an admin found against their content (resolved
 * reports about it) with the reason, appeals each decision once, and sees the outcome; the appeal
 * shows on the report in the admins' list, and an admin upholds or overturns it (audited).
 */
@Injectable()
export class AppealsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly appeals: AppealsRepository,
    private readonly reports: ReportsRepository,
    private readonly audit: AuditLogRepository,
  ) {}

  /**
   * Resolved reports about my content and admin actions against it (a removed review), newest
   * decision first, each with my appeal if I made one.
   */
  async decisions(caller: Caller): Promise<ModerationDecisionDto[]> {
    const manager = this.transactions.outside;
    const [rows, actions] = await Promise.all([
      this.reports.resolvedAbout(manager, caller.userId),
      this.audit.against(manager, caller.userId, APPEALABLE_ACTIONS),
    ]);
    const [appeals, actionAppeals] = await Promise.all([
      this.appeals.byReports(
        manager,
        rows.map((row) => row.id),
      ),
      this.appeals.byAuditEntries(
        manager,
        actions.map((row) => row.id),
      ),
    ]);
    const fromReports = rows.map((row): ModerationDecisionDto => {
      const appeal = appeals.get(row.id);
      return {
        reportId: row.id,
        auditEntryId: null,
        action: 'report.resolved',
        ...contestedContent(row),
        reportReason: row.reason,
        decisionReason: row.decisionReason,
        decidedAt: (row.decidedAt ?? row.createdAt).toISOString(),
        appeal: appeal ? toAppealDto(appeal) : null,
      };
    });
    const fromActions = actions.map((row): ModerationDecisionDto => {
      const appeal = actionAppeals.get(row.id);
      return {
        reportId: null,
        auditEntryId: row.id,
        action: row.action,
        ...contestedContent(row),
        reportReason: null,
        decisionReason: row.reason,
        decidedAt: row.createdAt.toISOString(),
        appeal: appeal ? toAppealDto(appeal) : null,
      };
    });
    return [...fromReports, ...fromActions].sort((a, b) => b.decidedAt.localeCompare(a.decidedAt));
  }

  /** Appeals an admin action against my content (a removed review), once. */
  createForAction(caller: Caller, auditEntryId: number, text: string): Promise<AppealDto> {
    return this.storeOnce(async (manager) => {
      const entry = await this.audit.find(manager, auditEntryId);
      assertMayAppealAction(caller.userId, entry, await this.appeals.existsForAction(manager, auditEntryId));
      return this.appeals.insertOnceForAction(manager, {
        auditEntryId,
        userId: caller.userId,
        text: text.trim(),
      });
    });
  }

  /** Appeals for admins (the Reports tab), newest first: pending by default. */
  async list(caller: Caller, status: string | undefined): Promise<AdminAppealDto[]> {
    assertAdmin(caller);
    const rows = await this.appeals.adminList(this.transactions.outside, appealFilter(status));
    return rows.map((row) => ({
      ...toAppealDto(row),
      user: personOf({
        id: row.userId,
        username: row.username,
        name: row.name,
        profilePicture: row.profilePicture,
      }),
      action: row.action,
      ...contestedContent(row),
      reason: row.reason,
    }));
  }

  create(caller: Caller, reportId: number, text: string): Promise<AppealDto> {
    return this.storeOnce(async (manager) => {
      const report = await this.reports.lock(manager, reportId);
      assertMayAppeal(caller.userId, report, await this.appeals.existsFor(manager, reportId));
      return this.appeals.insertOnce(manager, { reportId, userId: caller.userId, text: text.trim() });
    });
  }

  /** Stores one appeal in a transaction; `insert` answers null when the decision already has one. */
  private async storeOnce(insert: (manager: EntityManager) => Promise<number | null>): Promise<AppealDto> {
    const id = await this.transactions.run(async (manager) => {
      const stored = await insert(manager);
      if (stored === null) throw conflict(M.appealOnce);
      return stored;
    });
    return this.dtoOf(id);
  }

  async decide(caller: Caller, appealId: number, outcome: string, reason?: string): Promise<AppealDto> {
    assertAdmin(caller);
    await this.transactions.run(async (manager) => {
      const appeal = await this.appeals.lock(manager, appealId);
      const status = planAppealOutcome(appeal, outcome);
      const at = new Date();
      const note = optionalNote(reason);
      await this.appeals.decide(manager, appealId, { status, by: caller.userId, at, reason: note });
      await this.audit.record(manager, {
        actorId: caller.userId,
        action: status === 'upheld' ? 'appeal.upheld' : 'appeal.overturned',
        targetType: 'appeal',
        targetId: appealId,
        subjectUserId: appeal?.userId ?? null,
        reason: note,
        at,
      });
    });
    return this.dtoOf(appealId);
  }

  private async dtoOf(id: number): Promise<AppealDto> {
    const appeal = await this.appeals.find(this.transactions.outside, id);
    if (!appeal) throw notFound(M.appealNotFound);
    return toAppealDto(appeal);
  }
}
