import { Body, Controller } from '@nestjs/common';
import type { Caller } from '@dinebuds/contracts';
import { RequiredCaller } from '@dinebuds/service-client';
import { RECOMMENDATIONS_DEFAULT, RECOMMENDATIONS_MAX } from '../config.js';
import { asOptionalBody, readLimit } from '@dinebuds/service-client';
import { Rpc, type RpcResult } from '../common/rpc.js';
import { RecommendationsService } from './recommendations.service.js';

@Controller('rpc')
export class RecommendationsRpcController {
  constructor(private readonly recommendations: RecommendationsService) {}

  @Rpc('recommendations.list')
  list(@Body() raw: unknown, @RequiredCaller() caller: Caller): RpcResult<'recommendations.list'> {
    return this.recommendations.list(
      caller,
      readLimit(asOptionalBody(raw), RECOMMENDATIONS_DEFAULT, RECOMMENDATIONS_MAX),
    );
  }
}
