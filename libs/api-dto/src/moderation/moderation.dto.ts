import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import {
  APPEAL_FILTERS,
  APPEAL_OUTCOMES,
  FEEDBACK_STATUS_FILTERS,
  FEEDBACK_TYPES,
  LIMITS,
  MODERATION_LIMITS,
  MODERATION_MESSAGES as M,
  REPORT_FILTERS,
  REPORT_TARGET_TYPES,
  type AppealListRequest,
  type AuditLogListRequest,
  type CreateAppealRequest,
  type CreateReportRequest,
  type DecideAppealRequest,
  type DecisionRequest,
  type FeedbackListRequest,
  type ModerationRpc,
  type SubmitFeedbackRequest,
} from '@dinebuds/contracts';
import { PagingQuery } from '../common/paging.dto.js';
import { MAX_INT, toInt, trim, trimLower } from '../validation/transforms.js';
import { IsNotBlank, IsOptionalNotNull, PositiveId } from '../validation/validators.js';

type RpcRequest<P extends keyof ModerationRpc> = ModerationRpc[P]['request'];

/** POST /api/feedback, and moderation's `feedback.submit`. */
export class SubmitFeedbackDto implements SubmitFeedbackRequest {
  @ApiProperty({
    enum: FEEDBACK_TYPES,
    maxLength: LIMITS.feedbackTypeMax,
    description: 'Any case; stored lower-case',
  })
  @IsDefined({ message: M.feedbackTypeRequired })
  @IsString({ message: M.feedbackTypeRequired })
  @Transform(trimLower)
  @MaxLength(LIMITS.feedbackTypeMax, { message: M.feedbackTypeTooLong })
  @IsIn(FEEDBACK_TYPES, { message: M.feedbackTypeRequired })
  type: string;

  @ApiProperty({
    example: 'The map could remember my last city.',
    minLength: 1,
    maxLength: MODERATION_LIMITS.feedbackTextMax,
    description: 'Trimmed, not blank',
  })
  @IsDefined({ message: M.feedbackEmpty })
  @IsString({ message: M.feedbackEmpty })
  @Transform(trim)
  @IsNotBlank({ message: M.feedbackEmpty })
  @MaxLength(MODERATION_LIMITS.feedbackTextMax, { message: M.feedbackTooLong })
  text: string;
}

/** GET /api/feedback's filters (the /feedback tabs) and page, and `feedback.list`. */
export class FeedbackListQuery extends PagingQuery implements FeedbackListRequest {
  @ApiPropertyOptional({ enum: ['all', ...FEEDBACK_TYPES], default: 'all' })
  @IsOptional()
  @IsIn(['all', ...FEEDBACK_TYPES], { message: M.feedbackTypeFilter })
  type?: string;

  @ApiPropertyOptional({ enum: FEEDBACK_STATUS_FILTERS, default: 'all' })
  @IsOptional()
  @IsIn(FEEDBACK_STATUS_FILTERS, { message: M.feedbackStatusFilter })
  status?: string;
}

/** An admin's decision (resolve, dismiss): an optional note, kept in the audit log. */
export class DecisionDto implements DecisionRequest {
  @ApiPropertyOptional({
    example: 'Spam, confirmed with the reporter',
    maxLength: MODERATION_LIMITS.decisionReasonMax,
    description: "Why: the audit log's reason (trimmed; blank reads as none)",
  })
  @IsOptionalNotNull()
  @IsString({ message: M.decisionReasonTooLong })
  @Transform(trim)
  @MaxLength(MODERATION_LIMITS.decisionReasonMax, { message: M.decisionReasonTooLong })
  reason?: string;
}

/** `feedback.resolve`: the route's feedback id and the decision. */
export class ResolveFeedbackRpcRequest extends DecisionDto implements RpcRequest<'feedback.resolve'> {
  @PositiveId({ fromText: true }) feedbackId: number;
}

/** POST /api/reports, and `reports.create`. */
export class CreateReportDto implements CreateReportRequest {
  @ApiProperty({ enum: REPORT_TARGET_TYPES, description: 'What is reported' })
  @IsDefined({ message: M.reportTypeRequired })
  @IsString({ message: M.reportTypeRequired })
  @Transform(trimLower)
  @IsIn(REPORT_TARGET_TYPES, { message: M.reportTypeRequired })
  type: string;

