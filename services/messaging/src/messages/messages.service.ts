import { Injectable } from '@nestjs/common';
import {
  LIMITS,
  MESSAGING_MESSAGES as M,
  type Caller,
  type ConversationPreviewDto,
  type ConversationRequest,
  type CountResponse,
  type MarkReadResponse,
  type MessageDto,
  type MessageResponse,
  type MessageType,
  type SendMessageRequest,
} from '@dinebuds/contracts';
import { badRequest, conflict } from '@dinebuds/errors';
import { ServiceEvents, Transactions } from '@dinebuds/service-kit';
import type { EntityManager } from 'typeorm';
import { PairLocks } from '../common/pair-locks.repository.js';
import type { MessagingEventType } from '../messaging.service-definition.js';
import { IdentityUsersRepository } from '../projections/identity/identity-users.repository.js';
import { SocialGraphRepository } from '../projections/social-graph/social-graph.repository.js';
import { ConversationsRepository } from './conversations.repository.js';
import { toMessageDto } from './message.mapper.js';
import {
  assertParticipant,
  cannotMessage,
  decideReport,
  messageNotFound,
  planMessage,
  userNotFound,
  type PlannedMessage,
} from './message.policy.js';
import { MessagesRepository } from './messages.repository.js';

/**
 * Messages between two people. Every change of a conversation holds the pair's lock (PairLocks):
 * the block check, the idempotency key, the message, the conversation rows and the event commit
 * together.
 */
@Injectable()
export class MessagesService {
  constructor(
    private readonly transactions: Transactions,
    private readonly pairLocks: PairLocks,
    private readonly messages: MessagesRepository,
    private readonly conversations: ConversationsRepository,
    private readonly users: IdentityUsersRepository,
    private readonly graph: SocialGraphRepository,
    private readonly events: ServiceEvents<MessagingEventType>,
  ) {}

  /** A page of the conversation of the two participants, oldest first; only they may read it. */
  async conversation(caller: Caller, request: ConversationRequest): Promise<MessageDto[]> {
    const otherId = assertParticipant(caller.userId, request.userId, request.otherUserId);
    const manager = this.transactions.outside;
    const rows = await this.messages.conversation(manager, request.userId, request.otherUserId, {
      limit: request.limit ?? LIMITS.conversationPageDefault,
      beforeId: request.beforeId,
    });
    // No messages with someone messaging does not know: a wrong id, not an empty conversation.
    if (rows.length === 0 && (await this.users.existing(manager, [otherId])).size === 0) throw userNotFound();
    return rows.map((row) => toMessageDto(row, caller.userId));
  }

  /**
   * Sends a message. A retry carrying the same clientMessageId answers the message stored the
   * first time and stores nothing; a block either way refuses it (403).
   */
  async send(caller: Caller, request: SendMessageRequest): Promise<MessageDto> {
    const planned = planMessage(caller.userId, request);
    const key = request.clientMessageId ?? null;
    let id: number;
    try {
      id = await this.transactions.run(async (manager) => {
        // The retry check comes first: a message stored before a block is still answered as sent.
        await this.pairLocks.lock(manager, caller.userId, request.receiverId);
        if (key !== null) {
          const existing = await this.messages.bySenderKey(manager, caller.userId, key);
          if (existing && existing.receiverId !== request.receiverId) throw conflict(M.clientMessageIdReused);
          if (existing) return existing.id;
        }
        await this.assertMayMessage(manager, caller.userId, request.receiverId);
        return this.store(manager, caller.userId, request.receiverId, planned, { clientMessageId: key });
      });
    } catch (error) {
      // The same key sent to two people at once: the pair locks differ, the unique index decides.
      if (key !== null && this.messages.isClientKeyConflict(error)) throw conflict(M.clientMessageIdReused);
      throw error;
    }
    return this.messageFor(caller.userId, id);
  }

  /** Marks every message the other person sent the caller read; answers how many changed. */
  async markRead(caller: Caller, otherUserId: number): Promise<MarkReadResponse> {
    const readerId = caller.userId;
    if (otherUserId === readerId) throw badRequest(M.conversationWithYourself);
    return this.transactions.run(async (manager) => {
      await this.pairLocks.lock(manager, readerId, otherUserId);
      if (
        !(await this.conversations.exists(manager, readerId, otherUserId)) &&
        (await this.users.existing(manager, [otherUserId])).size === 0
      )
        throw userNotFound();
      const at = new Date();
      const { count, upToMessageId } = await this.messages.markRead(manager, readerId, otherUserId, at);
      await this.conversations.clearUnread(manager, readerId, otherUserId);
      if (count > 0 && upToMessageId !== null)
        await this.events.record(manager, 'messaging.conversation.read', {
          readerId,
          otherUserId,
          upToMessageId,
          count,
          readAt: at.toISOString(),
        });
      return { count };
    });
  }

