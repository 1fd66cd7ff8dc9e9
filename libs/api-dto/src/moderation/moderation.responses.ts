import { ApiProperty } from '@nestjs/swagger';
import {
  APPEAL_STATUSES,
  AUDIT_ACTIONS,
  FEEDBACK_TYPES,
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
  type AdminAppealDto,
  type AppealDto,
  type AppealStatus,
  type AuditAction,
  type AuditEntryDto,
  type ContentReportDto,
  type FeedbackCountsDto,
  type FeedbackDto,
  type FeedbackPageDto,
  type FeedbackType,
  type ModerationDecisionDto,
  type ModerationPersonDto,
  type ReportCountsDto,
  type ReportListDto,
  type ReportStatus,
  type ReportTargetType,
  type ReportedMessageDto,
} from '@dinebuds/contracts';

/** OpenAPI schema of ModerationPersonDto. */
export class ModerationPersonSchema implements ModerationPersonDto {
  @ApiProperty({ example: 7 }) id: number;
  @ApiProperty({ example: 'alice' }) username: string;
  @ApiProperty({ example: 'Alice Liddell' }) name: string;
  @ApiProperty({ type: String, nullable: true, example: '/api/users/7/profile-picture?v=3' })
  profilePicture: string | null;
}

const PERSON = (description: string) => ({
  type: ModerationPersonSchema,
  nullable: true,
  description: `${description}; null when moderation does not know the person (yet, or any more)`,
});

/** OpenAPI schema of FeedbackDto. */
export class FeedbackSchema implements FeedbackDto {
  @ApiProperty({ example: 5 }) id: number;
  @ApiProperty({ enum: FEEDBACK_TYPES }) type: FeedbackType;
  @ApiProperty({ example: 'The map could remember my last city.' }) text: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty() resolved: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) resolvedAt: string | null;
  @ApiProperty({ example: 7, description: 'Who sent it' }) userId: number;
  @ApiProperty(PERSON('Who sent it')) user: ModerationPersonSchema | null;
}

/** OpenAPI schema of AppealDto. */
export class AppealSchema implements AppealDto {
  @ApiProperty({ example: 4 }) id: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    example: 3,
    description: 'The decided report it appeals (null when it appeals an admin action)',
  })
  reportId: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    example: null,
    description: 'The admin action (audit log entry, e.g. a removed review) it appeals (null for a report)',
  })
  auditEntryId: number | null;
  @ApiProperty({ example: 7, description: "The content's owner, who appealed" }) userId: number;
  @ApiProperty({ example: 'Nothing in my review is offensive.' }) text: string;
  @ApiProperty({ enum: APPEAL_STATUSES, description: 'upheld: the decision stands; overturned: reversed' })
  status: AppealStatus;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) decidedAt: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The admin's note on the outcome" })
  decisionReason: string | null;
}

/** OpenAPI schema of ContentReportDto. */
export class ContentReportSchema implements ContentReportDto {
  @ApiProperty({ example: 3 }) id: number;
  @ApiProperty({ enum: REPORT_TARGET_TYPES }) type: ReportTargetType;
  @ApiProperty({ example: 12, description: "The review's id or the person's id" }) contentId: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: "The review's author or the reported person (null for a review moderation does not know)",
  })
  contentOwnerId: number | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'Alice Liddell (@alice)',
    description: "A preview: the person's name, or the review's rating and restaurant",
  })
  content: string | null;
  @ApiProperty({ example: 'Offensive language' }) reason: string;
  @ApiProperty({ enum: REPORT_STATUSES }) status: ReportStatus;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty(PERSON('Who reported it')) reportedBy: ModerationPersonSchema | null;
  @ApiProperty({ example: 9 }) reporterId: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) decidedAt: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'The admin who decided' }) decidedById:
    number | null;
  @ApiProperty({ type: String, nullable: true, description: "The admin's note" }) decisionReason:
    string | null;
  @ApiProperty({ type: AppealSchema, nullable: true, description: "The content owner's appeal, if any" })
  appeal: AppealSchema | null;
}

/** OpenAPI schema of ModerationDecisionDto: content of mine an admin found against, and my appeal. */
export class ModerationDecisionSchema implements ModerationDecisionDto {
  @ApiProperty({
    type: Number,
    nullable: true,
    example: 3,
    description: 'The resolved report (POST .../decisions/{reportId}/appeal); null for an admin action',
  })
  reportId: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    example: null,
    description:
      'The admin action, e.g. a removed review (POST .../actions/{auditEntryId}/appeal); null for a report',
  })
  auditEntryId: number | null;
  @ApiProperty({ example: 'review.deleted', description: "'report.resolved' or the admin action" })
  action: string;
  @ApiProperty({ enum: REPORT_TARGET_TYPES }) type: ReportTargetType;
  @ApiProperty({ example: 12 }) contentId: number;
  @ApiProperty({ type: String, nullable: true }) content: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'Offensive language',
    description: "The reporter's reason (null for an admin action without a report)",
  })
  reportReason: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The admin's note" }) decisionReason:
    string | null;
  @ApiProperty({ format: 'date-time' }) decidedAt: string;
  @ApiProperty({ type: AppealSchema, nullable: true, description: 'My appeal (one per decision)' })
  appeal: AppealSchema | null;
}

