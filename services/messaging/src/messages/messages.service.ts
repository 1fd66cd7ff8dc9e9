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
  type StreamCatchUp,
} from '@dinebuds/contracts';
import { badRequest, conflict } from '@dinebuds/errors';
import { ServiceEvents, Transactions } from '@dinebuds/service-kit';
import type { EntityManager } from 'typeorm';
import { PairLocks } from '../common/pair-locks.repository.js';
import type { MessagingEventType } from '../messaging.service-definition.js';
import { AccountStatesRepository } from '../projections/identity/account-states.repository.js';
import { IdentityUsersRepository } from '../projections/identity/identity-users.repository.js';
import { SocialGraphRepository } from '../projections/social-graph/social-graph.repository.js';
import { ConversationsRepository } from './conversations.repository.js';
import { MESSAGE_SENT_COLUMNS } from './message-events.js';
import { toMessageDto, type MessageRow } from './message.mapper.js';
import {
  accountDeactivated,
  assertParticipant,
  cannotMessage,
  decideReport,
  messageNotFound,
  planMessage,
  userNotFound,
  type PlannedMessage,
} from './message.policy.js';
import { ReadReceiptsRepository } from './read-receipts.repository.js';
import { MessagesRepository, type SendResult } from './messages.repository.js';

/**
 * Messages between two people. A send is one statement (checks, message, conversation rows and
 * event); mark-read locks the reader's conversation row, so a message arriving meanwhile is
 * counted after the reset; polls hold the pair's lock (PairLocks) for their several statements.
 */
@Injectable()
export class MessagesService {
  constructor(
    private readonly transactions: Transactions,
    private readonly pairLocks: PairLocks,
    private readonly messages: MessagesRepository,
    private readonly conversations: ConversationsRepository,
    private readonly receipts: ReadReceiptsRepository,
    private readonly users: IdentityUsersRepository,
    private readonly accountStates: AccountStatesRepository,
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
   * Sends a message in one statement (MessagesRepository.sendChecked): a retry carrying the same
   * clientMessageId answers the message stored the first time and stores nothing; an unknown
   * person is 404, a deactivated receiver or a block either way 403.
   */
  async send(caller: Caller, request: SendMessageRequest): Promise<MessageDto> {
    const planned = planMessage(caller.userId, request);
    const key = request.clientMessageId ?? null;
    const message = { ...planned, senderId: caller.userId, receiverId: request.receiverId, pollId: null };
    let result: SendResult;
    try {
      result = await this.messages.sendChecked(
        this.transactions.outside,
        { ...message, clientMessageId: key },
        this.events.statementEvent('messaging.message.sent', MESSAGE_SENT_COLUMNS),
      );
    } catch (error) {
      // The same key sent twice at once: the unique index let one in; this one answers it.
      if (key === null || !this.messages.isClientKeyConflict(error)) throw error;
      const existing = await this.messages.bySenderKey(this.transactions.outside, caller.userId, key);
      if (!existing) throw error;
      result = {
        outcome: existing.receiverId === request.receiverId ? 'retry' : 'key-reused',
        priorId: existing.id,
        row: null,
      };
    }
    switch (result.outcome) {
      case 'sent':
        this.events.publishSoon();
        return toMessageDto(result.row as MessageRow, caller.userId);
      case 'retry':
        return this.messageFor(caller.userId, result.priorId as number);
      case 'key-reused':
        throw conflict(M.clientMessageIdReused);
      case 'unknown-user':
        throw userNotFound();
      case 'deactivated':
        throw accountDeactivated();
      case 'blocked':
        throw cannotMessage();
    }
  }

  /**
   * Marks every message the other person sent the caller read; answers how many changed. The
   * reader's conversation row is locked first, so a message sent meanwhile is counted after the
   * reset (no pair lock); the receipt is stored with an id for reconnecting streams.
   */
  async markRead(caller: Caller, otherUserId: number): Promise<MarkReadResponse> {
    const readerId = caller.userId;
    if (otherUserId === readerId) throw badRequest(M.conversationWithYourself);
    return this.transactions.run(async (manager) => {
      if (!(await this.conversations.lockRow(manager, readerId, otherUserId))) {
        if ((await this.users.existing(manager, [otherUserId])).size === 0) throw userNotFound();
        return { count: 0 }; // nothing was ever sent to the reader by them
      }
      const at = new Date();
      const { count, upToMessageId } = await this.messages.markRead(manager, readerId, otherUserId, at);
      await this.conversations.clearUnread(manager, readerId, otherUserId);
      if (count > 0 && upToMessageId !== null) {
        const receipt = { readerId, otherUserId, upToMessageId, count, readAt: at };
        const receiptId = await this.receipts.insert(manager, receipt);
        await this.events.record(manager, 'messaging.conversation.read', {
          ...receipt,
          readAt: at.toISOString(),
          receiptId,
        });
      }
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

  /**
   * What a reconnecting stream missed: messages to or from the caller after `afterId` and the
   * read receipts of their conversations after `afterReceiptId` (oldest first; none of a kind
   * whose id is absent), and the newest ids now, the stream's cursor.
   */
  async since(
    caller: Caller,
    request: { afterId?: number; afterReceiptId?: number; limit?: number },
  ): Promise<StreamCatchUp> {
    const manager = this.transactions.outside;
    const limit = request.limit ?? LIMITS.streamCatchUpMax;
    const [rows, receipts, messageId, receiptId] = await Promise.all([
      request.afterId === undefined
        ? []
        : this.messages.since(manager, caller.userId, request.afterId, limit),
      request.afterReceiptId === undefined
        ? []
        : this.receipts.since(manager, caller.userId, request.afterReceiptId, limit),
      this.messages.newestId(manager, caller.userId),
      this.receipts.newestId(manager, caller.userId),
    ]);
    return {
      messages: rows.map((row) => toMessageDto(row, caller.userId)),
      receipts,
      cursor: { messageId, receiptId },
    };
  }

  async unreadCount(caller: Caller): Promise<CountResponse> {
    return { count: await this.conversations.unreadTotal(this.transactions.outside, caller.userId) };
  }

  /** The caller's inbox, newest conversation first; `before`: the page after that lastMessageId. */
  async inbox(
    caller: Caller,
    page: { limit: number; offset: number; before: number | null },
  ): Promise<ConversationPreviewDto[]> {
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
      deactivated: row.deactivated,
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
    if (await this.accountStates.isDeactivated(manager, receiverId)) throw accountDeactivated();
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
