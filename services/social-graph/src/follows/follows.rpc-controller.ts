import { Controller } from '@nestjs/common';
import {
  FollowPairRequest,
  RemoveFollowerDto,
  UserFollowListRequest,
  UserRequest,
  pageOf,
} from '@dinebuds/api-dto';
import { LIMITS, type Caller } from '@dinebuds/contracts';
import { OptionalCaller, RequiredCaller, RpcBody } from '@dinebuds/service-client';
import { decodeFollowCursor } from './follow-cursor.js';
import type { KeysetPage } from './follows.repository.js';
import { FollowsService } from './follows.service.js';
import { Rpc, type RpcResult } from '@dinebuds/service-kit';

@Controller('rpc')
export class FollowsRpcController {
  constructor(private readonly follows: FollowsService) {}

  @Rpc('follows.status')
  status(
    @RpcBody(FollowPairRequest) body: FollowPairRequest,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'follows.status'> {
    return this.follows.status(caller, body.userId, body.targetId);
  }

  @Rpc('follows.follow')
  follow(
    @RpcBody(FollowPairRequest) body: FollowPairRequest,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'follows.follow'> {
    return this.follows.follow(caller, body.userId, body.targetId);
  }

  @Rpc('follows.unfollow')
  unfollow(
    @RpcBody(FollowPairRequest) body: FollowPairRequest,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'follows.unfollow'> {
    return this.follows.unfollow(caller, body.userId, body.targetId);
  }

  @Rpc('follows.removeFollower')
  removeFollower(
    @RpcBody(RemoveFollowerDto) body: RemoveFollowerDto,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'follows.removeFollower'> {
    return this.follows.removeFollower(caller, body.followerId);
  }

  @Rpc('follows.followers')
  followers(
    @RpcBody(UserFollowListRequest) body: UserFollowListRequest,
    @OptionalCaller() viewer: Caller | null,
  ): RpcResult<'follows.followers'> {
    return this.follows.followers(viewer, body.userId, pageOf(body));
  }

  @Rpc('follows.following')
  following(
    @RpcBody(UserFollowListRequest) body: UserFollowListRequest,
    @OptionalCaller() viewer: Caller | null,
  ): RpcResult<'follows.following'> {
    return this.follows.following(viewer, body.userId, pageOf(body));
  }

  @Rpc('follows.followersPage')
  followersPage(
    @RpcBody(UserFollowListRequest) body: UserFollowListRequest,
    @OptionalCaller() viewer: Caller | null,
  ): RpcResult<'follows.followersPage'> {
    return this.follows.page('followers', viewer, body.userId, keysetPageOf(body));
  }

  @Rpc('follows.followingPage')
  followingPage(
    @RpcBody(UserFollowListRequest) body: UserFollowListRequest,
    @OptionalCaller() viewer: Caller | null,
  ): RpcResult<'follows.followingPage'> {
    return this.follows.page('following', viewer, body.userId, keysetPageOf(body));
  }

  @Rpc('follows.followersCount')
  followersCount(@RpcBody(UserRequest) body: UserRequest): RpcResult<'follows.followersCount'> {
    return this.follows.count('followers', body.userId);
  }

  @Rpc('follows.followingCount')
  followingCount(@RpcBody(UserRequest) body: UserRequest): RpcResult<'follows.followingCount'> {
    return this.follows.count('following', body.userId);
  }
}

/** limit as for offset paging; cursor absent (or empty) means the first page. */
function keysetPageOf(body: UserFollowListRequest): KeysetPage {
  return {
    limit: body.limit ?? LIMITS.listPageDefault,
    after: body.cursor ? decodeFollowCursor(body.cursor) : null,
  };
}
