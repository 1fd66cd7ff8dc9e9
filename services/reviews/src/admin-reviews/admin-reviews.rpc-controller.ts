import { Controller } from '@nestjs/common';
import { AdminReviewListQuery } from '@dinebuds/api-dto';
import type { Caller } from '@dinebuds/contracts';
import { RequiredCaller, RpcBody } from '@dinebuds/service-client';
import { Rpc, type RpcResult } from '@dinebuds/service-kit';
import { AdminReviewsService } from './admin-reviews.service.js';

@Controller('rpc')
export class AdminReviewsRpcController {
  constructor(private readonly adminReviews: AdminReviewsService) {}

  @Rpc('reviews.adminList')
  list(
    @RpcBody(AdminReviewListQuery) body: AdminReviewListQuery,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'reviews.adminList'> {
    return this.adminReviews.list(caller, body);
  }
}
