import { Controller } from '@nestjs/common';
import { CreateAppealRpcRequest, DecideAppealRpcRequest } from '@dinebuds/api-dto';
import type { Caller } from '@dinebuds/contracts';
import { RequiredCaller, RpcBody } from '@dinebuds/service-client';
import { Rpc, type RpcResult } from '@dinebuds/service-kit';
import { AppealsService } from './appeals.service.js';

/** Decisions about my content and my appeals; admins decide appeals. */
@Controller('rpc')
export class AppealsRpcController {
  constructor(private readonly appeals: AppealsService) {}

  @Rpc('appeals.decisions')
  decisions(@RequiredCaller() caller: Caller): RpcResult<'appeals.decisions'> {
    return this.appeals.decisions(caller);
  }

  @Rpc('appeals.create')
  create(
    @RpcBody(CreateAppealRpcRequest) body: CreateAppealRpcRequest,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'appeals.create'> {
    return this.appeals.create(caller, body.reportId, body.text);
  }

  @Rpc('appeals.decide')
  decide(
    @RpcBody(DecideAppealRpcRequest) body: DecideAppealRpcRequest,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'appeals.decide'> {
    return this.appeals.decide(caller, body.appealId, body.outcome, body.reason);
  }
}
