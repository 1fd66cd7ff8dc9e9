import { Injectable } from '@nestjs/common';
import type { Caller, MutedUserDto, MuteStatusResponse, SafetyStatusResponse } from '@dinebuds/contracts';
import type { Page } from '@dinebuds/service-client';
import { ServiceEvents, Transactions } from '@dinebuds/service-kit';
import { assertNotSelf, SOCIAL_MESSAGES, userNotFound } from '../follows/follow.policy.js';
import { FollowsRepository } from '../follows/follows.repository.js';
import { PairLocks } from '../follows/pair-locks.repository.js';
import { SocialUsersRepository } from '../projections/identity/social-users.repository.js';
import { toFollowUserDto } from '../projections/identity/user.mapper.js';
import type { SocialEventType } from '../social-graph.service-definition.js';
import { MutesRepository } from './mutes.repository.js';

/**
 * Mutes of the caller. A mute changes nothing in the graph (follows stay); its event tells reviews
 * to leave the muted person out of the muter's discovery reads. Nothing the muted person can read
 * changes, so they are not told.
 */
@Injectable()
export class MutesService {
  constructor(
    private readonly transactions: Transactions,
    private readonly pairLocks: PairLocks,
    private readonly mutes: MutesRepository,
    private readonly follows: FollowsRepository,
    private readonly users: SocialUsersRepository,
    private readonly events: ServiceEvents<SocialEventType>,
  ) {}

  /** Idempotent: muting again records nothing. */
  async mute(caller: Caller, mutedId: number): Promise<MuteStatusResponse> {
    const muterId = caller.userId;
    assertNotSelf(muterId, mutedId, SOCIAL_MESSAGES.muteYourself);
    return this.transactions.run(async (manager) => {
      await this.pairLocks.lock(manager, muterId, mutedId);
      const users = await this.users.lockForShare(manager, [muterId, mutedId]);
      if (!users.has(mutedId) || !users.has(muterId)) throw userNotFound();
      if (await this.mutes.insert(manager, muterId, mutedId))
        await this.events.record(manager, 'social.mute.created', { muterId, mutedId });
      return { muted: true };
    });
  }

  /** Idempotent: unmuting someone not muted answers the same. */
  async unmute(caller: Caller, mutedId: number): Promise<MuteStatusResponse> {
    const muterId = caller.userId;
    assertNotSelf(muterId, mutedId, SOCIAL_MESSAGES.muteYourself);
    return this.transactions.run(async (manager) => {
      await this.pairLocks.lock(manager, muterId, mutedId);
      const users = await this.users.lockForShare(manager, [muterId, mutedId]);
      if (!users.has(mutedId)) throw userNotFound();
      if (await this.mutes.delete(manager, muterId, mutedId))
        await this.events.record(manager, 'social.mute.removed', { muterId, mutedId });
      return { muted: false };
    });
  }

  /** For the profile menu: muted by the caller, and following the caller (404: no such person). */
  async status(caller: Caller, otherId: number): Promise<SafetyStatusResponse> {
    const manager = this.transactions.outside;
    if (!(await this.users.findById(manager, otherId))) throw userNotFound();
    const [muted, followsYou] = await Promise.all([
      this.mutes.exists(manager, caller.userId, otherId),
      this.follows.pairState(manager, otherId, caller.userId).then((state) => state.following),
    ]);
    return { muted, followsYou };
  }

  /** The caller's mutes, newest first, with each person's summary. */
  async list(caller: Caller, page: Page): Promise<MutedUserDto[]> {
    const rows = await this.mutes.listBy(this.transactions.outside, caller.userId, page);
    return rows.map((row) => ({
      mutedId: row.mutedId,
      createdAt: row.createdAt.toISOString(),
      user: toFollowUserDto(row),
    }));
  }
}
