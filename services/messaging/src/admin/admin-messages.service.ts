import { Injectable } from '@nestjs/common';
import {
  MESSAGING_MESSAGES as M,
  MODERATION_MESSAGES,
  type Caller,
  type MessageContextDto,
} from '@dinebuds/contracts';
import { forbidden, notFound } from '@dinebuds/errors';
import { Transactions } from '@dinebuds/service-kit';
import type { EntityManager } from 'typeorm';
import { toMessageDto } from '../messages/message.mapper.js';
import { AdminMessagesRepository } from './admin-messages.repository.js';

/** What admins do in messaging: read around a reported message; a dismissed report clears the flag. */
@Injectable()
export class AdminMessagesService {
  constructor(
    private readonly transactions: Transactions,
    private readonly messages: AdminMessagesRepository,
  ) {}

  /** The messages around one, as its receiver (who could report it) sees them. */
  async context(caller: Caller, messageId: number, around: number): Promise<MessageContextDto> {
    // Only admins read a conversation they are not part of (View Conversation of a reported message).
    if (!caller.isAdmin) throw forbidden(MODERATION_MESSAGES.adminsOnly);
    const manager = this.transactions.outside;
    const message = await this.messages.find(manager, messageId);
    if (!message) throw notFound(M.messageNotFound);
    const rows = await this.messages.around(manager, message, around);
    return {
      messageId: message.id,
      senderId: message.senderId,
      receiverId: message.receiverId,
      messages: rows.map((row) => toMessageDto(row, message.receiverId)),
    };
  }

  /** moderation.message-report.dismissed, in the consumer's inbox transaction. */
  async clearReport(manager: EntityManager, messageId: number): Promise<void> {
    await this.messages.clearReport(manager, messageId);
  }
}
