import { Controller } from '@nestjs/common';
import { MuteDto, PagingQuery, pageOf } from '@dinebuds/api-dto';
import { LIMITS, type Caller } from '@dinebuds/contracts';
import { RequiredCaller, RpcBody } from '@dinebuds/service-client';
import { Rpc, type RpcResult } from '@dinebuds/service-kit';
import { MutesService } from './mutes.service.js';

@Controller('rpc')
export class MutesRpcController {
  constructor(private readonly mutes: MutesService) {}

  @Rpc('mutes.mute')
  mute(@RpcBody(MuteDto) body: MuteDto, @RequiredCaller() caller: Caller): RpcResult<'mutes.mute'> {
    return this.mutes.mute(caller, body.mutedId);
  }

  @Rpc('mutes.unmute')
  unmute(@RpcBody(MuteDto) body: MuteDto, @RequiredCaller() caller: Caller): RpcResult<'mutes.unmute'> {
    return this.mutes.unmute(caller, body.mutedId);
  }

  @Rpc('mutes.status')
  status(@RpcBody(MuteDto) body: MuteDto, @RequiredCaller() caller: Caller): RpcResult<'mutes.status'> {
    return this.mutes.status(caller, body.mutedId);
  }

  /** The contract sends `{}`; limit/offset are accepted (default: the first 100). */
  @Rpc('mutes.list')
  list(@RpcBody(PagingQuery) body: PagingQuery, @RequiredCaller() caller: Caller): RpcResult<'mutes.list'> {
    return this.mutes.list(caller, pageOf(body, LIMITS.listPageMax));
  }
}
