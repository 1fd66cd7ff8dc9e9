import { Injectable } from '@nestjs/common';
import type { Caller, FollowRequestDto, FollowResponse, MessageResponse } from '@dinebuds/contracts';
import type { Page } from '@dinebuds/service-client';
import { Transactions } from '@dinebuds/service-kit';
import { SocialUsersRepository } from '../projections/identity/social-users.repository.js';
import { toFollowUserDto } from '../projections/identity/user.mapper.js';
import { FollowChanges } from './follow-changes.service.js';
import { FollowRequestsRepository } from './follow-requests.repository.js';
import { PairLocks } from './pair-locks.repository.js';
import { assertActingForSelf, requestNotFound, userNotFound } from './follow.policy.js';

export interface AcceptResult {
  status: 'accepted';
  followBack: FollowResponse | null;
}

/** Pending requests to follow a private user, handled by that user only. */
@Injectable()
export class FollowRequestsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly pairLocks: PairLocks,
    private readonly requests: FollowRequestsRepository,
    private readonly users: SocialUsersRepository,
    private readonly changes: FollowChanges,
  ) {}

  /** The owner's pending requests, newest first, with the requester's summary. */
  async list(caller: Caller, userId: number, page: Page): Promise<FollowRequestDto[]> {
    assertActingForSelf(caller, userId);
    if (!(await this.users.exists(this.transactions.outside, userId))) throw userNotFound();
    const rows = await this.requests.listTo(this.transactions.outside, userId, page);
    return rows.map((row) => {
      const requester = toFollowUserDto(row);
      return {
        id: row.requestId,
        requesterId: row.requesterId,
        recipientId: row.recipientId,
        createdAt: row.createdAt.toISOString(),
        requester: { ...requester, profileImage: requester.profilePicture },
      };
    });
  }

  /**
   * The request becomes a follow (social.follow.created). With followBack the owner follows the
   * requester too, which is itself a request when the requester is private.
   */
  async accept(
    caller: Caller,
    userId: number,
    requesterId: number,
    followBack: boolean,
  ): Promise<AcceptResult> {
    assertActingForSelf(caller, userId);
    if (requesterId === userId) throw requestNotFound();
    return this.transactions.run(async (manager) => {
      await this.pairLocks.lock(manager, userId, requesterId);
      const users = await this.users.lockForShare(manager, [userId, requesterId]);
      const requester = users.get(requesterId);
      if (!users.has(userId)) throw userNotFound();
      if (!requester || !(await this.changes.removeRequest(manager, requesterId, userId)))
        throw requestNotFound();
      await this.changes.addFollow(manager, requesterId, userId);
      const back = followBack ? { status: await this.changes.follow(manager, userId, requester) } : null;
      return { status: 'accepted' as const, followBack: back };
    });
  }

  async reject(caller: Caller, userId: number, requesterId: number): Promise<MessageResponse> {
    assertActingForSelf(caller, userId);
    if (requesterId === userId) throw requestNotFound();
    return this.transactions.run(async (manager) => {
      await this.pairLocks.lock(manager, userId, requesterId);
      if (!(await this.changes.removeRequest(manager, requesterId, userId))) throw requestNotFound();
      return { message: 'Follow request deleted' };
    });
  }
}
