import {
  APPEALABLE_ACTIONS,
  APPEAL_FILTERS,
  APPEAL_OUTCOMES,
  MODERATION_MESSAGES as M,
  type AppealDto,
  type AppealOutcome,
  type AppealStatus,
  type ReportTargetType,
} from '@dinebuds/contracts';
import { badRequest, conflict, notFound } from '@dinebuds/errors';
import { contentPreview } from '../reports/report.policy.js';

/**
 * Only the owner of content an admin found against (a resolved report) may appeal, once; anyone
 * else learns nothing of the decision (404).
 */
export function assertMayAppeal(
  userId: number,
  report: { status: string; contentOwnerId: number | null } | null,
  alreadyAppealed: boolean,
): void {
  if (!report || report.status !== 'resolved' || report.contentOwnerId !== userId)
    throw notFound(M.decisionNotFound);
  if (alreadyAppealed) throw conflict(M.appealOnce);
}

/**
 * An admin action against content (a removed review) is appealable once by the person it concerned;
 * anyone else, or about another action, learns nothing of it (404).
 */
export function assertMayAppealAction(
  userId: number,
  entry: { action: string; subjectUserId: number | null } | null,
  alreadyAppealed: boolean,
): void {
  if (!entry || !isAppealableAction(entry.action) || entry.subjectUserId !== userId)
    throw notFound(M.decisionNotFound);
  if (alreadyAppealed) throw conflict(M.appealOnce);
}

export const isAppealableAction = (action: string): boolean =>
  (APPEALABLE_ACTIONS as readonly string[]).includes(action);

/** The admins' appeal list filter: a status, or every appeal (default: the pending ones). */
export function appealFilter(status: string | undefined): AppealStatus | null {
  const filter = status ?? 'pending';
  if (!(APPEAL_FILTERS as readonly string[]).includes(filter)) throw badRequest(M.appealStatusFilter);
  return filter === 'all' ? null : (filter as AppealStatus);
}

/** What a decision was about, as moderation knows it (the person, or the review's rating and restaurant). */
export function contestedContent(row: {
  targetType: string;
  targetId: number;
  targetName?: string | null;
  targetUsername?: string | null;
  reviewRating: number | null;
  reviewRestaurantId: number | null;
}): { type: ReportTargetType; contentId: number; content: string | null } {
  return {
    type: row.targetType as ReportTargetType,
    contentId: row.targetId,
    content: contentPreview(
      row.targetType,
      { name: row.targetName ?? null, username: row.targetUsername ?? null },
      { rating: row.reviewRating, restaurantId: row.reviewRestaurantId },
    ),
  };
}

/** An appeal is decided once: upheld (the decision stands) or overturned. */
export function planAppealOutcome(appeal: { status: string } | null, outcome: string): AppealOutcome {
  if (!(APPEAL_OUTCOMES as readonly string[]).includes(outcome)) throw badRequest(M.appealOutcome);
  if (!appeal) throw notFound(M.appealNotFound);
  if (appeal.status !== 'pending') throw conflict(M.appealDecided);
  return outcome as AppealOutcome;
}

/** An appeal's stored columns (the entity, or a repository's row that extends them). */
export interface AppealColumns {
  id: number;
  reportId: number | null;
  auditEntryId: number | null;
  userId: number;
  text: string;
  status: string;
  createdAt: Date;
  decidedAt: Date | null;
  decisionReason: string | null;
}

export function toAppealDto(row: AppealColumns): AppealDto {
  return {
    id: row.id,
    reportId: row.reportId,
    auditEntryId: row.auditEntryId,
    userId: row.userId,
    text: row.text,
    status: row.status as AppealStatus,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
    decisionReason: row.decisionReason,
  };
}
