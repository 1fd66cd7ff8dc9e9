import { Controller } from '@nestjs/common';
import {
  CheckInCommentRequestDto,
  CheckInIdRequest,
  DeleteCheckInCommentRequestDto,
  DeleteStatusCommentRequestDto,
  StatusCommentRequestDto,
  StatusIdRequest,
} from '@dinebuds/api-dto';
import type { Caller } from '@dinebuds/contracts';
import { RequiredCaller, RpcBody } from '@dinebuds/service-client';
import { Rpc, type RpcResult } from '@dinebuds/service-kit';
import { CHECK_IN_REACTIONS, STATUS_REACTIONS } from './reaction-targets.js';
import { ReactionsService } from './reactions.service.js';

/** Likes and comments on check-ins and statuses: every route for a signed-in caller. */
@Controller('rpc')
export class ReactionsRpcController {
  constructor(private readonly reactions: ReactionsService) {}

  @Rpc('checkIns.toggleLike')
  toggleCheckInLike(
    @RpcBody(CheckInIdRequest) body: CheckInIdRequest,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'checkIns.toggleLike'> {
    return this.reactions.toggleLike(caller, CHECK_IN_REACTIONS, body.checkInId);
  }

  @Rpc('checkIns.comments')
  checkInComments(
    @RpcBody(CheckInIdRequest) body: CheckInIdRequest,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'checkIns.comments'> {
    return this.reactions.comments(caller, CHECK_IN_REACTIONS, body.checkInId);
  }

  @Rpc('checkIns.comment')
  commentOnCheckIn(
    @RpcBody(CheckInCommentRequestDto) body: CheckInCommentRequestDto,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'checkIns.comment'> {
    return this.reactions.comment(caller, CHECK_IN_REACTIONS, body.checkInId, body.text);
  }

  @Rpc('checkIns.deleteComment')
  deleteCheckInComment(
    @RpcBody(DeleteCheckInCommentRequestDto) body: DeleteCheckInCommentRequestDto,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'checkIns.deleteComment'> {
    return this.reactions.deleteComment(caller, CHECK_IN_REACTIONS, body.checkInId, body.commentId);
  }

  @Rpc('statuses.toggleLike')
  toggleStatusLike(
    @RpcBody(StatusIdRequest) body: StatusIdRequest,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'statuses.toggleLike'> {
    return this.reactions.toggleLike(caller, STATUS_REACTIONS, body.statusId);
  }

  @Rpc('statuses.comments')
  statusComments(
    @RpcBody(StatusIdRequest) body: StatusIdRequest,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'statuses.comments'> {
    return this.reactions.comments(caller, STATUS_REACTIONS, body.statusId);
  }

  @Rpc('statuses.comment')
  commentOnStatus(
    @RpcBody(StatusCommentRequestDto) body: StatusCommentRequestDto,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'statuses.comment'> {
    return this.reactions.comment(caller, STATUS_REACTIONS, body.statusId, body.text);
  }

  @Rpc('statuses.deleteComment')
  deleteStatusComment(
    @RpcBody(DeleteStatusCommentRequestDto) body: DeleteStatusCommentRequestDto,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'statuses.deleteComment'> {
    return this.reactions.deleteComment(caller, STATUS_REACTIONS, body.statusId, body.commentId);
  }
}
