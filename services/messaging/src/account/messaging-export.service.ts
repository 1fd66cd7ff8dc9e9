import { Injectable } from '@nestjs/common';
import type { Caller, ExportedPerson, MessagingExport } from '@dinebuds/contracts';
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
      messages: (await this.exports.messages(m, me)).map((row) => ({
        messageId: row.id,
        direction: row.sender_id === me ? ('sent' as const) : ('received' as const),
        other: otherPerson(me, row.sender_id, row.receiver_id, row),
        content: row.content,
        messageType: row.message_type,
        read: row.read,
        createdAt: row.created_at.toISOString(),
      })),
      polls: (await this.exports.polls(m, me)).map((row) => ({
        pollId: row.id,
        role: row.proposer_id === me ? ('proposer' as const) : ('receiver' as const),
        other: otherPerson(me, row.proposer_id, row.receiver_id, row),
        options: row.options,
        chosen: row.chosen,
        createdAt: row.created_at.toISOString(),
      })),
    }));
  }
}

/** The other end of a message or poll between `me` and someone, with their names when known. */
function otherPerson(
  me: number,
  from: number,
  to: number,
  names: { other_username: string | null; other_name: string | null },
): ExportedPerson {
  return { userId: from === me ? to : from, username: names.other_username, name: names.other_name };
}
