import { Body, Controller } from '@nestjs/common';
import type { Caller } from '@dinebuds/contracts';
import { RequiredCaller } from '@dinebuds/service-client';
import { LIST_PAGE_MAX } from '../config.js';
import { asBody, optionalBoolean, readPage, requiredId } from '@dinebuds/service-client';
import { Rpc, type RpcResult } from '../common/rpc.js';
import { FollowRequestsService } from './follow-requests.service.js';

@Controller('rpc')
export class RequestsRpcController {
  constructor(private readonly requests: FollowRequestsService) {}

  /** The contract sends only userId; limit/offset are accepted (default: the first 100). */
  @Rpc('requests.list')
  list(@Body() raw: unknown, @RequiredCaller() caller: Caller): RpcResult<'requests.list'> {
    const body = asBody(raw);
    return this.requests.list(
      caller,
      requiredId(body, 'userId'),
      readPage(body, LIST_PAGE_MAX, LIST_PAGE_MAX),
    );
  }

  @Rpc('requests.accept')
  accept(@Body() raw: unknown, @RequiredCaller() caller: Caller): RpcResult<'requests.accept'> {
    const body = asBody(raw);
    return this.requests.accept(
      caller,
      requiredId(body, 'userId'),
      requiredId(body, 'requesterId'),
      optionalBoolean(body, 'followBack') ?? false,
    );
  }

  @Rpc('requests.reject')
  reject(@Body() raw: unknown, @RequiredCaller() caller: Caller): RpcResult<'requests.reject'> {
    const body = asBody(raw);
    return this.requests.reject(caller, requiredId(body, 'userId'), requiredId(body, 'requesterId'));
  }
}
