import { Body, Controller } from '@nestjs/common';
import type { Caller } from '@dinebuds/contracts';
import { OptionalCaller, RequiredCaller } from '@dinebuds/service-client';
import { LIST_PAGE_DEFAULT, LIST_PAGE_MAX } from '../config.js';
import {
  asBody,
  optionalString,
  readLimit,
  readPage,
  requiredId,
  type Body as RpcBody,
} from '@dinebuds/service-client';
import { decodeFollowCursor } from './follow-cursor.js';
import { Rpc, type RpcResult } from '../common/rpc.js';
import { FollowsService, type KeysetPage } from './follows.service.js';

@Controller('rpc')
export class FollowsRpcController {
  constructor(private readonly follows: FollowsService) {}

  @Rpc('follows.status')
  status(@Body() raw: unknown, @RequiredCaller() caller: Caller): RpcResult<'follows.status'> {
    const body = asBody(raw);
    return this.follows.status(caller, requiredId(body, 'userId'), requiredId(body, 'targetId'));
  }

  @Rpc('follows.follow')
  follow(@Body() raw: unknown, @RequiredCaller() caller: Caller): RpcResult<'follows.follow'> {
    const body = asBody(raw);
    return this.follows.follow(caller, requiredId(body, 'userId'), requiredId(body, 'targetId'));
  }

  @Rpc('follows.unfollow')
  unfollow(@Body() raw: unknown, @RequiredCaller() caller: Caller): RpcResult<'follows.unfollow'> {
    const body = asBody(raw);
    return this.follows.unfollow(caller, requiredId(body, 'userId'), requiredId(body, 'targetId'));
  }

  @Rpc('follows.followers')
  followers(@Body() raw: unknown, @OptionalCaller() viewer: Caller | null): RpcResult<'follows.followers'> {
    const body = asBody(raw);
    return this.follows.followers(
      viewer,
      requiredId(body, 'userId'),
      readPage(body, LIST_PAGE_DEFAULT, LIST_PAGE_MAX),
    );
  }

  @Rpc('follows.following')
  following(@Body() raw: unknown, @OptionalCaller() viewer: Caller | null): RpcResult<'follows.following'> {
    const body = asBody(raw);
    return this.follows.following(
      viewer,
      requiredId(body, 'userId'),
      readPage(body, LIST_PAGE_DEFAULT, LIST_PAGE_MAX),
    );
  }

  @Rpc('follows.followersPage')
  followersPage(
    @Body() raw: unknown,
    @OptionalCaller() viewer: Caller | null,
  ): RpcResult<'follows.followersPage'> {
    const body = asBody(raw);
    return this.follows.page('followers', viewer, requiredId(body, 'userId'), readKeysetPage(body));
  }

  @Rpc('follows.followingPage')
  followingPage(
    @Body() raw: unknown,
    @OptionalCaller() viewer: Caller | null,
  ): RpcResult<'follows.followingPage'> {
    const body = asBody(raw);
    return this.follows.page('following', viewer, requiredId(body, 'userId'), readKeysetPage(body));
  }

  @Rpc('follows.followersCount')
  followersCount(@Body() raw: unknown): RpcResult<'follows.followersCount'> {
    return this.follows.count('followers', requiredId(asBody(raw), 'userId'));
  }

  @Rpc('follows.followingCount')
  followingCount(@Body() raw: unknown): RpcResult<'follows.followingCount'> {
    return this.follows.count('following', requiredId(asBody(raw), 'userId'));
  }
}

/** limit as for offset paging; cursor absent (or empty) means the first page. */
function readKeysetPage(body: RpcBody): KeysetPage {
  const cursor = optionalString(body, 'cursor');
  return {
    limit: readLimit(body, LIST_PAGE_DEFAULT, LIST_PAGE_MAX),
    after: cursor ? decodeFollowCursor(cursor) : null,
  };
}
