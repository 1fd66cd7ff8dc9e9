import { Injectable } from '@nestjs/common';
import type { StreamReadEvent } from '@dinebuds/contracts';
import type { EntityManager } from 'typeorm';
import { eitherSideAfter, newestIdEitherSide, rowsOf, table } from '../common/sql.js';

const RECEIPTS = table('read_receipts');
/** A person's receipts: those they made and those of their messages. */
const PERSON_SIDES = ['reader_id', 'other_id'] as const;

const RECEIPT_COLUMNS = `id AS "receiptId", reader_id AS "readerId", other_id AS "otherUserId",
  up_to_message_id AS "upToMessageId", count,
  to_char(read_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "readAt"`;

/**
 * Each mark-read that marked something, with an id of its own: a stream that reconnects replays
 * the receipts of its person's conversations after the last one it had, as it replays messages.
 */
@Injectable()
export class ReadReceiptsRepository {
  /** Stores a receipt (in the mark-read's transaction); answers its id. */
  async insert(
    manager: EntityManager,
    receipt: { readerId: number; otherUserId: number; upToMessageId: number; count: number; readAt: Date },
  ): Promise<number> {
    const rows = rowsOf<{ id: number }>(
      await manager.query(
        `INSERT INTO ${RECEIPTS} (reader_id, other_id, up_to_message_id, count, read_at)
         VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [receipt.readerId, receipt.otherUserId, receipt.upToMessageId, receipt.count, receipt.readAt],
      ),
    );
    return rows[0].id;
  }

  /** Receipts `userId` read or whose messages were read after `afterId`, oldest first, at most `limit`. */
  async since(
    manager: EntityManager,
    userId: number,
    afterId: number,
    limit: number,
  ): Promise<StreamReadEvent[]> {
    return rowsOf<StreamReadEvent>(
      await manager.query(
        `SELECT ${RECEIPT_COLUMNS} FROM ${eitherSideAfter(RECEIPTS, PERSON_SIDES)} r ORDER BY id LIMIT $3`,
        [userId, afterId, limit],
      ),
    );
  }

  /** The newest receipt id of `userId`'s conversations (0: none). */
  async newestId(manager: EntityManager, userId: number): Promise<number> {
    return newestIdEitherSide(manager, RECEIPTS, PERSON_SIDES, userId);
  }

  /** A deleted user's receipts, both ways. */
  async deleteAllOf(manager: EntityManager, userId: number): Promise<void> {
    await manager.query(`DELETE FROM ${RECEIPTS} WHERE reader_id = $1 OR other_id = $1`, [userId]);
  }
}
