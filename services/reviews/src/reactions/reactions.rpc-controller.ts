import { Controller, type Type } from '@nestjs/common';
import {
  CheckInCommentRequestDto,
  CheckInIdRequest,
  DeleteCheckInCommentRequestDto,
  DeleteStatusCommentRequestDto,
  StatusCommentRequestDto,
  StatusIdRequest,
} from '@dinebuds/api-dto';
import type { Caller, ReviewsRpc } from '@dinebuds/contracts';
import { RequiredCaller, RpcBody } from '@dinebuds/service-client';
import { Rpc, type RpcResult } from '@dinebuds/service-kit';
import { CHECK_IN_REACTIONS, STATUS_REACTIONS, type ReactionTarget } from './reaction-targets.js';
import { ReactionsService } from './reactions.service.js';

/** The RPC prefixes of the posts people react to: `<rpc>.toggleLike`, `.comments`, `.comment`, `.deleteComment`. */
type PostRpc = 'checkIns' | 'statuses';
type Call<P extends PostRpc, A extends string> = ReviewsRpc[`${P}.${A}` & keyof ReviewsRpc];
/** The post's id in this kind's requests (checkInId, statusId). */
type IdKey<P extends PostRpc> = keyof Call<P, 'toggleLike'>['request'] & string;
type PostId<P extends PostRpc> = Record<IdKey<P>, number>;

/** The reaction RPCs of one kind of post: its patterns, request classes and ReactionTarget. */
interface PostKind<P extends PostRpc> {
  rpc: P;
  idKey: IdKey<P>;
  target: ReactionTarget<Call<P, 'toggleLike'>['response'], Call<P, 'comment'>['response']>;
  /** The request classes: the post's id; a comment on it; one of its comments' id. */
  requests: {
    id: Type<PostId<P>>;
    comment: Type<PostId<P> & { text: string }>;
    deleteComment: Type<PostId<P> & { commentId: number }>;
  };
}

/** Likes and comments on one kind of post: every route for a signed-in caller. Built once per kind (below). */
function reactionsRpcController<P extends PostRpc>(kind: PostKind<P>): Type {
  const { rpc, idKey, target, requests } = kind;

  @Controller('rpc')
  class ReactionsRpcController {
    constructor(private readonly reactions: ReactionsService) {}

    @Rpc(`${rpc}.toggleLike`)
    toggleLike(
      @RpcBody(requests.id) body: PostId<P>,
      @RequiredCaller() caller: Caller,
    ): RpcResult<`${P}.toggleLike`> {
      return this.reactions.toggleLike(caller, target, body[idKey]);
    }

    @Rpc(`${rpc}.comments`)
    comments(
      @RpcBody(requests.id) body: PostId<P>,
      @RequiredCaller() caller: Caller,
    ): Promise<Call<P, 'comment'>['response'][]> {
      return this.reactions.comments(caller, target, body[idKey]);
    }

    @Rpc(`${rpc}.comment`)
    comment(
      @RpcBody(requests.comment) body: PostId<P> & { text: string },
      @RequiredCaller() caller: Caller,
    ): RpcResult<`${P}.comment`> {
      return this.reactions.comment(caller, target, body[idKey], body.text);
    }

    @Rpc(`${rpc}.deleteComment`)
    deleteComment(
      @RpcBody(requests.deleteComment) body: PostId<P> & { commentId: number },
      @RequiredCaller() caller: Caller,
    ): RpcResult<`${P}.deleteComment`> {
      return this.reactions.deleteComment(caller, target, body[idKey], body.commentId);
    }
  }
  return ReactionsRpcController;
}

export const CheckInReactionsRpcController = reactionsRpcController({
  rpc: 'checkIns',
  idKey: 'checkInId',
  target: CHECK_IN_REACTIONS,
  requests: {
    id: CheckInIdRequest,
    comment: CheckInCommentRequestDto,
    deleteComment: DeleteCheckInCommentRequestDto,
  },
});

export const StatusReactionsRpcController = reactionsRpcController({
  rpc: 'statuses',
  idKey: 'statusId',
  target: STATUS_REACTIONS,
  requests: {
    id: StatusIdRequest,
    comment: StatusCommentRequestDto,
    deleteComment: DeleteStatusCommentRequestDto,
  },
});
