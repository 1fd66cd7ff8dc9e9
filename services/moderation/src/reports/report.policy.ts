import {
  MODERATION_MESSAGES as M,
  REPORT_FILTERS,
  type ReportCountsDto,
  type ReportStatus,
  type ReportTargetType,
} from '@dinebuds/contracts';
import { badRequest, conflict, DomainError, notFound } from '@dinebuds/errors';

export const reportNotFound = () => notFound(M.reportNotFound);

/** What moderation knows of the reported content: its owner, or null when it does not exist here. */
export interface ReportTarget {
  ownerId: number;
}

/**
 * Whether a person may report this content: a known review not their own, a known person not
 * themselves. Answers the content's owner.
 */
export function planReport(
  reporterId: number,
  type: ReportTargetType,
  contentId: number,
  target: ReportTarget | null,
): { contentOwnerId: number } {
  if (type === 'user') {
    if (contentId === reporterId) throw badRequest(M.reportYourself);
    if (!target) throw new DomainError('USER_NOT_FOUND', M.userNotFound);
    return { contentOwnerId: contentId };
  }
  if (!target) throw notFound(M.reviewNotFound);
  if (target.ownerId === reporterId) throw badRequest(M.reportOwnReview);
  return { contentOwnerId: target.ownerId };
}

/** The Reports tab's filter: a status, or null for every report. */
export function reportFilter(status: string | undefined): ReportStatus | null {
  const filter = status ?? 'all';
  if (!(REPORT_FILTERS as readonly string[]).includes(filter)) throw badRequest(M.reportStatusFilter);
  return filter === 'all' ? null : (filter as ReportStatus);
}

/** Only a pending report is decided, once. */
export function assertPending(report: { status: string } | null): void {
  if (!report) throw reportNotFound();
  if (report.status !== 'pending') throw conflict(M.reportNotPending);
}

/** Every tab's count from the per-status counts (a status with no report counts 0). */
export function reportCounts(byStatus: { status: string; count: number }[]): ReportCountsDto {
  const of = (status: ReportStatus) => byStatus.find((row) => row.status === status)?.count ?? 0;
  const counts = { pending: of('pending'), resolved: of('resolved'), dismissed: of('dismissed') };
  return { all: counts.pending + counts.resolved + counts.dismissed, ...counts };
}

/** A one-line preview of the reported content, or null when moderation no longer knows it. */
export function contentPreview(
  type: string,
  person: { name: string | null; username: string | null },
  review: { rating: number | null; restaurantId: number | null },
): string | null {
  if (type === 'user') return person.name === null ? null : `${person.name} (@${person.username})`;
  if (review.rating === null) return null;
  return `A ${review.rating}-star review of restaurant #${review.restaurantId}`;
}
