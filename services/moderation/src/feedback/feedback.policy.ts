import {
  FEEDBACK_STATUS_FILTERS,
  FEEDBACK_TYPES,
  LIMITS,
  MODERATION_LIMITS,
  MODERATION_MESSAGES as M,
  type FeedbackCountsDto,
  type FeedbackStatusFilter,
  type FeedbackType,
} from '@dinebuds/contracts';
import { badRequest, conflict, notFound } from '@dinebuds/errors';

export const feedbackNotFound = () => notFound(M.feedbackNotFound);

/** A feedback as sent: its type (one of the four, any case) and trimmed, non-blank text. */
export function planFeedback(request: { type: string; text: string }): { type: FeedbackType; text: string } {
  const type = request.type.trim().toLowerCase();
  if (type.length > LIMITS.feedbackTypeMax) throw badRequest(M.feedbackTypeTooLong);
  if (!isFeedbackType(type)) throw badRequest(M.feedbackTypeRequired);
  const text = request.text.trim();
  if (text === '') throw badRequest(M.feedbackEmpty);
  if (text.length > MODERATION_LIMITS.feedbackTextMax) throw badRequest(M.feedbackTooLong);
  return { type, text };
}

export function isFeedbackType(value: string): value is FeedbackType {
  return (FEEDBACK_TYPES as readonly string[]).includes(value);
}

/** The list's filters: a type or every type, resolved, pending or both. */
export function feedbackFilter(request: { type?: string; status?: string }): {
  type: FeedbackType | null;
  status: FeedbackStatusFilter;
} {
  const type = request.type === undefined || request.type === 'all' ? null : request.type;
  if (type !== null && !isFeedbackType(type)) throw badRequest(M.feedbackTypeFilter);
  const status = request.status ?? 'all';
  if (!(FEEDBACK_STATUS_FILTERS as readonly string[]).includes(status))
    throw badRequest(M.feedbackStatusFilter);
  return { type, status: status as FeedbackStatusFilter };
}

/** The /feedback tabs' counts from per-type counts (a type with none counts 0). */
export function feedbackCounts(byType: { type: string; count: number }[]): FeedbackCountsDto {
  const counts: FeedbackCountsDto = { all: 0, suggestion: 0, bug: 0, compliment: 0, other: 0 };
  for (const { type, count } of byType) {
    if (!isFeedbackType(type)) continue;
    counts[type] += count;
    counts.all += count;
  }
  return counts;
}

/** Only unresolved feedback can be resolved, once (no way back). */
export function assertResolvable(feedback: { resolved: boolean } | null): void {
  if (!feedback) throw feedbackNotFound();
  if (feedback.resolved) throw conflict(M.feedbackAlreadyResolved);
}
