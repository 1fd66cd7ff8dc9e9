import { Controller } from '@nestjs/common';
import { ActivityQuery } from '@dinebuds/api-dto';
import type { Caller } from '@dinebuds/contracts';
import { OptionalCaller, RpcBody } from '@dinebuds/service-client';
import { ActivityService } from './activity.service.js';
import { Rpc, type RpcResult } from '@dinebuds/service-kit';

@Controller('rpc')
export class ActivityRpcController {
  constructor(private readonly activity: ActivityService) {}

  @Rpc('activity.ofUser')
  ofUser(
    @RpcBody(ActivityQuery) body: ActivityQuery,
    @OptionalCaller() viewer: Caller | null,
  ): RpcResult<'activity.ofUser'> {
    return this.activity.ofUser(viewer, body.userId, body);
  }
}
