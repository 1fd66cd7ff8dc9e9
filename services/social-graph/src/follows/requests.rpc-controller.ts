import { Controller } from '@nestjs/common';
import {
  AcceptRequestRequest,
  FollowRequestListRequest,
  RequesterPairRequest,
  pageOf,
} from '@dinebuds/api-dto';
import { LIMITS, type Caller } from '@dinebuds/contracts';
import { RequiredCaller, RpcBody } from '@dinebuds/service-client';
import { FollowRequestsService } from './follow-requests.service.js';
import { Rpc, type RpcResult } from '@dinebuds/service-kit';

@Controller('rpc')
export class RequestsRpcController {
  constructor(private readonly requests: FollowRequestsService) {}

  /** The contract sends only userId; limit/offset are accepted (default: the first 100). */
  @Rpc('requests.list')
  list(
    @RpcBody(FollowRequestListRequest) body: FollowRequestListRequest,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'requests.list'> {
    return this.requests.list(caller, body.userId, pageOf(body, LIMITS.listPageMax));
  }

  @Rpc('requests.accept')
  accept(
    @RpcBody(AcceptRequestRequest) body: AcceptRequestRequest,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'requests.accept'> {
    return this.requests.accept(caller, body.userId, body.requesterId, body.followBack ?? false);
  }

  @Rpc('requests.reject')
  reject(
    @RpcBody(RequesterPairRequest) body: RequesterPairRequest,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'requests.reject'> {
    return this.requests.reject(caller, body.userId, body.requesterId);
  }
}
