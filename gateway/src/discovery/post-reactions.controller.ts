import { Body, Controller, Delete, Get, HttpCode, Param, Post, type Type } from '@nestjs/common';
import { ApiCookieAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  CheckInCommentSchema,
  CheckInLikeSchema,
  CommentBody,
  MessageResponseSchema,
  StatusCommentSchema,
  StatusLikeSchema,
} from '@dinebuds/api-dto';
import type { MessageResponse, ReviewsRpc } from '@dinebuds/contracts';
import { RequireAuth, SignedInOrigin } from '../auth/auth.decorators.js';
import { ApiErrors } from '../common/api-errors.decorator.js';
import { PositiveIntPipe } from '../common/positive-int.pipe.js';
import { ServiceClients } from '../upstream/service-clients.js';

type ReactionAction = 'toggleLike' | 'comments' | 'comment' | 'deleteComment';

/** The reviews service's RPC prefixes of the posts people react to, each with its reaction calls. */
type PostRpc = 'checkIns' | 'statuses';
type ReactionCall<P extends PostRpc, A extends ReactionAction> = ReviewsRpc[`${P}.${A}`];

/** One kind of post people like and comment on, as the API shows it. */
interface PostKind<P extends PostRpc> {
  /** The routes' first segment: /api/{path}/{id}/like ... */
  path: string;
  /** As the routes' summaries name one. */
  noun: string;
  rpc: P;
  /** The post's id in the service's requests. */
  idKey: keyof ReactionCall<P, 'toggleLike'>['request'];
  likeSchema: Type;
  commentSchema: Type;
  /** The operation ids the routes were published with (from DiscoveryController, their first home). */
  operationIds: Record<ReactionAction, string>;
}

/**
 * The like and comment routes of one kind of post (docs/api-discovery.md), forwarded to the
 * reviews service: every route for a signed-in caller. Built once per kind (below).
 */
function postReactionsController<P extends PostRpc>(kind: PostKind<P>): Type {
  const operation = (action: ReactionAction, summary: string) =>
    ApiOperation({ summary, operationId: `DiscoveryController_${kind.operationIds[action]}` });

  @ApiTags('discovery')
  @ApiCookieAuth()
  @Controller(kind.path)
  class PostReactionsController {
    constructor(private readonly clients: ServiceClients) {}

    @Post(':id/like')
    @HttpCode(200)
    @RequireAuth()
    @operation('toggleLike', `Like a ${kind.noun}, or take your like back; answers the new state and count`)
    @ApiOkResponse({ type: kind.likeSchema })
    @ApiErrors(400, 401, 403, 404, 413, 415, 429)
    toggleLike(
      @Param('id', PositiveIntPipe) id: number,
      @SignedInOrigin() origin: SignedInOrigin,
    ): Promise<ReactionCall<P, 'toggleLike'>['response']> {
      return this.call('toggleLike', id, {}, origin);
    }

    @Get(':id/comments')
    @RequireAuth()
    @operation('comments', `A ${kind.noun}'s comments, oldest first (at most 100)`)
    @ApiOkResponse({ type: [kind.commentSchema] })
    @ApiErrors(400, 401, 403, 404, 429)
    comments(
      @Param('id', PositiveIntPipe) id: number,
      @SignedInOrigin() origin: SignedInOrigin,
    ): Promise<ReactionCall<P, 'comments'>['response']> {
      return this.call('comments', id, {}, origin);
    }

    @Post(':id/comments')
    @RequireAuth()
    @operation('comment', `Comment on a ${kind.noun}`)
    @ApiCreatedResponse({ type: kind.commentSchema })
    @ApiErrors(400, 401, 403, 404, 413, 415, 429)
    comment(
      @Param('id', PositiveIntPipe) id: number,
      @Body() body: CommentBody,
      @SignedInOrigin() origin: SignedInOrigin,
    ): Promise<ReactionCall<P, 'comment'>['response']> {
      return this.call('comment', id, body, origin);
    }

    @Delete(':id/comments/:commentId')
    @RequireAuth()
    @operation('deleteComment', `Delete a comment on a ${kind.noun}: yours, or anyone's on your ${kind.noun}`)
    @ApiOkResponse({ type: MessageResponseSchema })
    @ApiErrors(400, 401, 403, 404, 413, 415, 429)
    deleteComment(
      @Param('id', PositiveIntPipe) id: number,
      @Param('commentId', PositiveIntPipe) commentId: number,
      @SignedInOrigin() origin: SignedInOrigin,
    ): Promise<MessageResponse> {
      return this.call('deleteComment', id, { commentId }, origin);
    }

    /** `<rpc>.<action>` with the route's fields and the post's id under the kind's idKey. */
    private call<A extends ReactionAction>(
      action: A,
      id: number,
      fields: object,
      origin: SignedInOrigin,
    ): Promise<ReactionCall<P, A>['response']> {
      const request = { ...fields, [kind.idKey]: id } as ReactionCall<P, A>['request'];
      return this.clients.for('reviews').call(`${kind.rpc}.${action}`, request, origin);
    }
  }
  return PostReactionsController;
}

export const CheckInReactionsController = postReactionsController({
  path: 'check-ins',
  noun: 'check-in',
  rpc: 'checkIns',
  idKey: 'checkInId',
  likeSchema: CheckInLikeSchema,
  commentSchema: CheckInCommentSchema,
  operationIds: {
    toggleLike: 'toggleLike',
    comments: 'comments',
    comment: 'comment',
    deleteComment: 'deleteComment',
  },
});

export const StatusReactionsController = postReactionsController({
  path: 'statuses',
  noun: 'status',
  rpc: 'statuses',
  idKey: 'statusId',
  likeSchema: StatusLikeSchema,
  commentSchema: StatusCommentSchema,
  operationIds: {
    toggleLike: 'toggleStatusLike',
    comments: 'statusComments',
    comment: 'commentOnStatus',
    deleteComment: 'deleteStatusComment',
  },
});
