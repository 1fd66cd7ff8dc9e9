import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Caller, ClientInfo, MessageResponse, ResolvedSession, SessionDto } from '@dinebuds/contracts';
import { DomainError } from '@dinebuds/errors';
import { DataSource, type EntityManager } from 'typeorm';
import {
  IDENTITY_DATA_SOURCE,
  IDENTITY_SETTINGS,
  SESSION_TOUCH_INTERVAL_MS,
  type IdentitySettings,
} from '../config.js';
import { SessionEntity } from './session.entity.js';
import { clientText, expiryFrom, isUuid, shouldTouch } from './session.policy.js';
import { hashSessionToken, looksLikeSessionToken, newSessionToken } from './session-token.js';

export const sessionNotFound = () => new DomainError('SESSION_NOT_FOUND', 'Session not found');

export function toSessionDto(session: SessionEntity, currentSessionId: string | null): SessionDto {
  return {
    id: session.id,
    userAgent: session.userAgent,
    ipAddress: session.ipAddress,
    createdAt: session.createdAt.toISOString(),
    lastSeenAt: session.lastSeenAt.toISOString(),
    current: session.id === currentSessionId,
  };
}

@Injectable()
export class SessionsService {
  constructor(
    @InjectDataSource(IDENTITY_DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(IDENTITY_SETTINGS) private readonly settings: IdentitySettings,
  ) {}

  /** Opens a session inside the caller's transaction; returns the secret once (only its hash is kept). */
  async create(
    manager: EntityManager,
    userId: number,
    client: ClientInfo,
  ): Promise<{ token: string; session: SessionEntity }> {
    const token = newSessionToken();
    const now = new Date();
    const session = manager.create(SessionEntity, {
      id: randomUUID(),
      tokenHash: hashSessionToken(token),
      userId,
      userAgent: clientText(client.userAgent, 512),
      ipAddress: clientText(client.ipAddress, 64),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: expiryFrom(now, this.settings.sessionTtlMs),
      revokedAt: null,
    });
    await manager.insert(SessionEntity, session);
    return { token, session };
  }

  /** The signed-in user behind a cookie secret, or null (unknown, revoked or expired). */
  async resolve(token: string): Promise<ResolvedSession | null> {
    if (!looksLikeSessionToken(token)) return null;
    const rows: { id: string; user_id: number; is_admin: boolean; last_seen_at: Date }[] =
      await this.dataSource.query(
        `SELECT s.id, s.user_id, u.is_admin, s.last_seen_at
         FROM identity.sessions s JOIN identity.users u ON u.id = s.user_id
        WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()`,
        [hashSessionToken(token)],
      );
    const row = rows[0];
    if (!row) return null;
    const now = new Date();
    if (shouldTouch({ lastSeenAt: new Date(row.last_seen_at) }, now, SESSION_TOUCH_INTERVAL_MS)) {
      // The WHERE repeats the interval check, so concurrent requests write once.
      await this.dataSource.query(
        `UPDATE identity.sessions SET last_seen_at = $2, expires_at = $3
          WHERE id = $1 AND revoked_at IS NULL AND last_seen_at <= $4`,
        [
          row.id,
          now,
          expiryFrom(now, this.settings.sessionTtlMs),
          new Date(now.getTime() - SESSION_TOUCH_INTERVAL_MS),
        ],
      );
    }
    return { userId: row.user_id, isAdmin: row.is_admin, sessionId: row.id };
  }

  /** The caller's active sessions, newest first; `current` marks the one making the call. */
  async list(caller: Caller): Promise<SessionDto[]> {
    const sessions = await this.dataSource
      .getRepository(SessionEntity)
      .createQueryBuilder('s')
      .where('s.user_id = :userId', { userId: caller.userId })
      .andWhere('s.revoked_at IS NULL')
      .andWhere('s.expires_at > now()')
      .orderBy('s.created_at', 'DESC')
      .addOrderBy('s.id', 'ASC')
      .getMany();
    return sessions.map((s) => toSessionDto(s, caller.sessionId));
  }

  /** Revokes one of the caller's own sessions; anybody else's reads as not found. */
  async revoke(caller: Caller, sessionId: string): Promise<MessageResponse> {
    if (!isUuid(sessionId)) throw sessionNotFound();
    const result = await this.dataSource
      .createQueryBuilder()
      .update(SessionEntity)
      .set({ revokedAt: () => 'now()' })
      .where('id = :id AND user_id = :userId AND revoked_at IS NULL', {
        id: sessionId,
        userId: caller.userId,
      })
      .execute();
    if (!result.affected) throw sessionNotFound();
    return { message: 'Session revoked' };
  }

  /** Logout: revokes the session of this secret, if it still exists. */
  async revokeByToken(token: string): Promise<void> {
    if (!looksLikeSessionToken(token)) return;
    await this.dataSource.query(
      `UPDATE identity.sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL`,
      [hashSessionToken(token)],
    );
  }

  /** After a password change: every session of the user but the one making the change. */
  async revokeOthers(manager: EntityManager, userId: number, keepSessionId: string | null): Promise<number> {
    const query = manager
      .createQueryBuilder()
      .update(SessionEntity)
      .set({ revokedAt: () => 'now()' })
      .where('user_id = :userId AND revoked_at IS NULL', { userId });
    if (keepSessionId && isUuid(keepSessionId)) query.andWhere('id <> :keep', { keep: keepSessionId });
    const result = await query.execute();
    return result.affected ?? 0;
  }
}
