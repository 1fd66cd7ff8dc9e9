import { Controller } from '@nestjs/common';
import { FeedbackListQuery, ResolveFeedbackRpcRequest, SubmitFeedbackDto } from '@dinebuds/api-dto';
import type { Caller } from '@dinebuds/contracts';
import { RequiredCaller, RpcBody } from '@dinebuds/service-client';
import { Rpc, type RpcResult } from '@dinebuds/service-kit';
import { FeedbackService } from './feedback.service.js';

/** Feedback: sent by any signed-in person, listed and resolved by admins. */
@Controller('rpc')
export class FeedbackRpcController {
  constructor(private readonly feedback: FeedbackService) {}

  @Rpc('feedback.submit')
  submit(
    @RpcBody(SubmitFeedbackDto) body: SubmitFeedbackDto,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'feedback.submit'> {
    return this.feedback.submit(caller, body);
  }

  @Rpc('feedback.list')
  list(
    @RpcBody(FeedbackListQuery) body: FeedbackListQuery,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'feedback.list'> {
    return this.feedback.list(caller, body);
  }

  @Rpc('feedback.resolve')
  resolve(
    @RpcBody(ResolveFeedbackRpcRequest) body: ResolveFeedbackRpcRequest,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'feedback.resolve'> {
    return this.feedback.resolve(caller, body.feedbackId, body.reason);
  }
}
