import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { SOCIAL_SCHEMA } from '../config.js';

/**
 * Concurrency rules of the graph (all locks end with the transaction):
 * - every change to the edges between two users (follow, request, block) holds the pair's
 *   advisory lock, so a follow and a block (or two follows) of the same pair apply one after the
 *   other;
 * - it also holds both users' projection rows FOR SHARE (SocialUsersRepository.lockForShare): a
 *   privacy change (which accepts pending requests) or a deletion (which removes every edge) of
 *   either user waits for it, and it waits for them, so no request is left behind a public
 *   profile and no edge survives a deleted user;
 * - the identity consumer holds a per-user advisory lock (SocialUsersRepository.lockUserEvents),
 *   so the events of one user apply one at a time (the tombstone check cannot race a deletion).
 */
@Injectable()
export class PairLocks {
  /** The advisory lock of the pair {a, b}, whichever way round. */
  async lock(manager: EntityManager, a: number, b: number): Promise<void> {
    const [low, high] = a < b ? [a, b] : [b, a];
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
      `${SOCIAL_SCHEMA}:pair:${low}:${high}`,
    ]);
  }
}
