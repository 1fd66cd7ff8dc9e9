import { AdminMessagesRepository } from './admin/admin-messages.repository.js';
import { AdminMessagesRpcController } from './admin/admin-messages.rpc-controller.js';
import { AdminMessagesService } from './admin/admin-messages.service.js';
import { MessageReportsConsumer } from './admin/message-reports.consumer.js';
import { MessagingExportRepository } from './account/messaging-export.repository.js';
import { MessagingExportRpcController } from './account/messaging-export.rpc-controller.js';
import { MessagingExportService } from './account/messaging-export.service.js';
import type { EventType } from '@dinebuds/contracts';
import { defineService, type RunningService, type ServiceStartOptions } from '@dinebuds/service-kit';
import { PairLocks } from './common/pair-locks.repository.js';
import { ReadReceiptEntity } from './messages/read-receipt.entity.js';
import { AccountStateEntity } from './projections/identity/account-state.entity.js';
import { MESSAGING_DEFAULT_PORT, MESSAGING_SCHEMA, MESSAGING_SERVICE } from './config.js';
import { messagingMigrations } from './database/migrations/index.js';
import { ConversationEntity } from './messages/conversation.entity.js';
import { ConversationsRepository } from './messages/conversations.repository.js';
import { MessageEntity } from './messages/message.entity.js';
import { MessagesRepository } from './messages/messages.repository.js';
import { MessagesRpcController } from './messages/messages.rpc-controller.js';
import { MessagesService } from './messages/messages.service.js';
import { ReadReceiptsRepository } from './messages/read-receipts.repository.js';
import { AccountStatesRepository } from './projections/identity/account-states.repository.js';
import { PollOptionEntity } from './polls/poll-option.entity.js';
import { PollEntity } from './polls/poll.entity.js';
import { PollsRepository } from './polls/polls.repository.js';
import { PollsRpcController } from './polls/polls.rpc-controller.js';
import { PollsService } from './polls/polls.service.js';
import { DeletedUserEntity } from './projections/identity/deleted-user.entity.js';
import { IdentityUsersConsumer } from './projections/identity/identity-users.consumer.js';
import { IdentityUsersRepository } from './projections/identity/identity-users.repository.js';
import { IdentityUsersService } from './projections/identity/identity-users.service.js';
import { MessagingUserEntity } from './projections/identity/messaging-user.entity.js';
import { SocialGraphProjectionService } from './projections/social-graph/social-graph-projection.service.js';
import { SocialGraphConsumer } from './projections/social-graph/social-graph.consumer.js';
import {
  SOCIAL_GRAPH_EDGE_ENTITIES,
  SocialGraphRepository,
} from './projections/social-graph/social-graph.repository.js';

/** The events messaging records (all messaging.*): use cases inject `ServiceEvents<MessagingEventType>`. */
export type MessagingEventType = Extract<EventType, `messaging.${string}`>;

/** Only the kit's common options (eventsQueue and relayIntervalMs among them). */
export type MessagingServiceOptions = ServiceStartOptions;
export type RunningMessagingService = RunningService;

/** One entity per table of the schema (the outbox and inbox are the events library's). */
export const MESSAGING_ENTITIES = [
  MessagingUserEntity,
  DeletedUserEntity,
  ...Object.values(SOCIAL_GRAPH_EDGE_ENTITIES),
  MessageEntity,
  ConversationEntity,
  PollEntity,
  PollOptionEntity,
  AccountStateEntity,
  ReadReceiptEntity,
];

/** Messages, conversations, reports and "Let's eat" polls, with projections of users, follows and blocks. */
export const messagingService = defineService({
  name: MESSAGING_SERVICE,
  schema: MESSAGING_SCHEMA,
  defaultPort: MESSAGING_DEFAULT_PORT,
  entities: MESSAGING_ENTITIES,
  migrations: messagingMigrations,
  controllers: [
    MessagesRpcController,
    PollsRpcController,
    AdminMessagesRpcController,
    MessagingExportRpcController,
  ],
  providers: [
    MessagingExportRepository,
    MessagingExportService,
    PairLocks,
    MessagesService,
    MessagesRepository,
    ConversationsRepository,
    ReadReceiptsRepository,
    AccountStatesRepository,
    PollsService,
    PollsRepository,
    IdentityUsersConsumer,
    IdentityUsersService,
    IdentityUsersRepository,
    SocialGraphConsumer,
    SocialGraphProjectionService,
    SocialGraphRepository,
    AdminMessagesService,
    AdminMessagesRepository,
    MessageReportsConsumer,
  ],
  bodyLimit: '100kb',
});

/** Starts messaging: migrations, consumers (before the relay), outbox relay, then HTTP. */
export const startMessagingService = (options: MessagingServiceOptions): Promise<RunningMessagingService> =>
  messagingService.start(options);
