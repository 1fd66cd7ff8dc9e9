import { Injectable } from '@nestjs/common';
import type {
  Caller,
  MessageResponse,
  CountResponse,
  FollowResponse,
  FollowUserDto,
  FollowUserPage,
  IsFollowingResponse,
  UnfollowResponse,
} from '@dinebuds/contracts';
import type { Page } from '@dinebuds/service-client';
import { Transactions } from '@dinebuds/service-kit';
import type { SocialUserEntity } from '../projections/identity/social-user.entity.js';
import { SocialUsersRepository } from '../projections/identity/social-users.repository.js';
import { toFollowUserDto } from '../projections/identity/user.mapper.js';
import { encodeFollowCursor } from './follow-cursor.js';
import { FollowChanges } from './follow-changes.service.js';
import { FollowsRepository, type Direction, type KeysetPage } from './follows.repository.js';
import { PairLocks } from './pair-locks.repository.js';
import {
  assertActingForSelf,
  assertCanSeeLists,
  assertNotSelf,
  followStatusOf,
  SOCIAL_MESSAGES,
  userNotFound,
} from './follow.policy.js';

@Injectable()
export class FollowsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly pairLocks: PairLocks,
    private readonly follows: FollowsRepository,
    private readonly users: SocialUsersRepository,
    private readonly changes: FollowChanges,
  ) {}

  async requireUser(id: number): Promise<SocialUserEntity> {
    const user = await this.users.findById(this.transactions.outside, id);
    if (!user) throw userNotFound();
    return user;
  }

  /** Follow button state of `userId` (the caller) on `targetId`. */
  async status(caller: Caller, userId: number, targetId: number): Promise<IsFollowingResponse> {
    assertActingForSelf(caller, userId);
    await this.requireUser(userId);
    await this.requireUser(targetId);
    if (userId === targetId) return { isFollowing: false, status: 'not_following' };
    const state = await this.follows.pairState(this.transactions.outside, userId, targetId);
    return { isFollowing: state.following, status: followStatusOf(state) };
  }

  /** Follows a public user at once, asks a private one; the same answer when already done. */
  async follow(caller: Caller, userId: number, targetId: number): Promise<FollowResponse> {
    assertActingForSelf(caller, userId);
    assertNotSelf(userId, targetId);
    return this.transactions.run(async (manager) => {
      await this.pairLocks.lock(manager, userId, targetId);
      const users = await this.users.lockForShare(manager, [userId, targetId]);
      const target = users.get(targetId);
      if (!target || !users.has(userId)) throw userNotFound();
      return { status: await this.changes.follow(manager, userId, target) };
    });
  }

  /** Removes the follow or withdraws the pending request; nothing to remove is fine too. */
  async unfollow(caller: Caller, userId: number, targetId: number): Promise<UnfollowResponse> {
    assertActingForSelf(caller, userId);
    assertNotSelf(userId, targetId, SOCIAL_MESSAGES.unfollowYourself);
    return this.transactions.run(async (manager) => {
      await this.pairLocks.lock(manager, userId, targetId);
      const users = await this.users.lockForShare(manager, [userId, targetId]);
      if (!users.has(targetId) || !users.has(userId)) throw userNotFound();
      await this.changes.removeFollow(manager, userId, targetId);
      await this.changes.removeRequest(manager, userId, targetId);
      return { status: 'not_following' as const };
    });
  }

  /**
   * The caller removes a follower: their follow ends through the same path as an unfollow
   * (social.follow.removed keeps every projection right). Nothing tells them; a follower who was
   * not following answers the same.
   */
  async removeFollower(caller: Caller, followerId: number): Promise<MessageResponse> {
    const userId = caller.userId;
    assertNotSelf(userId, followerId, SOCIAL_MESSAGES.removeYourself);
    return this.transactions.run(async (manager) => {
      await this.pairLocks.lock(manager, followerId, userId);
      const users = await this.users.lockForShare(manager, [userId, followerId]);
      if (!users.has(followerId) || !users.has(userId)) throw userNotFound();
      await this.changes.removeFollow(manager, followerId, userId);
      return { message: 'Follower removed' };
    });
  }

  async followers(viewer: Caller | null, userId: number, page: Page): Promise<FollowUserDto[]> {
    return this.list('followers', viewer, userId, page);
  }

  async following(viewer: Caller | null, userId: number, page: Page): Promise<FollowUserDto[]> {
    return this.list('following', viewer, userId, page);
  }

  /**
   * Keyset paging: one index range read on (user, created_at, id) however deep the page, and no
   * follow skipped or repeated when follows are added or removed between pages.
   */
  async page(
    direction: Direction,
    viewer: Caller | null,
    userId: number,
    page: KeysetPage,
  ): Promise<FollowUserPage> {
    await this.assertCanSee(viewer, userId);
    const rows = await this.follows.page(this.transactions.outside, direction, userId, page);
    const items = rows.slice(0, page.limit);
    const last = items[items.length - 1];
    const nextCursor =
      rows.length > page.limit && last
        ? encodeFollowCursor({ createdAtMicros: Number(last.createdAtMicros), id: last.followId })
        : null;
    return { items: items.map(toFollowUserDto), nextCursor };
  }

  /** Counts are public, also for private users; they count exactly the rows the lists show. */
  async count(direction: Direction, userId: number): Promise<CountResponse> {
    await this.requireUser(userId);
    return { count: await this.follows.count(this.transactions.outside, direction, userId) };
  }

  /**
   * Newest first, by limit/offset: kept for callers that page by offset (an OFFSET read costs the
   * rows it skips; page() does not).
   */
  private async list(
    direction: Direction,
    viewer: Caller | null,
    userId: number,
    page: Page,
  ): Promise<FollowUserDto[]> {
    await this.assertCanSee(viewer, userId);
    const rows = await this.follows.list(this.transactions.outside, direction, userId, page);
    return rows.map(toFollowUserDto);
  }

  /** A private user's lists: only the owner and approved followers (403 otherwise). */
  private async assertCanSee(viewer: Caller | null, userId: number): Promise<void> {
    const owner = await this.requireUser(userId);
    const viewerId = viewer?.userId ?? null;
    const viewerFollowsOwner =
      owner.isPrivate && viewerId !== null && viewerId !== userId
        ? (await this.follows.pairState(this.transactions.outside, viewerId, userId)).following
        : false;
    assertCanSeeLists({ ownerId: userId, ownerIsPrivate: owner.isPrivate, viewerId, viewerFollowsOwner });
  }
}
