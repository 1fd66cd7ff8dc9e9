import { Injectable } from '@nestjs/common';
import {
  MODERATION_LIMITS,
  type Caller,
  type FeedbackDto,
  type FeedbackListRequest,
  type FeedbackPageDto,
  type FeedbackType,
  type SubmitFeedbackRequest,
  optionalNote,
} from '@dinebuds/contracts';
import { Transactions } from '@dinebuds/service-kit';
import { AuditLogRepository } from '../audit/audit-log.repository.js';
import { personOf } from '../common/admin.policy.js';
import {
  assertResolvable,
  feedbackCounts,
  feedbackFilter,
  feedbackNotFound,
  planFeedback,
} from './feedback.policy.js';
import { FeedbackRepository, type FeedbackRow } from './feedback.repository.js';
import { assertAdmin } from '@dinebuds/errors';

/** Feedback: any signed-in person sends it; admins list and resolve it (recorded in the audit log). */
@Injectable()
export class FeedbackService {
  constructor(
    private readonly transactions: Transactions,
    private readonly feedback: FeedbackRepository,
    private readonly audit: AuditLogRepository,
  ) {}

  async submit(caller: Caller, request: SubmitFeedbackRequest): Promise<FeedbackDto> {
    const planned = planFeedback(request);
    const id = await this.transactions.run((manager) =>
      this.feedback.insert(manager, { userId: caller.userId, ...planned }),
    );
    return this.dtoOf(id);
  }

  /** One page of the filtered list, with the count of every type tab (of the status filter). */
  async list(caller: Caller, request: FeedbackListRequest): Promise<FeedbackPageDto> {
    assertAdmin(caller);
    const filter = feedbackFilter(request);
    const manager = this.transactions.outside;
    const [rows, byType] = await Promise.all([
      this.feedback.list(manager, filter, {
        limit: request.limit ?? MODERATION_LIMITS.feedbackPageDefault,
        offset: request.offset ?? 0,
      }),
      this.feedback.countsByType(manager, filter.status),
    ]);
    const counts = feedbackCounts(byType);
    return {
      feedback: rows.map(toFeedbackDto),
      total: filter.type === null ? counts.all : counts[filter.type],
      counts,
    };
  }

  /** Marks unresolved feedback resolved (no way back) and records who did it and why. */
  async resolve(caller: Caller, feedbackId: number, reason?: string): Promise<FeedbackDto> {
    assertAdmin(caller);
    await this.transactions.run(async (manager) => {
      const feedback = await this.feedback.lock(manager, feedbackId);
      assertResolvable(feedback);
      const at = new Date();
      await this.feedback.markResolved(manager, feedbackId, caller.userId, at);
      await this.audit.record(manager, {
        actorId: caller.userId,
        action: 'feedback.resolved',
        targetType: 'feedback',
        targetId: feedbackId,
        subjectUserId: feedback?.userId ?? null,
        reason: optionalNote(reason),
        at,
      });
    });
    return this.dtoOf(feedbackId);
  }

  private async dtoOf(id: number): Promise<FeedbackDto> {
    const row = await this.feedback.row(this.transactions.outside, id);
    if (!row) throw feedbackNotFound();
    return toFeedbackDto(row);
  }
}

function toFeedbackDto(row: FeedbackRow): FeedbackDto {
  return {
    id: row.id,
    type: row.type as FeedbackType,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    resolved: row.resolved,
    resolvedAt: row.resolvedAt ? row.resolvedAt.toISOString() : null,
    userId: row.userId,
    user: personOf(row.user),
  };
}
