import type { ModerationExport } from '../api/account.js';
import type { MessageResponse } from '../api/identity.js';
import type {
  AdminAppealDto,
  AppealDto,
  AppealListRequest,
  AuditLogListRequest,
  FeedbackPageDto,
  AuditEntryDto,
  ContentReportDto,
  CreateAppealRequest,
  CreateReportRequest,
  DecideAppealRequest,
  DecisionRequest,
  FeedbackDto,
  FeedbackListRequest,
  ModerationDecisionDto,
  ReportListDto,
  ReportedMessageDto,
  SubmitFeedbackRequest,
} from '../api/moderation.js';
import type { Paging } from './identity.js';

/**
 * Moderation's RPC patterns. Every pattern needs a caller: feedback.submit, reports.create,
 * appeals.decisions and appeals.create act for any signed-in person, every other pattern is for
 * admins only (403 otherwise).
 */
export type ModerationRpc = {
  'feedback.submit': { request: SubmitFeedbackRequest; response: FeedbackDto };
  'feedback.list': { request: FeedbackListRequest; response: FeedbackPageDto };
  'feedback.resolve': { request: DecisionRequest & { feedbackId: number }; response: FeedbackDto };
  'reports.create': { request: CreateReportRequest; response: ContentReportDto };
  'reports.list': { request: { status?: string }; response: ReportListDto };
  'reports.resolve': { request: DecisionRequest & { reportId: number }; response: ContentReportDto };
  'reports.dismiss': { request: DecisionRequest & { reportId: number }; response: ContentReportDto };
  'reportedMessages.list': { request: Paging; response: ReportedMessageDto[] };
  'reportedMessages.dismiss': { request: DecisionRequest & { messageId: number }; response: MessageResponse };
  'auditLog.list': { request: AuditLogListRequest; response: AuditEntryDto[] };
  /** The caller's content found against them (resolved reports about it), with their appeals. */
  'appeals.decisions': { request: Record<string, never>; response: ModerationDecisionDto[] };
  'appeals.create': { request: CreateAppealRequest & { reportId: number }; response: AppealDto };
  'appeals.decide': { request: DecideAppealRequest & { appealId: number }; response: AppealDto };
  /** Appeal an admin action against my content (a removed review), once. */
  'appeals.createForAction': { request: CreateAppealRequest & { auditEntryId: number }; response: AppealDto };
  /** Appeals for admins, newest first. */
  'appeals.list': { request: AppealListRequest; response: AdminAppealDto[] };
  /** The caller's part of their data export. */
  'feedback.export': { request: Record<string, never>; response: ModerationExport };
};

export type ModerationPattern = keyof ModerationRpc;
