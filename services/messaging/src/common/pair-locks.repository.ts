import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { MESSAGING_SCHEMA } from '../config.js';

/**
 * One advisory lock per pair of people, taken by every change of their conversation (a send, a
 * mark-read, a poll's creation or vote) and by the block consumer: a conversation's messages,
 * its unread counters and the block check apply one at a time, so a retried send (same
 * clientMessageId) finds the first one and a counter never misses a message.
 */
@Injectable()
export class PairLocks {
  /** The advisory lock of the pair {a, b}, whichever way round (released at commit). */
  async lock(manager: EntityManager, a: number, b: number): Promise<void> {
    const [low, high] = a < b ? [a, b] : [b, a];
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
      `${MESSAGING_SCHEMA}:pair:${low}:${high}`,
    ]);
  }
}