export class ReportCountsSchema implements ReportCountsDto {
  @ApiProperty({ example: 4 }) all: number;
  @ApiProperty({ example: 2 }) pending: number;
  @ApiProperty({ example: 1 }) resolved: number;
  @ApiProperty({ example: 1 }) dismissed: number;
}

/** OpenAPI schema of ReportListDto: the filtered reports and the counts of every tab. */
export class ReportListSchema implements ReportListDto {
  @ApiProperty({ type: [ContentReportSchema], description: 'Newest first' }) reports: ContentReportSchema[];
  @ApiProperty({ type: ReportCountsSchema, description: 'Counts of every tab, whatever the filter' })
  counts: ReportCountsSchema;
}

/** OpenAPI schema of ReportedMessageDto. */
export class ReportedMessageSchema implements ReportedMessageDto {
  @ApiProperty({ example: 120, description: "The message's id (POST /api/admin/messages/{id}/dismiss)" })
  id: number;
  @ApiProperty({ example: 'Buy cheap followers at ...' }) content: string;
  @ApiProperty({ example: 'text' }) messageType: string;
  @ApiProperty({ example: 'Spam' }) reportReason: string;
  @ApiProperty({ format: 'date-time', description: 'When it was sent' }) createdAt: string;
  @ApiProperty({ format: 'date-time', description: 'When it was reported' }) reportedAt: string;
  @ApiProperty({ example: 7 }) senderId: number;
  @ApiProperty({ example: 42, description: 'The receiver, who reported it' }) receiverId: number;
  @ApiProperty(PERSON('The sender')) sender: ModerationPersonSchema | null;
  @ApiProperty(PERSON('The receiver, who reported it')) receiver: ModerationPersonSchema | null;
}

/** OpenAPI schema of AuditEntryDto: who did what to whom, when and why. */
export class AuditEntrySchema implements AuditEntryDto {
  @ApiProperty({ example: 31 }) id: number;
  @ApiProperty({ enum: AUDIT_ACTIONS }) action: AuditAction;
  @ApiProperty({ example: 1 }) actorId: number;
  @ApiProperty(PERSON('The admin')) actor: ModerationPersonSchema | null;
  @ApiProperty({
    example: 'review',
    description:
      "Moderation's own 'feedback', 'report', 'message' or 'appeal'; from other services e.g. 'user', 'review', 'restaurant', 'badge'",
  })
  targetType: string;
  @ApiProperty({ example: 5 }) targetId: number;
  @ApiProperty({ type: Number, nullable: true, description: 'The person the action concerns' })
  subjectUserId: number | null;
  @ApiProperty(PERSON('The person the action concerns')) subjectUser: ModerationPersonSchema | null;
  @ApiProperty({ type: String, nullable: true, description: "The admin's note" }) reason: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

/** OpenAPI schema of FeedbackCountsDto. */
export class FeedbackCountsSchema implements FeedbackCountsDto {
  @ApiProperty({ example: 9 }) all: number;
  @ApiProperty({ example: 4 }) suggestion: number;
  @ApiProperty({ example: 2 }) bug: number;
  @ApiProperty({ example: 2 }) compliment: number;
  @ApiProperty({ example: 1 }) other: number;
}

/** OpenAPI schema of FeedbackPageDto. */
export class FeedbackPageSchema implements FeedbackPageDto {
  @ApiProperty({ type: [FeedbackSchema], description: 'This page, newest first' }) feedback: FeedbackSchema[];
  @ApiProperty({ example: 9, description: 'How many match the filters' }) total: number;
  @ApiProperty({
    type: FeedbackCountsSchema,
    description: 'Per type tab, of the status filter (whatever the type filter)',
  })
  counts: FeedbackCountsSchema;
}

/** OpenAPI schema of AdminAppealDto: an appeal, who made it and what it contests. */
export class AdminAppealSchema extends AppealSchema implements AdminAppealDto {
  @ApiProperty(PERSON('Who appealed')) user: ModerationPersonSchema | null;
  @ApiProperty({ example: 'review.deleted', description: "'report.resolved' or the admin action" })
  action: string;
  @ApiProperty({ enum: REPORT_TARGET_TYPES }) type: ReportTargetType;
  @ApiProperty({ example: 12 }) contentId: number;
  @ApiProperty({ type: String, nullable: true, example: 'A 1-star review of restaurant #5' })
  content: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The decision's reason" }) reason: string | null;
}
