import type { MessageResponse } from '../api/identity.js';
import type {
  AuditEntryDto,
  ContentReportDto,
  CreateReportRequest,
  DecisionRequest,
  FeedbackDto,
  FeedbackListRequest,
  ReportListDto,
  ReportedMessageDto,
  SubmitFeedbackRequest,
} from '../api/moderation.js';
import type { Paging } from './identity.js';

/**
 * Moderation's RPC patterns. Every pattern needs a caller: feedback.submit and reports.create act
 * for any signed-in person, every other pattern is for admins only (403 otherwise).
 */
export type ModerationRpc = {
  'feedback.submit': { request: SubmitFeedbackRequest; response: FeedbackDto };
  'feedback.list': { request: FeedbackListRequest; response: FeedbackDto[] };
  'feedback.resolve': { request: DecisionRequest & { feedbackId: number }; response: FeedbackDto };
  'reports.create': { request: CreateReportRequest; response: ContentReportDto };
  'reports.list': { request: { status?: string }; response: ReportListDto };
  'reports.resolve': { request: DecisionRequest & { reportId: number }; response: ContentReportDto };
  'reports.dismiss': { request: DecisionRequest & { reportId: number }; response: ContentReportDto };
  'reportedMessages.list': { request: Paging; response: ReportedMessageDto[] };
  'reportedMessages.dismiss': { request: DecisionRequest & { messageId: number }; response: MessageResponse };
  'auditLog.list': { request: Paging; response: AuditEntryDto[] };
};

export type ModerationPattern = keyof ModerationRpc;
