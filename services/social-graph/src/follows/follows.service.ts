import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  Caller,
  CountResponse,
  FollowResponse,
  FollowUserDto,
  FollowUserPage,
  IsFollowingResponse,
  UnfollowResponse,
} from '@dinebuds/contracts';
import { DataSource } from 'typeorm';
import { SOCIAL_DATA_SOURCE } from '../config.js';
import { lockPair } from '../common/graph-locks.js';
import type { Page } from '@dinebuds/service-client';
import { rowsOf } from '../common/sql.js';
import { SocialUserEntity } from '../users/social-user.entity.js';
import { toFollowUserDto, userSummaryColumns, type UserSummaryRow } from '../users/user.mapper.js';
import { encodeFollowCursor, type FollowCursor } from './follow-cursor.js';
import { FollowEdges } from './follow-edges.js';
import {
  assertActingForSelf,
  assertCanSeeLists,
  assertNotSelf,
  followStatusOf,
  SOCIAL_MESSAGES,
  userNotFound,
} from './follow.policy.js';

export type Direction = 'followers' | 'following';

/** A keyset page request: `limit` rows strictly after `after` (null: from the newest). */
export interface KeysetPage {
  limit: number;
  after: FollowCursor | null;
}

interface ListRow extends UserSummaryRow {
  followId: number;
  createdAtMicros: string;
}

@Injectable()
export class FollowsService {
  constructor(
    @InjectDataSource(SOCIAL_DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly edges: FollowEdges,
  ) {}

  async requireUser(id: number): Promise<SocialUserEntity> {
    const user = await this.dataSource.getRepository(SocialUserEntity).findOneBy({ id });
    if (!user) throw userNotFound();
    return user;
  }

  /** Follow button state of `userId` (the caller) on `targetId`. */
  async status(caller: Caller, userId: number, targetId: number): Promise<IsFollowingResponse> {
    assertActingForSelf(caller, userId);
    await this.requireUser(userId);
    await this.requireUser(targetId);
    if (userId === targetId) return { isFollowing: false, status: 'not_following' };
    const state = await this.edges.pairState(this.dataSource.manager, userId, targetId);
    return { isFollowing: state.following, status: followStatusOf(state) };
  }

  /** Follows a public user at once, asks a private one; the same answer when already done. */
  async follow(caller: Caller, userId: number, targetId: number): Promise<FollowResponse> {
    assertActingForSelf(caller, userId);
    assertNotSelf(userId, targetId);
    return this.dataSource.transaction(async (manager) => {
      await lockPair(manager, userId, targetId);
      const users = await this.edges.lockUsers(manager, [userId, targetId]);
      const target = users.get(targetId);
      if (!target || !users.has(userId)) throw userNotFound();
      return { status: await this.edges.follow(manager, userId, target) };
    });
  }

  /** Removes the follow or withdraws the pending request; nothing to remove is fine too. */
  async unfollow(caller: Caller, userId: number, targetId: number): Promise<UnfollowResponse> {
    assertActingForSelf(caller, userId);
    assertNotSelf(userId, targetId, SOCIAL_MESSAGES.unfollowYourself);
    return this.dataSource.transaction(async (manager) => {
      await lockPair(manager, userId, targetId);
      const users = await this.edges.lockUsers(manager, [userId, targetId]);
      if (!users.has(targetId) || !users.has(userId)) throw userNotFound();
      await this.edges.removeFollow(manager, userId, targetId);
      await this.edges.removeRequest(manager, userId, targetId);
      return { status: 'not_following' as const };
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
    const rows = rowsOf<ListRow>(await this.dataSource.query(...followPageQuery(direction, userId, page)));
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
    const column = direction === 'followers' ? 'following_id' : 'follower_id';
    const [row] = rowsOf<{ count: number }>(
      await this.dataSource.query(
        `SELECT count(*)::int AS "count" FROM "social"."follows" WHERE "${column}" = $1`,
        [userId],
      ),
    );
    return { count: row?.count ?? 0 };
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
    const { matchColumn, otherColumn } = columnsOf(direction);
    const rows = rowsOf<UserSummaryRow>(
      await this.dataSource.query(
        `SELECT ${userSummaryColumns('u')}
         FROM "social"."follows" f
         JOIN "social"."users" u ON u."id" = f."${otherColumn}"
         WHERE f."${matchColumn}" = $1
         ORDER BY f."created_at" DESC, f."id" DESC
         LIMIT $2 OFFSET $3`,
        [userId, page.limit, page.offset],
      ),
    );
    return rows.map(toFollowUserDto);
  }

  /** A private user's lists: only the owner and approved followers (403 otherwise). */
  private async assertCanSee(viewer: Caller | null, userId: number): Promise<void> {
    const owner = await this.requireUser(userId);
    const viewerId = viewer?.userId ?? null;
    const viewerFollowsOwner =
      owner.isPrivate && viewerId !== null && viewerId !== userId
        ? (await this.edges.pairState(this.dataSource.manager, viewerId, userId)).following
        : false;
    assertCanSeeLists({ ownerId: userId, ownerIsPrivate: owner.isPrivate, viewerId, viewerFollowsOwner });
  }
}

/**
 * The SQL of page() (exported so a test can EXPLAIN exactly this): a range of the (user,
 * created_at, id) index after the cursor, one row more than asked to tell whether a next page
 * exists without a count.
 */
export function followPageQuery(direction: Direction, userId: number, page: KeysetPage): [string, unknown[]] {
  const { matchColumn, otherColumn } = columnsOf(direction);
  const after = page.after;
  const sql = `SELECT f."id" AS "followId",
         (extract(epoch FROM f."created_at") * 1000000)::bigint::text AS "createdAtMicros",
         ${userSummaryColumns('u')}
     FROM "social"."follows" f
     JOIN "social"."users" u ON u."id" = f."${otherColumn}"
     WHERE f."${matchColumn}" = $1
     ${after ? `AND (f."created_at", f."id") < ('epoch'::timestamptz + $3::bigint * interval '1 microsecond', $4::int)` : ''}
     ORDER BY f."created_at" DESC, f."id" DESC
     LIMIT $2`;
  return [sql, after ? [userId, page.limit + 1, after.createdAtMicros, after.id] : [userId, page.limit + 1]];
}

/** followers of X: rows where following_id = X, showing follower_id; following: the reverse. */
function columnsOf(direction: Direction): { matchColumn: string; otherColumn: string } {
  return direction === 'followers'
    ? { matchColumn: 'following_id', otherColumn: 'follower_id' }
    : { matchColumn: 'follower_id', otherColumn: 'following_id' };
}
