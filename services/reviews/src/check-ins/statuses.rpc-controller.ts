import { Controller } from '@nestjs/common';
import { PostStatusBody } from '@dinebuds/api-dto';
import type { Caller } from '@dinebuds/contracts';
import { RequiredCaller, RpcBody } from '@dinebuds/service-client';
import { Rpc, type RpcResult } from '@dinebuds/service-kit';
import { StatusesService } from './statuses.service.js';

/** Statuses without a check-in: posted by a signed-in caller as themselves; read by followers. */
@Controller('rpc')
export class StatusesRpcController {
  constructor(private readonly statuses: StatusesService) {}

  @Rpc('statuses.post')
  post(
    @RpcBody(PostStatusBody) body: PostStatusBody,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'statuses.post'> {
    return this.statuses.post(caller, body.text);
  }

  @Rpc('statuses.buds')
  buds(@RequiredCaller() caller: Caller): RpcResult<'statuses.buds'> {
    return this.statuses.ofBuds(caller);
  }
}
