import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Caller, FollowRequestDto, FollowResponse, MessageResponse } from '@dinebuds/contracts';
import { DataSource } from 'typeorm';
import { SOCIAL_DATA_SOURCE } from '../config.js';
import { lockPair } from '../common/graph-locks.js';
import type { Page } from '@dinebuds/service-client';
import { rowsOf } from '../common/sql.js';
import { SocialUserEntity } from '../users/social-user.entity.js';
import { toFollowUserDto, userSummaryColumns, type UserSummaryRow } from '../users/user.mapper.js';
import { FollowEdges } from './follow-edges.js';
import { assertActingForSelf, requestNotFound, userNotFound } from './follow.policy.js';

interface RequestRow extends UserSummaryRow {
  requestId: number;
  requesterId: number;
  recipientId: number;
  createdAt: Date;
}

export interface AcceptResult {
  status: 'accepted';
  followBack: FollowResponse | null;
}

/** Pending requests to follow a private user, handled by that user only. */
@Injectable()
export class FollowRequestsService {
  constructor(
    @InjectDataSource(SOCIAL_DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly edges: FollowEdges,
  ) {}

  /** The owner's pending requests, newest first, with the requester's summary. */
  async list(caller: Caller, userId: number, page: Page): Promise<FollowRequestDto[]> {
    assertActingForSelf(caller, userId);
    if (!(await this.dataSource.getRepository(SocialUserEntity).existsBy({ id: userId })))
      throw userNotFound();
    const rows = rowsOf<RequestRow>(
      await this.dataSource.query(
        `SELECT r."id" AS "requestId", r."requester_id" AS "requesterId", r."recipient_id" AS "recipientId",
                r."created_at" AS "createdAt", ${userSummaryColumns('u')}
         FROM "social"."follow_requests" r
         JOIN "social"."users" u ON u."id" = r."requester_id"
         WHERE r."recipient_id" = $1
         ORDER BY r."created_at" DESC, r."id" DESC
         LIMIT $2 OFFSET $3`,
        [userId, page.limit, page.offset],
      ),
    );
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
    return this.dataSource.transaction(async (manager) => {
      await lockPair(manager, userId, requesterId);
      const users = await this.edges.lockUsers(manager, [userId, requesterId]);
      const requester = users.get(requesterId);
      if (!users.has(userId)) throw userNotFound();
      if (!requester || !(await this.edges.removeRequest(manager, requesterId, userId)))
        throw requestNotFound();
      await this.edges.addFollow(manager, requesterId, userId);
      const back = followBack ? { status: await this.edges.follow(manager, userId, requester) } : null;
      return { status: 'accepted' as const, followBack: back };
    });
  }

  async reject(caller: Caller, userId: number, requesterId: number): Promise<MessageResponse> {
    assertActingForSelf(caller, userId);
    if (requesterId === userId) throw requestNotFound();
    return this.dataSource.transaction(async (manager) => {
      await lockPair(manager, userId, requesterId);
      if (!(await this.edges.removeRequest(manager, requesterId, userId))) throw requestNotFound();
      return { message: 'Follow request deleted' };
    });
  }
}
