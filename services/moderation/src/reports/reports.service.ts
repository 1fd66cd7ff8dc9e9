import { Injectable } from '@nestjs/common';
import {
  MODERATION_MESSAGES as M,
  type Caller,
  type ContentReportDto,
  type CreateReportRequest,
  type ReportListDto,
  type ReportStatus,
  type ReportTargetType,
  optionalNote,
} from '@dinebuds/contracts';
import { conflict, assertAdmin } from '@dinebuds/errors';
import { ServiceEvents, Transactions } from '@dinebuds/service-kit';
import type { EntityManager } from 'typeorm';
import type { AppealEntity } from '../appeals/appeal.entity.js';
import { toAppealDto } from '../appeals/appeal.policy.js';
import { AppealsRepository } from '../appeals/appeals.repository.js';
import { AuditLogRepository } from '../audit/audit-log.repository.js';
import { personOf } from '../common/admin.policy.js';
import type { ModerationEventType } from '../moderation.service-definition.js';
import { IdentityUsersRepository } from '../projections/identity/identity-users.repository.js';
import { KnownReviewsRepository } from '../projections/reviews/known-reviews.repository.js';
import {
  assertPending,
  contentPreview,
  planReport,
  reportCounts,
  reportFilter,
  reportNotFound,
  type ReportTarget,
} from './report.policy.js';
import { ReportsRepository, type ReportRow } from './reports.repository.js';

/**
 * Content reports: any signed-in person reports a review or a person (once each); admins list
 * them with every tab's count and resolve or dismiss a pending one, which the audit log records
 * and moderation.report.resolved / dismissed announce.
 */
@Injectable()
export class ReportsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly reports: ReportsRepository,
    private readonly users: IdentityUsersRepository,
    private readonly reviews: KnownReviewsRepository,
    private readonly audit: AuditLogRepository,
    private readonly appeals: AppealsRepository,
    private readonly events: ServiceEvents<ModerationEventType>,
  ) {}

  async create(caller: Caller, request: CreateReportRequest): Promise<ContentReportDto> {
    const type = request.type as ReportTargetType;
    const id = await this.transactions.run(async (manager) => {
      const target = await this.targetOf(manager, type, request.contentId);
      const { contentOwnerId } = planReport(caller.userId, type, request.contentId, target);
      const stored = await this.reports.insertOnce(manager, {
        targetType: type,
        targetId: request.contentId,
        contentOwnerId,
        reporterId: caller.userId,
        reason: request.reason.trim(),
      });
      if (stored === null) throw conflict(M.reportDuplicate);
      return stored;
    });
    return this.dtoOf(id);
  }

  async list(caller: Caller, status: string | undefined): Promise<ReportListDto> {
    assertAdmin(caller);
    const filter = reportFilter(status);
    const manager = this.transactions.outside;
    const [rows, counts] = await Promise.all([
      this.reports.list(manager, filter),
      this.reports.countsByStatus(manager),
    ]);
    const appeals = await this.appeals.byReports(
      manager,
      rows.map((row) => row.id),
    );
    return {
      reports: rows.map((row) => toReportDto(row, appeals.get(row.id))),
      counts: reportCounts(counts),
    };
  }

  resolve(caller: Caller, reportId: number, reason?: string): Promise<ContentReportDto> {
    return this.decide(caller, reportId, 'resolved', reason);
  }

  dismiss(caller: Caller, reportId: number, reason?: string): Promise<ContentReportDto> {
    return this.decide(caller, reportId, 'dismissed', reason);
  }

  private async decide(
    caller: Caller,
    reportId: number,
    status: 'resolved' | 'dismissed',
    reason: string | undefined,
  ): Promise<ContentReportDto> {
    assertAdmin(caller);
    await this.transactions.run(async (manager) => {
      const report = await this.reports.lock(manager, reportId);
      assertPending(report);
      if (!report) throw reportNotFound();
      const at = new Date();
      const note = optionalNote(reason);
      await this.reports.decide(manager, reportId, { status, by: caller.userId, at, reason: note });
      await this.audit.record(manager, {
        actorId: caller.userId,
        action: status === 'resolved' ? 'report.resolved' : 'report.dismissed',
        targetType: 'report',
        targetId: reportId,
        subjectUserId: report.contentOwnerId,
        reason: note,
        at,
      });
      await this.events.record(
        manager,
        status === 'resolved' ? 'moderation.report.resolved' : 'moderation.report.dismissed',
        {
          reportId,
          targetType: report.targetType,
          targetId: report.targetId,
          contentOwnerId: report.contentOwnerId,
          reporterId: report.reporterId,
          status,
          decidedById: caller.userId,
          reason: note,
          decidedAt: at.toISOString(),
        },
      );
    });
    return this.dtoOf(reportId);
  }

  private async targetOf(
    manager: EntityManager,
    type: ReportTargetType,
    id: number,
  ): Promise<ReportTarget | null> {
    if (type === 'user') return (await this.users.find(manager, id)) ? { ownerId: id } : null;
    const review = await this.reviews.find(manager, id);
    return review ? { ownerId: review.userId } : null;
  }

  private async dtoOf(id: number): Promise<ContentReportDto> {
    const row = await this.reports.row(this.transactions.outside, id);
    if (!row) throw reportNotFound();
    const appeals = await this.appeals.byReports(this.transactions.outside, [id]);
    return toReportDto(row, appeals.get(id));
  }
}

function toReportDto(row: ReportRow, appeal: AppealEntity | undefined): ContentReportDto {
  return {
    id: row.id,
    type: row.targetType as ReportTargetType,
    contentId: row.targetId,
    contentOwnerId: row.contentOwnerId,
    content: contentPreview(
      row.targetType,
      { name: row.targetName, username: row.targetUsername },
      { rating: row.reviewRating, restaurantId: row.reviewRestaurantId },
    ),
    reason: row.reason,
    status: row.status as ReportStatus,
    createdAt: row.createdAt.toISOString(),
    reportedBy: personOf({
      id: row.reporterId,
      username: row.reporterUsername,
      name: row.reporterName,
      profilePicture: row.reporterPicture,
    }),
    reporterId: row.reporterId,
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
    decidedById: row.decidedBy,
    decisionReason: row.decisionReason,
    appeal: appeal ? toAppealDto(appeal) : null,
  };
}
