import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { IDENTITY_SCHEMA } from '../config.js';
import { type PublicUserRow, fromPublicUserRow, publicUserColumns } from '../users/public-user.row.js';
import type { PublicUserFields } from '../users/user.mapper.js';
import { SessionEntity } from './session.entity.js';

const SESSIONS = `"${IDENTITY_SCHEMA}"."sessions"`;
const USERS = `"${IDENTITY_SCHEMA}"."users"`;

/** An active session found by its secret's hash, with its user's public columns. */
export interface ActiveSessionRow {
  id: string;
  lastSeenAt: Date;
  expiresAt: Date;
  user: PublicUserFields;
}

/**
 * The one hot read of every signed-in request: one indexed lookup joined to the user, whose public
 * columns come along so `GET /api/user` needs no second call. A deactivated person's session is no
 * session (deactivation also revokes them: this holds if one was made while it ran).
 */
const ACTIVE_SESSION_BY_TOKEN_HASH = `SELECT s.id AS session_id, s.last_seen_at, s.expires_at, ${publicUserColumns('u')}
  FROM ${SESSIONS} s JOIN ${USERS} u ON u.id = s.user_id
 WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now() AND u.is_active`;

/**
 * Persistence of identity.sessions, in the caller's manager (a transaction's, or
 * Transactions.outside for a statement outside one).
 */
@Injectable()
export class SessionsRepository {
  async insert(manager: EntityManager, session: SessionEntity): Promise<void> {
    await manager.insert(SessionEntity, session);
  }

  async findActiveByTokenHash(manager: EntityManager, tokenHash: string): Promise<ActiveSessionRow | null> {
    const rows: Array<PublicUserRow & { session_id: string; last_seen_at: Date; expires_at: Date }> =
      await manager.query(ACTIVE_SESSION_BY_TOKEN_HASH, [tokenHash]);
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.session_id,
      lastSeenAt: new Date(row.last_seen_at),
      expiresAt: new Date(row.expires_at),
      user: fromPublicUserRow(row),
    };
  }

  /** Slides the session; the WHERE repeats the interval check, so concurrent requests write once. */
  async touch(
    manager: EntityManager,
    id: string,
    now: Date,
    expiresAt: Date,
    lastSeenBefore: Date,
  ): Promise<void> {
    await manager.query(
      `UPDATE ${SESSIONS} SET last_seen_at = $2, expires_at = $3
        WHERE id = $1 AND revoked_at IS NULL AND last_seen_at <= $4`,
      [id, now, expiresAt, lastSeenBefore],
    );
  }

  /** The user's sessions neither revoked nor expired, newest first. */
  listActive(manager: EntityManager, userId: number): Promise<SessionEntity[]> {
    return manager
      .getRepository(SessionEntity)
      .createQueryBuilder('s')
      .where('s.user_id = :userId', { userId })
      .andWhere('s.revoked_at IS NULL')
      .andWhere('s.expires_at > now()')
      .orderBy('s.created_at', 'DESC')
      .addOrderBy('s.id', 'ASC')
      .getMany();
  }

  /** Revokes the user's session `id`; false when it is not theirs or already revoked. */
  async revoke(manager: EntityManager, id: string, userId: number): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .update(SessionEntity)
      .set({ revokedAt: () => 'now()' })
      .where('id = :id AND user_id = :userId AND revoked_at IS NULL', { id, userId })
      .execute();
    return Boolean(result.affected);
  }

  /** Revokes the session of this secret's hash; answers its user, or null when none was live. */
  async revokeByTokenHash(manager: EntityManager, tokenHash: string): Promise<number | null> {
    const [rows]: [Array<{ user_id: number }>, number] = await manager.query(
      `UPDATE ${SESSIONS} SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL
       RETURNING user_id`,
      [tokenHash],
    );
    return rows[0]?.user_id ?? null;
  }

  /** Every live session of the user but `keepId` (null: all); answers how many. */
  async revokeOthers(manager: EntityManager, userId: number, keepId: string | null): Promise<number> {
    const query = manager
      .createQueryBuilder()
      .update(SessionEntity)
      .set({ revokedAt: () => 'now()' })
      .where('user_id = :userId AND revoked_at IS NULL', { userId });
    if (keepId) query.andWhere('id <> :keep', { keep: keepId });
    const result = await query.execute();
    return result.affected ?? 0;
  }

  /**
   * Deletes up to `batch` expired sessions, claimed with SKIP LOCKED so replicas can purge
   * together (served by sessions_expires_at_idx); answers how many.
   */
  async deleteExpiredBatch(manager: EntityManager, batch: number): Promise<number> {
    const [, deleted]: [unknown, number] = await manager.query(
      `DELETE FROM ${SESSIONS} WHERE id IN (
         SELECT id FROM ${SESSIONS} WHERE expires_at <= now()
          ORDER BY expires_at LIMIT $1 FOR UPDATE SKIP LOCKED)`,
      [batch],
    );
    return deleted;
  }
}
