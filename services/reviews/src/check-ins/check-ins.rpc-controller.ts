import { Controller } from '@nestjs/common';
import { CheckInBody } from '@dinebuds/api-dto';
import type { Caller } from '@dinebuds/contracts';
import { RequiredCaller, RpcBody } from '@dinebuds/service-client';
import { Rpc, type RpcResult } from '@dinebuds/service-kit';
import { CheckInsService } from './check-ins.service.js';

/**
 * Your own check-ins: every route for a signed-in caller, who acts only on their own (likes and
 * comments: reactions.rpc-controller.ts).
 */
@Controller('rpc')
export class CheckInsRpcController {
  constructor(private readonly checkIns: CheckInsService) {}

  @Rpc('checkIns.checkIn')
  checkIn(
    @RpcBody(CheckInBody) body: CheckInBody,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'checkIns.checkIn'> {
    return this.checkIns.checkIn(caller, body);
  }

  @Rpc('checkIns.checkOut')
  checkOut(@RequiredCaller() caller: Caller): RpcResult<'checkIns.checkOut'> {
    return this.checkIns.checkOut(caller);
  }

  @Rpc('checkIns.unreviewed')
  unreviewed(@RequiredCaller() caller: Caller): RpcResult<'checkIns.unreviewed'> {
    return this.checkIns.unreviewed(caller);
  }

  @Rpc('checkIns.current')
  current(@RequiredCaller() caller: Caller): RpcResult<'checkIns.current'> {
    return this.checkIns.current(caller);
  }
}
