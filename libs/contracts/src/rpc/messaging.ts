import type { MessagingExport } from '../api/account.js';
import type { CountResponse, MessageResponse } from '../api/identity.js';
import type {
  ConversationPreviewDto,
  CreatePollRequest,
  MarkReadResponse,
  MessageContextDto,
  MessageDto,
  PollDto,
  ReportMessageRequest,
  SendMessageRequest,
  StreamCatchUp,
  VotePollRequest,
} from '../api/messaging.js';
import type { Paging } from './identity.js';

/** A page of one conversation: the newest `limit` messages before `beforeId` (none: the newest). */
export interface ConversationRequest {
  userId: number;
  otherUserId: number;
  limit?: number;
  beforeId?: number;
}

/**
 * Messaging's RPC patterns. The caller travels in headers and is always required: every pattern
 * acts as or reads for the caller, who must be a participant of what it touches.
 */
export type MessagingRpc = {
  'messages.conversation': { request: ConversationRequest; response: MessageDto[] };
  'messages.send': { request: SendMessageRequest; response: MessageDto };
  'messages.markRead': { request: { otherUserId: number }; response: MarkReadResponse };
  'messages.report': { request: ReportMessageRequest & { messageId: number }; response: MessageResponse };
  'messages.unreadCount': { request: Record<string, never>; response: CountResponse };
  /**
   * A stream's catch-up: messages to or from the caller after `afterId` and read receipts of their
   * conversations after `afterReceiptId`, oldest first (none of a kind whose id is absent), and
   * the newest ids now.
   */
  'messages.since': {
    request: { afterId?: number; afterReceiptId?: number; limit?: number };
    response: StreamCatchUp;
  };
  /** The inbox, newest first; `before`: rows older than that lastMessageId (the next page). */
  'conversations.list': { request: Paging & { before?: number }; response: ConversationPreviewDto[] };
  'polls.create': { request: CreatePollRequest; response: PollDto };
  'polls.get': { request: { pollId: number }; response: PollDto };
  'polls.vote': { request: VotePollRequest & { pollId: number }; response: PollDto };
  /** Admins only: the messages around one message of any conversation (View Conversation). */
  'admin.messageContext': { request: { messageId: number; around?: number }; response: MessageContextDto };
  /** The caller's part of their data export. */
  'messages.export': { request: Record<string, never>; response: MessagingExport };
};

export type MessagingPattern = keyof MessagingRpc;
