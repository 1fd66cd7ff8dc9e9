/** Moderation API types: feedback, content reports, the reported-message queue and the audit log. */
import { LIMITS } from '../domain/limits.js';

/** Feedback types (spec 1 §4: suggestion, bug, compliment, other; stored up to LIMITS.feedbackTypeMax). */
export const FEEDBACK_TYPES = ['suggestion', 'bug', 'compliment', 'other'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

/** What a person may report besides a message (messages are reported in messaging). */
export const REPORT_TARGET_TYPES = ['review', 'user'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

export const REPORT_STATUSES = ['pending', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
/** The Reports tab's filters: a status, or every report. */
export const REPORT_FILTERS = ['all', ...REPORT_STATUSES] as const;
export type ReportFilter = (typeof REPORT_FILTERS)[number];

/** The feedback list's filters (the /feedback tabs are the types; resolved or not besides). */
export const FEEDBACK_STATUS_FILTERS = ['all', 'pending', 'resolved'] as const;
export type FeedbackStatusFilter = (typeof FEEDBACK_STATUS_FILTERS)[number];

/** Moderation's own limits (characters after trimming). */
export const MODERATION_LIMITS = {
  feedbackTextMax: 2000,
  /** An admin's note on a decision (the audit log's "why"). */
  decisionReasonMax: 500,
  reportReasonMax: LIMITS.reportReasonMax,
  auditPageDefault: 50,
  feedbackPageDefault: 20,
} as const;

/** The audit log's actions. */
export const AUDIT_ACTIONS = [
  'feedback.resolved',
  'report.resolved',
  'report.dismissed',
  'reported-message.dismissed',
  'appeal.upheld',
  'appeal.overturned',
  // Recorded from other services by 'admin.action.recorded':
  'user.deactivated',
  'user.reactivated',
  'user.deleted',
  'review.deleted',
  'badge.updated',
  'restaurant.updated',
  'restaurants.merged',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * Admin actions against a person's content that they see under their moderation decisions and may
 * appeal once (recorded from other services by 'admin.action.recorded').
 */
export const APPEALABLE_ACTIONS = ['review.deleted'] as const satisfies readonly AuditAction[];
export type AppealableAction = (typeof APPEALABLE_ACTIONS)[number];

/** Copy the moderation routes answer with (sentences the UI can show). */
export const MODERATION_MESSAGES = {
  adminsOnly: 'Only admins can do this',
  feedbackTypeRequired: 'Please choose a feedback type: suggestion, bug, compliment or other',
  feedbackTypeTooLong: `Feedback type must be at most ${LIMITS.feedbackTypeMax} characters`,
  feedbackEmpty: 'Your feedback cannot be empty.',
  feedbackTooLong: `Feedback must be at most ${MODERATION_LIMITS.feedbackTextMax} characters`,
  feedbackNotFound: 'Feedback not found',
  feedbackAlreadyResolved: 'This feedback is already resolved',
  feedbackStatusFilter: 'status must be all, pending or resolved',
  feedbackTypeFilter: 'type must be suggestion, bug, compliment or other',
  reportTypeRequired: 'You can report a review or a person',
  reportReasonRequired: 'Please give a reason for the report',
  reportReasonTooLong: `Reason must be at most ${MODERATION_LIMITS.reportReasonMax} characters`,
  reportYourself: 'You cannot report yourself',
  reportOwnReview: 'You cannot report your own review',
  reportDuplicate: 'You have already reported this',
  reviewNotFound: 'Review not found',
  userNotFound: 'User not found',
  reportNotFound: 'Report not found',
  reportNotPending: 'Only a pending report can be resolved or dismissed',
  reportStatusFilter: 'status must be all, pending, resolved or dismissed',
  decisionReasonTooLong: `Reason must be at most ${MODERATION_LIMITS.decisionReasonMax} characters`,
  reportedMessageNotFound: 'Reported message not found',
  reportedMessageDismissed: 'This report was already dismissed',
  reportDismissed: 'Report dismissed',
  decisionNotFound: 'Decision not found',
  appealEmpty: 'Please say why the decision should change',
  appealTooLong: `Appeal must be at most ${LIMITS.reportReasonMax} characters`,
  appealOnce: 'You have already appealed this decision',
  appealNotFound: 'Appeal not found',
  appealDecided: 'This appeal is already decided',
  appealOutcome: 'outcome must be upheld or overturned',
  appealStatusFilter: 'status must be all, pending, upheld or overturned',
  subjectUserIdInvalid: 'subjectUserId must be a positive whole number',
} as const;

/** An appeal's life: waiting for an admin, then the decision kept (upheld) or reversed (overturned). */
export const APPEAL_STATUSES = ['pending', 'upheld', 'overturned'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];
export const APPEAL_OUTCOMES = ['upheld', 'overturned'] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];

/** A person's appeal of an admin's decision on their content (once per decision). */
export interface AppealDto {
  id: number;
  /** The resolved report it appeals, or null when it appeals an admin action (auditEntryId). */
  reportId: number | null;
  /** The admin action (audit log entry, e.g. a removed review) it appeals, or null for a report. */
  auditEntryId: number | null;
  userId: number;
  text: string;
  status: AppealStatus;
  /** ISO 8601. */
  createdAt: string;
  decidedAt: string | null;
  /** The admin's note on the outcome. */
  decisionReason: string | null;
}

/** POST /api/moderation/decisions/{reportId}/appeal. */
export interface CreateAppealRequest {
  text: string;
}

/** POST /api/admin/appeals/{id}/decide. */
export interface DecideAppealRequest {
  outcome: string;
  reason?: string;
}

/**
 * GET /api/moderation/decisions: a report about my content (a review of mine, or me) that an admin
 * resolved, i.e. found against me, or an admin action against my content (a review of mine an admin
 * removed), with the reason, and my appeal if I made one. Exactly one of reportId and auditEntryId
 * is set: it names where the appeal goes.
 */
export interface ModerationDecisionDto {
  reportId: number | null;
  auditEntryId: number | null;
  /** What was decided: 'report.resolved' (a report upheld) or the admin action, e.g. 'review.deleted'. */
  action: string;
  type: ReportTargetType;
  contentId: number;
  content: string | null;
  /** The reporter's reason; null for an admin action without a report. */
  reportReason: string | null;
  /** The admin's note. */
  decisionReason: string | null;
  /** ISO 8601. */
  decidedAt: string;
  appeal: AppealDto | null;
}

/** A person as moderation shows them (its projection of identity's users). */
export interface ModerationPersonDto {
  id: number;
  username: string;
  name: string;
  profilePicture: string | null;
}

/** POST /api/feedback. */
export interface SubmitFeedbackRequest {
  type: string;
  text: string;
}

/** One feedback item. */
export interface FeedbackDto {
  id: number;
  type: FeedbackType;
  text: string;
  /** ISO 8601. */
  createdAt: string;
  resolved: boolean;
  /** ISO 8601, null while unresolved. */
  resolvedAt: string | null;
  userId: number;
  /** Who sent it; null when moderation does not know the person (yet, or any more). */
  user: ModerationPersonDto | null;
}

/** GET /api/feedback filters and page. */
export interface FeedbackListRequest {
  type?: string;
  status?: string;
  limit?: number;
  offset?: number;
}

/** Feedback counts per /feedback tab (of the status filter, whatever the type filter). */
export interface FeedbackCountsDto {
  all: number;
  suggestion: number;
  bug: number;
  compliment: number;
  other: number;
}

/** GET /api/feedback: one page of the filtered list, newest first, and every tab's count. */
export interface FeedbackPageDto {
  feedback: FeedbackDto[];
  /** How many match the filters (the page is a slice of these). */
  total: number;
  counts: FeedbackCountsDto;
}

/** GET /api/admin/audit-log: a page, optionally only the actions concerning one person. */
export interface AuditLogListRequest {
  limit?: number;
  offset?: number;
  subjectUserId?: number;
}

/** GET /api/admin/appeals?status=. */
export interface AppealListRequest {
  status?: string;
}

export const APPEAL_FILTERS = ['all', 'pending', 'upheld', 'overturned'] as const;

/** An appeal as admins see it (the Reports tab): the appeal, who made it and what it contests. */
export interface AdminAppealDto extends AppealDto {
  user: ModerationPersonDto | null;
  /** What was decided: 'report.resolved' or the admin action, e.g. 'review.deleted'. */
  action: string;
  type: ReportTargetType;
  contentId: number;
  content: string | null;
  /** The reason given for the decision (the report's reason, or the admin's note). */
  reason: string | null;
}

/** An admin's decision: an optional note recorded in the audit log. */
export interface DecisionRequest {
  reason?: string;
}

/** POST /api/reports. */
export interface CreateReportRequest {
  type: string;
  contentId: number;
  reason: string;
}

/** A content report (the Reports tab). */
export interface ContentReportDto {
  id: number;
  type: ReportTargetType;
  /** The review's id or the person's id. */
  contentId: number;
  /** The review's author or the reported person; null for a review moderation does not know. */
  contentOwnerId: number | null;
  /**
   * A preview of what is reported: the person's "name (@username)"; for a review, its rating and
   * restaurant id (moderation is not told review texts), or null when unknown.
   */
  content: string | null;
  reason: string;
  status: ReportStatus;
  /** ISO 8601. */
  createdAt: string;
  reportedBy: ModerationPersonDto | null;
  reporterId: number;
  /** ISO 8601 of the resolve or dismiss; null while pending. */
  decidedAt: string | null;
  decidedById: number | null;
  /** The admin's note on the decision, if any. */
  decisionReason: string | null;
  /** The content owner's appeal of a resolved report, if any. */
  appeal: AppealDto | null;
}

export interface ReportCountsDto {
  all: number;
  pending: number;
  resolved: number;
  dismissed: number;
}

/** GET /api/admin/reports. */
export interface ReportListDto {
  reports: ContentReportDto[];
  counts: ReportCountsDto;
}

/** A reported message waiting for an admin (GET /api/admin/messages/reported). */
export interface ReportedMessageDto {
  /** The message's id in messaging. */
  id: number;
  content: string;
  messageType: string;
  reportReason: string;
  /** ISO 8601: when the message was sent. */
  createdAt: string;
  /** ISO 8601: when it was reported. */
  reportedAt: string;
  senderId: number;
  receiverId: number;
  /** Null when moderation does not know the person (yet, or any more). */
  sender: ModerationPersonDto | null;
  /** The receiver, who reported it. */
  receiver: ModerationPersonDto | null;
}

/** One admin action (GET /api/admin/audit-log): who did what to whom, when and why. */
export interface AuditEntryDto {
  id: number;
  action: AuditAction;
  actorId: number;
  actor: ModerationPersonDto | null;
  /** What the action was on: 'feedback', 'report', 'message' or 'appeal', and its id. */
  targetType: string;
  targetId: number;
  /** The person the action concerns (the feedback's sender, the reported content's owner...). */
  subjectUserId: number | null;
  subjectUser: ModerationPersonDto | null;
  reason: string | null;
  /** ISO 8601. */
  createdAt: string;
}
