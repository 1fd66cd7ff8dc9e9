import {
  BadRequestException,
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Post,
  Query,
  Res,
} from '@nestjs/common';
import { ApiBody, ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AcceptRequestDto,
  AcceptRequestResultSchema,
  CURSOR_WITH_OFFSET_MESSAGE,
  CountSchema,
  FollowListQuery,
  FollowRequestSchema,
  FollowResultSchema,
  FollowUserSchema,
  IsFollowingSchema,
  MessageResponseSchema,
  UnfollowResultSchema,
} from '@dinebuds/api-dto';
import type { CallOrigin } from '@dinebuds/service-client';
import type { FastifyReply } from 'fastify';
import type {
  CountResponse,
  FollowRequestDto,
  FollowResponse,
  FollowUserDto,
  IsFollowingResponse,
  MessageResponse,
  SocialRpc,
  UnfollowResponse,
} from '@dinebuds/contracts';
import { OptionalAuth, Origin, RequireAuth, SignedInOrigin } from '../auth/auth.decorators.js';
import { ApiErrors } from '../common/api-errors.decorator.js';
import { PositiveIntPipe } from '../common/positive-int.pipe.js';
import { ServiceClients } from '../upstream/service-clients.js';
import { assertActingForSelf } from './act-for-self.js';

type AcceptResult = SocialRpc['requests.accept']['response'];

/** Response header carrying the cursor of the next page (absent on the last page). */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';
const LIST_HEADERS = {
  [NEXT_CURSOR_HEADER]: {
    description: 'With ?cursor: pass it back as cursor for the next page; absent on the last page',
    schema: { type: 'string' },
  },
};

/**
 * Follows and follow requests (docs/api-social.md), forwarded to social-graph. `{id}` is the user
 * a route acts for or reads: where it acts, only that signed-in user may use it (403, checked
 * here and again by social-graph); who may read a private user's lists is social-graph's call.
 * Registered after UsersController so /users/by-username/... keeps going to identity.
 */
@ApiTags('follows')
@Controller('users')
export class FollowsController {
  constructor(private readonly clients: ServiceClients) {}

