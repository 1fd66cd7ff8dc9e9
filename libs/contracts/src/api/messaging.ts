/** Messaging API types (messages, conversations, unread counts, reports, "Let's eat" polls). */
import { LIMITS } from '../domain/limits.js';

/** What a client may send (`POST /api/messages/send`). */
export const SENDABLE_MESSAGE_TYPES = ['text', 'restaurant_share'] as const;
export type SendableMessageType = (typeof SENDABLE_MESSAGE_TYPES)[number];

/**
 * Every type a message may have: the sendable ones, and those the server writes itself in a
 * conversation for a "Let's eat" poll (`poll`: proposed; `poll_result`: the place chosen).
 */
export const MESSAGE_TYPES = [...SENDABLE_MESSAGE_TYPES, 'poll', 'poll_result'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** Copy the messaging routes answer with (400/403/404/409 sentences the UI can show). */
export const MESSAGING_MESSAGES = {
  messageEmpty: 'Message cannot be empty',
  messageControlCharacters: 'Message cannot contain control characters',
  reasonControlCharacters: 'Reason cannot contain control characters',
  restaurantNameControlCharacters: 'Restaurant name cannot contain control characters',
  messageTooLong: `Message must be at most ${LIMITS.messageMax} characters`,
  messageTypeTooLong: `messageType must be at most ${LIMITS.messageTypeMax} characters`,
  messageTypeUnknown: 'messageType must be text or restaurant_share',
  restaurantRequired: 'A restaurant share needs restaurantId and restaurantName',
  restaurantOnlyInShares: 'Only a restaurant_share message carries a restaurant',
  restaurantNameRequired: 'Restaurant name is required',
  restaurantNameTooLong: `Restaurant name must be at most ${LIMITS.restaurantNameMax} characters`,
  clientMessageIdReused: 'This clientMessageId was already used for a message to someone else',
  clientMessageId: 'clientMessageId must be 1 to 64 letters, digits, dashes or underscores',
  messageYourself: 'You cannot message yourself',
  conversationWithYourself: 'A conversation is between two different people',
  notAParticipant: 'You can only read your own conversations',
  cannotMessage: 'You cannot message this user',
  accountDeactivated: 'This account is deactivated: it cannot be messaged',
  userNotFound: 'User not found',
  messageNotFound: 'Message not found',
  reportOwnMessage: 'You can only report messages you received',
  reasonRequired: 'Please give a reason for the report',
  reasonTooLong: `Reason must be at most ${LIMITS.reportReasonMax} characters`,
  reported: 'Message reported',
  pollOptionsCount: `Propose 1 to ${LIMITS.pollOptionsMax} restaurants`,
  pollOptionShape: 'Each option needs restaurantId and restaurantName',
  pollOptionsDuplicate: 'Each restaurant can be proposed once',
  pollNotFound: 'Poll not found',
  pollProposerVotes: 'Only the invited person votes on this poll',
  pollDecided: 'This poll is already decided',
  pollOptionUnknown: 'optionId is not an option of this poll',
} as const;

/** The sender as a message shows them (avatar and name). */
export interface MessageSenderDto {
  id: number;
  username: string;
  name: string;
  profilePicture: string | null;
}

/** One message of a conversation. */
export interface MessageDto {
  id: number;
  senderId: number;
  receiverId: number;
  /** Trimmed text, 1 to LIMITS.messageMax characters. */
  content: string;
  messageType: MessageType;
  /** Whether the receiver has read it (mark-read). */
  read: boolean;
  /**
   * Whether the receiver reported it, and why. Only the receiver sees these: to the sender a
   * message always reads `reported: false, reportReason: null`.
   */
  reported: boolean;
  reportReason: string | null;
  /** ISO 8601. */
  createdAt: string;
  /** Set on restaurant_share and poll_result messages (link to /restaurant/{restaurantId}). */
  restaurantId: number | null;
  restaurantName: string | null;
  /** Set on poll and poll_result messages: GET /api/messages/polls/{pollId}. */
  pollId: number | null;
  sender: MessageSenderDto;
}

/** POST /api/messages/send. */
export interface SendMessageRequest {
  receiverId: number;
  /**
   * Required (non-blank) for `text`. For `restaurant_share` it may be left out or blank: the
   * message then reads "Let's go to {restaurantName} soon!".
   */
  content?: string;
  /** Default 'text'. */
  messageType?: string;
  restaurantId?: number;
  restaurantName?: string;
  /**
   * Idempotency key chosen by the client (e.g. a UUID): a retried send with the same key stores
   * nothing new and answers the message stored the first time.
   */
  clientMessageId?: string;
}

/** POST /api/messages/mark-read/{otherUserId}: how many messages this call marked read. */
export interface MarkReadResponse {
  count: number;
}

/** POST /api/messages/report/{messageId}. */
export interface ReportMessageRequest {
  reason: string;
}

/** One row of the inbox (GET /api/messages/conversations): a conversation with another person. */
export interface ConversationPreviewDto {
  /** The other person. */
  userId: number;
  username: string;
  name: string;
  profilePicture: string | null;
  /** The newest message of the conversation, whoever sent it. */
  lastMessage: string;
  lastMessageId: number;
  lastMessageType: MessageType;
  lastMessageSenderId: number;
  /** ISO 8601. */
  lastMessageTime: string;
  /** Messages from the other person I have not read. */
  unreadCount: number;
  /** unreadCount > 0 (the unread dot and bold text). */
  unread: boolean;
  /** The other person's account is deactivated: they cannot be messaged now. */
  deactivated: boolean;
}

export interface PollOptionInput {
  restaurantId: number;
  restaurantName: string;
}

/** POST /api/messages/polls: propose 1 to LIMITS.pollOptionsMax restaurants to the other person. */
export interface CreatePollRequest {
  receiverId: number;
  options: PollOptionInput[];
}

/** POST /api/messages/polls/{pollId}/vote. */
export interface VotePollRequest {
  optionId: number;
}

export type PollStatus = 'open' | 'decided';

export interface PollOptionDto {
  id: number;
  restaurantId: number;
  restaurantName: string;
}

/**
 * `event: message` of GET /api/messages/stream (its SSE `id` is the message id): a message to or
 * from me, as the conversation answers it but without `sender` (the UI knows both people) and
 * with `reported`/`reportReason` left out.
 */
export interface StreamMessageEvent {
  id: number;
  senderId: number;
  receiverId: number;
  content: string;
  messageType: MessageType;
  restaurantId: number | null;
  restaurantName: string | null;
  pollId: number | null;
  createdAt: string;
}

/** `event: read` of the stream: `readerId` read what `otherUserId` sent them, up to `upToMessageId`. */
export interface StreamReadEvent {
  readerId: number;
  otherUserId: number;
  upToMessageId: number;
  count: number;
  readAt: string;
  /** The receipt's id (grows); absent on receipts stored before receipts had ids. */
  receiptId?: number;
}

/**
 * A stream's catch-up (messaging's `messages.since`): what the caller missed after a message id
 * and a receipt id, oldest first, and the newest ids now (the stream's cursor).
 */
export interface StreamCatchUp {
  messages: MessageDto[];
  receipts: StreamReadEvent[];
  cursor: { messageId: number; receiptId: number };
}

/** A "Let's eat" poll: the proposer offers places, the receiver's vote decides. */
export interface PollDto {
  id: number;
  proposerId: number;
  receiverId: number;
  status: PollStatus;
  options: PollOptionDto[];
  /** The option the receiver chose (status 'decided'), else null. */
  chosenOptionId: number | null;
  /** ISO 8601. */
  createdAt: string;
  decidedAt: string | null;
}

/**
 * GET /api/admin/messages/{id}/conversation (admins): the conversation around a reported message,
 * a few messages before and after it, oldest first, as its receiver (who reported it) sees them.
 */
export interface MessageContextDto {
  /** The message the context is around. */
  messageId: number;
  senderId: number;
  receiverId: number;
  messages: MessageDto[];
}
