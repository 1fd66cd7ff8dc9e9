import {
  LIMITS,
  MESSAGING_MESSAGES as M,
  type MessageType,
  type SendMessageRequest,
} from '@dinebuds/contracts';
import { badRequest, DomainError, forbidden } from '@dinebuds/errors';

export const userNotFound = () => new DomainError('USER_NOT_FOUND', M.userNotFound);
export const messageNotFound = () => new DomainError('NOT_FOUND', M.messageNotFound);
export const cannotMessage = () => forbidden(M.cannotMessage);
export const accountDeactivated = () => forbidden(M.accountDeactivated);

/** What a send stores, once its fields were checked against its type. */
export interface PlannedMessage {
  content: string;
  messageType: MessageType;
  restaurantId: number | null;
  restaurantName: string | null;
}

/** The text of a restaurant share sent without one, and of a poll's announced place. */
export function letsGoTo(restaurantName: string): string {
  return `Let's go to ${restaurantName} soon!`;
}

/**
 * A send's fields by its type (the shapes were checked by SendMessageDto): text needs content
 * that is not blank after trimming and carries no restaurant; restaurant_share needs
 * restaurantId and restaurantName, its content defaulting to "Let's go to {name} soon!".
 * Blank never passes silently: a 400 with its sentence.
 */
export function planMessage(senderId: number, request: SendMessageRequest): PlannedMessage {
  if (request.receiverId === senderId) throw badRequest(M.messageYourself);
  const type = request.messageType ?? 'text';
  const content = (request.content ?? '').trim();
  if (content.length > LIMITS.messageMax) throw badRequest(M.messageTooLong);
  if (type === 'restaurant_share') {
    const name = request.restaurantName?.trim() ?? '';
    if (request.restaurantId === undefined || name === '') throw badRequest(M.restaurantRequired);
    return {
      content: content.length >= LIMITS.messageMin ? content : letsGoTo(name),
      messageType: 'restaurant_share',
      restaurantId: request.restaurantId,
      restaurantName: name,
    };
  }
  if (type !== 'text') throw badRequest(M.messageTypeUnknown);
  if (request.restaurantId !== undefined || request.restaurantName !== undefined)
    throw badRequest(M.restaurantOnlyInShares);
  if (content.length < LIMITS.messageMin) throw badRequest(M.messageEmpty);
  return { content, messageType: 'text', restaurantId: null, restaurantName: null };
}

/** Only the two participants read a conversation: the caller must be one of `{userId, otherUserId}`. */
export function assertParticipant(callerId: number, userId: number, otherUserId: number): number {
  if (userId === otherUserId) throw badRequest(M.conversationWithYourself);
  if (callerId !== userId && callerId !== otherUserId) throw forbidden(M.notAParticipant);
  return callerId === userId ? otherUserId : userId;
}

/** What a report by `callerId` does to a message (null: it does not exist). */
export type ReportOutcome = 'report' | 'already-reported';

/**
 * Only the receiver reports a message, once. A message the caller is not part of reads as missing
 * (404, nothing about it is told); the sender gets 403; a second report changes nothing.
 */
export function decideReport(
  callerId: number,
  message: { senderId: number; receiverId: number; reported: boolean } | null,
): ReportOutcome {
  if (!message || (message.senderId !== callerId && message.receiverId !== callerId)) throw messageNotFound();
  if (message.receiverId !== callerId) throw forbidden(M.reportOwnMessage);
  return message.reported ? 'already-reported' : 'report';
}