  /** The receiver reports a message (once); the report reaches moderation by event. */
  async report(caller: Caller, messageId: number, reason: string): Promise<MessageResponse> {
    const trimmed = reason.trim();
    if (trimmed === '') throw badRequest(M.reasonRequired);
    return this.transactions.run(async (manager) => {
      const message = await this.messages.find(manager, messageId);
      if (decideReport(caller.userId, message) === 'report' && message) {
        const at = new Date();
        await this.messages.markReported(manager, messageId, trimmed, at);
        await this.events.record(manager, 'messaging.message.reported', {
          messageId,
          senderId: message.senderId,
          reporterId: caller.userId,
          content: message.content,
          messageType: message.messageType,
          reason: trimmed,
          sentAt: message.createdAt.toISOString(),
          reportedAt: at.toISOString(),
        });
      }
      return { message: M.reported };
    });
  }

  /** What a reconnecting stream missed: messages to or from the caller after `afterId`, oldest first. */
  async since(
    caller: Caller,
    afterId: number,
    limit: number = LIMITS.streamCatchUpMax,
  ): Promise<MessageDto[]> {
    const rows = await this.messages.since(this.transactions.outside, caller.userId, afterId, limit);
    return rows.map((row) => toMessageDto(row, caller.userId));
  }

  async unreadCount(caller: Caller): Promise<CountResponse> {
    return { count: await this.conversations.unreadTotal(this.transactions.outside, caller.userId) };
  }

  /** The caller's inbox, newest conversation first. */
  async inbox(caller: Caller, page: { limit: number; offset: number }): Promise<ConversationPreviewDto[]> {
    const rows = await this.conversations.inbox(this.transactions.outside, caller.userId, page);
    return rows.map((row) => ({
      userId: row.userId,
      username: row.username,
      name: row.name,
      profilePicture: row.profilePicture,
      lastMessage: row.lastMessage,
      lastMessageId: row.lastMessageId,
      lastMessageType: row.lastMessageType as MessageType,
      lastMessageSenderId: row.lastMessageSenderId,
      lastMessageTime: row.lastMessageTime.toISOString(),
      unreadCount: row.unreadCount,
      unread: row.unreadCount > 0,
    }));
  }

  /**
   * Takes the pair's lock and checks that sender may message receiver: both known, no block
   * either way. Polls call it too, before they write in the conversation.
   */
  async assertMayMessage(manager: EntityManager, senderId: number, receiverId: number): Promise<void> {
    await this.pairLocks.lock(manager, senderId, receiverId);
    const known = await this.users.existing(manager, [senderId, receiverId]);
    if (!known.has(receiverId) || !known.has(senderId)) throw userNotFound();
    if (await this.graph.blockedEitherWay(manager, senderId, receiverId)) throw cannotMessage();
  }

  /**
   * Writes a message, its conversation rows and messaging.message.sent (inside the caller's
   * transaction, after assertMayMessage); answers its id.
   */
  async store(
    manager: EntityManager,
    senderId: number,
    receiverId: number,
    planned: PlannedMessage,
    extra: { clientMessageId?: string | null; pollId?: number | null } = {},
  ): Promise<number> {
    const pollId = extra.pollId ?? null;
    const id = await this.messages.insert(manager, {
      ...planned,
      senderId,
      receiverId,
      pollId,
      clientMessageId: extra.clientMessageId ?? null,
    });
    await this.conversations.recordMessage(manager, senderId, receiverId, id);
    const stored = await this.messages.find(manager, id);
    await this.events.record(manager, 'messaging.message.sent', {
      messageId: id,
      senderId,
      receiverId,
      content: planned.content,
      messageType: planned.messageType,
      restaurantId: planned.restaurantId,
      restaurantName: planned.restaurantName,
      pollId,
      createdAt: (stored?.createdAt ?? new Date()).toISOString(),
    });
    return id;
  }

  /** One message as `viewerId` sees it (after its transaction committed). */
  async messageFor(viewerId: number, id: number): Promise<MessageDto> {
    const row = await this.messages.row(this.transactions.outside, id);
    if (!row) throw messageNotFound(); // its sender or receiver was deleted meanwhile
    return toMessageDto(row, viewerId);
  }
}
