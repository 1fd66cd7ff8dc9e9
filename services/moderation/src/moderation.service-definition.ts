import { ModerationExportRepository } from './account/moderation-export.repository.js';
import { ModerationExportRpcController } from './account/moderation-export.rpc-controller.js';
import type { EventType } from '@dinebuds/contracts';
import { defineService, type RunningService, type ServiceStartOptions } from '@dinebuds/service-kit';
import { AppealEntity } from './appeals/appeal.entity.js';
import { AppealsRepository } from './appeals/appeals.repository.js';
import { AppealsRpcController } from './appeals/appeals.rpc-controller.js';
import { AppealsService } from './appeals/appeals.service.js';
import { AdminActionsConsumer } from './audit/admin-actions.consumer.js';
import { AuditEntryEntity } from './audit/audit-entry.entity.js';
import { AuditLogRepository } from './audit/audit-log.repository.js';
import { AuditLogRpcController } from './audit/audit-log.rpc-controller.js';
import { AuditLogService } from './audit/audit-log.service.js';
import { MODERATION_DEFAULT_PORT, MODERATION_SCHEMA, MODERATION_SERVICE } from './config.js';
import { moderationMigrations } from './database/migrations/index.js';
import { FeedbackEntity } from './feedback/feedback.entity.js';
import { FeedbackRepository } from './feedback/feedback.repository.js';
import { FeedbackRpcController } from './feedback/feedback.rpc-controller.js';
import { FeedbackService } from './feedback/feedback.service.js';
import { DeletedUserEntity } from './projections/identity/deleted-user.entity.js';
import { IdentityUsersConsumer } from './projections/identity/identity-users.consumer.js';
import { IdentityUsersRepository } from './projections/identity/identity-users.repository.js';
import { IdentityUsersService } from './projections/identity/identity-users.service.js';
import { ModerationUserEntity } from './projections/identity/moderation-user.entity.js';
import { KnownReviewEntity } from './projections/reviews/known-review.entity.js';
import { KnownReviewsRepository } from './projections/reviews/known-reviews.repository.js';
import { ReviewsConsumer } from './projections/reviews/reviews.consumer.js';
import { ReportedMessageEntity } from './reported-messages/reported-message.entity.js';
import { ReportedMessagesConsumer } from './reported-messages/reported-messages.consumer.js';
import { ReportedMessagesRepository } from './reported-messages/reported-messages.repository.js';
import { ReportedMessagesRpcController } from './reported-messages/reported-messages.rpc-controller.js';
import { ReportedMessagesService } from './reported-messages/reported-messages.service.js';
import { ContentReportEntity } from './reports/content-report.entity.js';
import { ReportsRepository } from './reports/reports.repository.js';
import { ReportsRpcController } from './reports/reports.rpc-controller.js';
import { ReportsService } from './reports/reports.service.js';

/** The events moderation records (all moderation.*): use cases inject `ServiceEvents<ModerationEventType>`. */
export type ModerationEventType = Extract<EventType, `moderation.${string}`>;

/** Only the kit's common options (eventsQueue and relayIntervalMs among them). */
export type ModerationServiceOptions = ServiceStartOptions;
export type RunningModerationService = RunningService;

/** One entity per table of the schema (the outbox and inbox are the events library's). */
export const MODERATION_ENTITIES = [
  ModerationUserEntity,
  DeletedUserEntity,
  KnownReviewEntity,
  FeedbackEntity,
  ContentReportEntity,
  ReportedMessageEntity,
  AuditEntryEntity,
  AppealEntity,
];

/** Feedback, content reports, the reported-message queue and the audit log of admin actions. */
export const moderationService = defineService({
  name: MODERATION_SERVICE,
  schema: MODERATION_SCHEMA,
  defaultPort: MODERATION_DEFAULT_PORT,
  entities: MODERATION_ENTITIES,
  migrations: moderationMigrations,
  controllers: [
    FeedbackRpcController,
    ModerationExportRpcController,
    ReportsRpcController,
    ReportedMessagesRpcController,
    AuditLogRpcController,
    AppealsRpcController,
  ],
  providers: [
    FeedbackService,
    ModerationExportRepository,
    FeedbackRepository,
    ReportsService,
    ReportsRepository,
    ReportedMessagesService,
    ReportedMessagesRepository,
    ReportedMessagesConsumer,
    AuditLogService,
    AdminActionsConsumer,
    AppealsService,
    AppealsRepository,
    AuditLogRepository,
    IdentityUsersConsumer,
    IdentityUsersService,
    IdentityUsersRepository,
    ReviewsConsumer,
    KnownReviewsRepository,
  ],
  bodyLimit: '100kb',
});

/** Starts moderation: migrations, consumers (before the relay), outbox relay, then HTTP. */
export const startModerationService = (
  options: ModerationServiceOptions,
): Promise<RunningModerationService> => moderationService.start(options);