  @Get(':id/is-following/:targetId')
  @RequireAuth()
  @ApiCookieAuth()
  @ApiOperation({ summary: 'Whether you follow a user, and the follow button state' })
  @ApiOkResponse({ type: IsFollowingSchema })
  @ApiErrors(400, 401, 403, 404)
  isFollowing(
    @Param('id', PositiveIntPipe) id: number,
    @Param('targetId', PositiveIntPipe) targetId: number,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<IsFollowingResponse> {
    assertActingForSelf(origin.caller, id);
    return this.clients.for('social-graph').call('follows.status', { userId: id, targetId }, origin);
  }

  @Post(':id/follow/:targetId')
  @HttpCode(200)
  @RequireAuth()
  @ApiCookieAuth()
  @ApiOperation({ summary: "Follow a user ('following'), or ask to when they are private ('requested')" })
  @ApiOkResponse({ type: FollowResultSchema })
  @ApiErrors(400, 401, 403, 404)
  follow(
    @Param('id', PositiveIntPipe) id: number,
    @Param('targetId', PositiveIntPipe) targetId: number,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<FollowResponse> {
    assertActingForSelf(origin.caller, id);
    return this.clients.for('social-graph').call('follows.follow', { userId: id, targetId }, origin);
  }

  @Post(':targetId/follow')
  @HttpCode(200)
  @RequireAuth()
  @ApiCookieAuth()
  @ApiOperation({ summary: 'Follow a user as yourself (same as /users/{yourId}/follow/{targetId})' })
  @ApiOkResponse({ type: FollowResultSchema })
  @ApiErrors(400, 401, 403, 404)
  followAsMe(
    @Param('targetId', PositiveIntPipe) targetId: number,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<FollowResponse> {
    return this.clients
      .for('social-graph')
      .call('follows.follow', { userId: origin.caller.userId, targetId }, origin);
  }

  @Post(':id/unfollow/:targetId')
  @HttpCode(200)
  @RequireAuth()
  @ApiCookieAuth()
  @ApiOperation({ summary: 'Stop following a user, or cancel your pending request' })
  @ApiOkResponse({ type: UnfollowResultSchema })
  @ApiErrors(400, 401, 403, 404)
  unfollow(
    @Param('id', PositiveIntPipe) id: number,
    @Param('targetId', PositiveIntPipe) targetId: number,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<UnfollowResponse> {
    assertActingForSelf(origin.caller, id);
    return this.clients.for('social-graph').call('follows.unfollow', { userId: id, targetId }, origin);
  }

  @Post(':id/accept-request/:requesterId')
  @HttpCode(200)
  @RequireAuth()
  @ApiCookieAuth()
  @ApiOperation({ summary: 'Accept a follow request; with followBack also follow the requester' })
  @ApiBody({ type: AcceptRequestDto, required: false })
  @ApiOkResponse({ type: AcceptRequestResultSchema })
  @ApiErrors(400, 401, 403, 404)
  accept(
    @Param('id', PositiveIntPipe) id: number,
    @Param('requesterId', PositiveIntPipe) requesterId: number,
    @Body() body: AcceptRequestDto,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<AcceptResult> {
    assertActingForSelf(origin.caller, id);
    return this.clients
      .for('social-graph')
      .call(
        'requests.accept',
        { userId: id, requesterId, ...(body.followBack !== undefined && { followBack: body.followBack }) },
        origin,
      );
  }

  @Post(':id/reject-request/:requesterId')
  @HttpCode(200)
  @RequireAuth()
  @ApiCookieAuth()
  @ApiOperation({ summary: 'Delete a follow request' })
  @ApiOkResponse({ type: MessageResponseSchema })
  @ApiErrors(400, 401, 403, 404)
  reject(
    @Param('id', PositiveIntPipe) id: number,
    @Param('requesterId', PositiveIntPipe) requesterId: number,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<MessageResponse> {
    assertActingForSelf(origin.caller, id);
    return this.clients.for('social-graph').call('requests.reject', { userId: id, requesterId }, origin);
  }

  @Get(':id/follow-requests')
  @RequireAuth()
  @ApiCookieAuth()
  @ApiOperation({ summary: 'Your pending follow requests, newest first' })
  @ApiOkResponse({ type: [FollowRequestSchema] })
  @ApiErrors(400, 401, 403)
  requests(
    @Param('id', PositiveIntPipe) id: number,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<FollowRequestDto[]> {
    assertActingForSelf(origin.caller, id);
    return this.clients.for('social-graph').call('requests.list', { userId: id }, origin);
  }

  @Get(':id/followers')
  @OptionalAuth()
  @ApiOperation({ summary: "A user's followers; a private user's only for them and their followers" })
  @ApiOkResponse({ type: [FollowUserSchema], headers: LIST_HEADERS })
  @ApiErrors(400, 403, 404)
  followers(
    @Param('id', PositiveIntPipe) id: number,
    @Query() query: FollowListQuery,
    @Origin() origin: CallOrigin,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<FollowUserDto[]> {
    return this.list('followers', id, query, origin, res);
  }

  @Get(':id/following')
  @OptionalAuth()
  @ApiOperation({ summary: "Who a user follows; a private user's only for them and their followers" })
  @ApiOkResponse({ type: [FollowUserSchema], headers: LIST_HEADERS })
  @ApiErrors(400, 403, 404)
  following(
    @Param('id', PositiveIntPipe) id: number,
    @Query() query: FollowListQuery,
    @Origin() origin: CallOrigin,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<FollowUserDto[]> {
    return this.list('following', id, query, origin, res);
  }

  @Get(':id/followers/count')
  @ApiOperation({ summary: 'How many follow a user (visible for private users too)' })
  @ApiOkResponse({ type: CountSchema })
  @ApiErrors(400, 404)
  followersCount(
    @Param('id', PositiveIntPipe) id: number,
    @Origin() origin: CallOrigin,
  ): Promise<CountResponse> {
    return this.clients.for('social-graph').call('follows.followersCount', { userId: id }, origin);
  }

  @Get(':id/following/count')
  @ApiOperation({ summary: 'How many a user follows (visible for private users too)' })
  @ApiOkResponse({ type: CountSchema })
  @ApiErrors(400, 404)
  followingCount(
    @Param('id', PositiveIntPipe) id: number,
    @Origin() origin: CallOrigin,
  ): Promise<CountResponse> {
    return this.clients.for('social-graph').call('follows.followingCount', { userId: id }, origin);
  }

  /**
   * Without `cursor`: limit/offset, the body the spec documents. With `cursor` (empty for the first
   * page): keyset paging, the same body, and the next page's cursor in X-Next-Cursor.
   */
  private async list(
    direction: 'followers' | 'following',
    userId: number,
    query: FollowListQuery,
    origin: CallOrigin,
    res: FastifyReply,
  ): Promise<FollowUserDto[]> {
    if (query.cursor === undefined) {
      return this.clients
        .for('social-graph')
        .call(
          direction === 'followers' ? 'follows.followers' : 'follows.following',
          { userId, limit: query.limit, offset: query.offset },
          origin,
        );
    }
    if (query.offset !== undefined) throw new BadRequestException(CURSOR_WITH_OFFSET_MESSAGE);
    const page = await this.clients
      .for('social-graph')
      .call(
        direction === 'followers' ? 'follows.followersPage' : 'follows.followingPage',
        { userId, limit: query.limit, ...(query.cursor !== '' && { cursor: query.cursor }) },
        origin,
      );
    if (page.nextCursor !== null) res.header(NEXT_CURSOR_HEADER, page.nextCursor);
    return page.items;
  }
}
