import type { MessagingExport } from '../api/account.js';
import type { CountResponse, MessageResponse } from '../api/identity.js';
import type {
  ConversationPreviewDto,
  CreatePollRequest,
  MarkReadResponse,
  MessageDto,
  PollDto,
  ReportMessageRequest,
  SendMessageRequest,
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
  /** Messages to or from the caller after `afterId`, oldest first (a stream's catch-up). */
  'messages.since': { request: { afterId: number; limit?: number }; response: MessageDto[] };
  'conversations.list': { request: Paging; response: ConversationPreviewDto[] };
  'polls.create': { request: CreatePollRequest; response: PollDto };
  'polls.get': { request: { pollId: number }; response: PollDto };
  'polls.vote': { request: VotePollRequest & { pollId: number }; response: PollDto };
  /** The caller's part of their data export. */
  'messages.export': { request: Record<string, never>; response: MessagingExport };
};

export type MessagingPattern = keyof MessagingRpc;
