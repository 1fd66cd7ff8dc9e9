import { Controller } from '@nestjs/common';
import { RecommendationsQuery } from '@dinebuds/api-dto';
import { LIMITS, type Caller } from '@dinebuds/contracts';
import { RequiredCaller, RpcBody } from '@dinebuds/service-client';
import { RecommendationsService } from './recommendations.service.js';
import { Rpc, type RpcResult } from '@dinebuds/service-kit';

@Controller('rpc')
export class RecommendationsRpcController {
  constructor(private readonly recommendations: RecommendationsService) {}

  /** The limit arrives capped at LIMITS.recommendationsMax by the request class. */
  @Rpc('recommendations.list')
  list(
    @RpcBody(RecommendationsQuery) body: RecommendationsQuery,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'recommendations.list'> {
    return this.recommendations.list(caller, body.limit ?? LIMITS.recommendationsDefault);
  }
}
