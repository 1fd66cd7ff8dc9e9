import { Injectable } from '@nestjs/common';
import type { Caller, MessagingExport } from '@dinebuds/contracts';
import { Transactions } from '@dinebuds/service-kit';
import { MessagingExportRepository } from './messaging-export.repository.js';

/** messaging's part of a person's data export: every message sent or received, and their polls. */
@Injectable()
export class MessagingExportService {
  constructor(
    private readonly transactions: Transactions,
    private readonly exports: MessagingExportRepository,
  ) {}

  async export(caller: Caller): Promise<MessagingExport> {
    const me = caller.userId;
    return this.transactions.run(async (m) => ({
      messages: (await this.exports.messages(m, me)).map((row) => {
        const sent = row.sender_id === me;
        return {
          messageId: row.id,
          direction: sent ? ('sent' as const) : ('received' as const),
          other: {
            userId: sent ? row.receiver_id : row.sender_id,
            username: row.other_username,
            name: row.other_name,
          },
          content: row.content,
          messageType: row.message_type,
          read: row.read,
          createdAt: row.created_at.toISOString(),
        };
      }),
      polls: (await this.exports.polls(m, me)).map((row) => {
        const proposed = row.proposer_id === me;
        return {
          pollId: row.id,
          role: proposed ? ('proposer' as const) : ('receiver' as const),
          other: {
            userId: proposed ? row.receiver_id : row.proposer_id,
            username: row.other_username,
            name: row.other_name,
          },
          options: row.options,
          chosen: row.chosen,
          createdAt: row.created_at.toISOString(),
        };
      }),
    }));
  }
}
