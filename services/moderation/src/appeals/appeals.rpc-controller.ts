import { Controller } from '@nestjs/common';
import {
  AppealListQuery,
  CreateActionAppealRpcRequest,
  CreateAppealRpcRequest,
  DecideAppealRpcRequest,
} from '@dinebuds/api-dto';
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

  @Rpc('appeals.createForAction')
  createForAction(
    @RpcBody(CreateActionAppealRpcRequest) body: CreateActionAppealRpcRequest,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'appeals.createForAction'> {
    return this.appeals.createForAction(caller, body.auditEntryId, body.text);
  }

  @Rpc('appeals.list')
  list(
    @RpcBody(AppealListQuery) body: AppealListQuery,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'appeals.list'> {
    return this.appeals.list(caller, body.status);
  }

  @Rpc('appeals.decide')
  decide(
    @RpcBody(DecideAppealRpcRequest) body: DecideAppealRpcRequest,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'appeals.decide'> {
    return this.appeals.decide(caller, body.appealId, body.outcome, body.reason);
  }
}
