import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type {
  AccessChangeReason,
  Caller,
  ClientInfo,
  MessageResponse,
  ResolvedSession,
  SessionDto,
} from '@dinebuds/contracts';
import { DomainError } from '@dinebuds/errors';
import { ServiceEvents, Transactions } from '@dinebuds/service-kit';
import type { EntityManager } from 'typeorm';
import { IDENTITY_SETTINGS, SESSION_TOUCH_INTERVAL_MS, type IdentitySettings } from '../config.js';
import { toUserDto } from '../users/user.mapper.js';
import type { IdentityEventType } from '../identity.service-definition.js';
import type { SessionEntity } from './session.entity.js';
import { toSessionDto } from './session.mapper.js';
import { SessionsRepository } from './sessions.repository.js';
import { clientText, expiryFrom, isUuid, shouldTouch } from './session.policy.js';
import { hashSessionToken, looksLikeSessionToken, newSessionToken } from './session-token.js';

export const sessionNotFound = () => new DomainError('SESSION_NOT_FOUND', 'Session not found');

@Injectable()
export class SessionsService {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly transactions: Transactions,
    private readonly events: ServiceEvents<IdentityEventType>,
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
    const session: SessionEntity = {
      id: randomUUID(),
      tokenHash: hashSessionToken(token),
      userId,
      userAgent: clientText(client.userAgent, 512),
      ipAddress: clientText(client.ipAddress, 64),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: expiryFrom(now, this.settings.sessionTtlMs),
      revokedAt: null,
    };
    await this.sessions.insert(manager, session);
    return { token, session };
  }

  /**
   * The signed-in user behind a cookie secret, with their own view (what users.me answers), or
   * null (unknown, revoked or expired).
   */
  async resolve(token: string): Promise<ResolvedSession | null> {
    if (!looksLikeSessionToken(token)) return null;
    const row = await this.sessions.findActiveByTokenHash(this.transactions.outside, hashSessionToken(token));
    if (!row) return null;
    const now = new Date();
    let expiresAt = row.expiresAt;
    if (shouldTouch(row, now, SESSION_TOUCH_INTERVAL_MS)) {
      expiresAt = expiryFrom(now, this.settings.sessionTtlMs);
      await this.sessions.touch(
        this.transactions.outside,
        row.id,
        now,
        expiresAt,
        new Date(now.getTime() - SESSION_TOUCH_INTERVAL_MS),
      );
    }
    return {
      userId: row.user.id,
      isAdmin: row.user.isAdmin,
      sessionId: row.id,
      user: toUserDto(row.user),
      expiresAt: expiresAt.toISOString(),
    };
  }

  /** The caller's active sessions, newest first; `current` marks the one making the call. */
  async list(caller: Caller): Promise<SessionDto[]> {
    const sessions = await this.sessions.listActive(this.transactions.outside, caller.userId);
    return sessions.map((s) => toSessionDto(s, caller.sessionId));
  }

  /** Revokes one of the caller's own sessions; anybody else's reads as not found. */
  async revoke(caller: Caller, sessionId: string): Promise<MessageResponse> {
    if (!isUuid(sessionId)) throw sessionNotFound();
    await this.transactions.run(async (manager) => {
      if (!(await this.sessions.revoke(manager, sessionId, caller.userId))) throw sessionNotFound();
      await this.recordAccessChanged(manager, caller.userId, 'session-revoked');
    });
    return { message: 'Session revoked' };
  }

  /** Logout: revokes the session of this secret, if it still exists. */
  async revokeByToken(token: string): Promise<void> {
    if (!looksLikeSessionToken(token)) return;
    await this.transactions.run(async (manager) => {
      const userId = await this.sessions.revokeByTokenHash(manager, hashSessionToken(token));
      if (userId !== null) await this.recordAccessChanged(manager, userId, 'signed-out');
    });
  }

  /** After a password change: every session of the user but the one making the change. */
  async revokeOthers(manager: EntityManager, userId: number, keepSessionId: string | null): Promise<number> {
    const revoked = await this.sessions.revokeOthers(
      manager,
      userId,
      keepSessionId && isUuid(keepSessionId) ? keepSessionId : null,
    );
    if (revoked > 0) await this.recordAccessChanged(manager, userId, 'password-changed');
    return revoked;
  }

  /**
   * identity.user.access-changed, in the transaction that ends a session: gateways remember
   * resolved sessions for a few seconds and drop the user's on this notice, so a revocation reaches
   * every replica at once rather than when its memory expires. Whatever ends sessions or changes
   * `isAdmin` (AdminBootstrapService's promotion too) records it.
   */
  private async recordAccessChanged(
    manager: EntityManager,
    userId: number,
    reason: AccessChangeReason,
  ): Promise<void> {
    await this.events.record(manager, 'identity.user.access-changed', { userId, reason });
  }
}