  @ApiProperty({ example: 12, minimum: 1, description: "The review's id, or the person's id" })
  @PositiveId()
  contentId: number;

  @ApiProperty({ example: 'Offensive language', maxLength: MODERATION_LIMITS.reportReasonMax })
  @IsDefined({ message: M.reportReasonRequired })
  @IsString({ message: M.reportReasonRequired })
  @Transform(trim)
  @IsNotBlank({ message: M.reportReasonRequired })
  @MaxLength(MODERATION_LIMITS.reportReasonMax, { message: M.reportReasonTooLong })
  reason: string;
}

/** GET /api/admin/reports?status=, and `reports.list`. */
export class ReportListQuery {
  @ApiPropertyOptional({ enum: REPORT_FILTERS, default: 'all' })
  @IsOptional()
  @IsIn(REPORT_FILTERS, { message: M.reportStatusFilter })
  status?: string;
}

/** `reports.resolve` and `reports.dismiss`: the route's report id and the decision. */
export class ReportDecisionRpcRequest extends DecisionDto implements RpcRequest<'reports.resolve'> {
  @PositiveId({ fromText: true }) reportId: number;
}

/** `reportedMessages.dismiss`: the route's message id and the decision. */
export class DismissReportedMessageRpcRequest
  extends DecisionDto
  implements RpcRequest<'reportedMessages.dismiss'>
{
  @PositiveId({ fromText: true }) messageId: number;
}

/** POST /api/moderation/decisions/{reportId}/appeal: why the decision should change. */
export class CreateAppealDto implements CreateAppealRequest {
  @ApiProperty({
    example: 'The review describes my own visit; nothing in it is offensive.',
    maxLength: MODERATION_LIMITS.reportReasonMax,
    description: 'Trimmed, not blank',
  })
  @IsDefined({ message: M.appealEmpty })
  @IsString({ message: M.appealEmpty })
  @Transform(trim)
  @IsNotBlank({ message: M.appealEmpty })
  @MaxLength(MODERATION_LIMITS.reportReasonMax, { message: M.appealTooLong })
  text: string;
}

/** `appeals.create`: the route's report id and the appeal. */
export class CreateAppealRpcRequest extends CreateAppealDto implements RpcRequest<'appeals.create'> {
  @PositiveId({ fromText: true }) reportId: number;
}

/** POST /api/admin/appeals/{id}/decide: upheld (the decision stands) or overturned, and why. */
export class DecideAppealDto extends DecisionDto implements DecideAppealRequest {
  @ApiProperty({ enum: APPEAL_OUTCOMES })
  @IsDefined({ message: M.appealOutcome })
  @IsString({ message: M.appealOutcome })
  @IsIn(APPEAL_OUTCOMES, { message: M.appealOutcome })
  outcome: string;
}

/** `appeals.decide`: the route's appeal id and the outcome. */
export class DecideAppealRpcRequest extends DecideAppealDto implements RpcRequest<'appeals.decide'> {
  @PositiveId({ fromText: true }) appealId: number;
}

/** GET /api/admin/audit-log: a page, and `auditLog.list`; subjectUserId keeps one person's entries. */
export class AuditLogListQuery extends PagingQuery implements AuditLogListRequest {
  @ApiPropertyOptional({ minimum: 1, description: 'Only the actions concerning this person' })
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: M.subjectUserIdInvalid })
  @Min(1, { message: M.subjectUserIdInvalid })
  @Max(MAX_INT, { message: M.subjectUserIdInvalid })
  subjectUserId?: number;
}

/** `appeals.createForAction`: the route's audit entry id and the appeal. */
export class CreateActionAppealRpcRequest
  extends CreateAppealDto
  implements RpcRequest<'appeals.createForAction'>
{
  @PositiveId({ fromText: true }) auditEntryId: number;
}

/** GET /api/admin/appeals?status=, and `appeals.list`. */
export class AppealListQuery implements AppealListRequest {
  @ApiPropertyOptional({ enum: APPEAL_FILTERS, default: 'pending' })
  @IsOptional()
  @IsIn(APPEAL_FILTERS, { message: M.appealStatusFilter })
  status?: string;
}
