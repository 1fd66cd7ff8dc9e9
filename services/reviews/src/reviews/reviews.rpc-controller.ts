import { Controller } from '@nestjs/common';
import {
  CreateReviewDto,
  DeleteReviewRpcRequest,
  ReviewsByUserQuery,
  UpdateReviewRequestDto,
} from '@dinebuds/api-dto';
import type { Caller } from '@dinebuds/contracts';
import { OptionalCaller, RequiredCaller, RpcBody } from '@dinebuds/service-client';
import { ReviewsService } from './reviews.service.js';
import { Rpc, type RpcResult } from '@dinebuds/service-kit';

@Controller('rpc')
export class ReviewsRpcController {
  constructor(private readonly reviews: ReviewsService) {}

  @Rpc('reviews.byUser')
  byUser(
    @RpcBody(ReviewsByUserQuery) body: ReviewsByUserQuery,
    @OptionalCaller() viewer: Caller | null,
  ): RpcResult<'reviews.byUser'> {
    return this.reviews.byUser(viewer, body.userId, body);
  }

  @Rpc('reviews.create')
  create(
    @RpcBody(CreateReviewDto) body: CreateReviewDto,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'reviews.create'> {
    return this.reviews.create(caller, body);
  }

  @Rpc('reviews.update')
  update(
    @RpcBody(UpdateReviewRequestDto) body: UpdateReviewRequestDto,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'reviews.update'> {
    return this.reviews.update(caller, body);
  }

  @Rpc('reviews.delete')
  delete(
    @RpcBody(DeleteReviewRpcRequest) body: DeleteReviewRpcRequest,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'reviews.delete'> {
    return this.reviews.delete(caller, body);
  }
}
