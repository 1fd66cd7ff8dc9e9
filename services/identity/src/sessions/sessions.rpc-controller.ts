import { Controller } from '@nestjs/common';
import { SessionIdRequest, SessionTokenRequest } from '@dinebuds/api-dto';
import type { Caller } from '@dinebuds/contracts';
import { RequiredCaller, RpcBody } from '@dinebuds/service-client';
import { SessionsService } from './sessions.service.js';
import { JsonTextRpc, Rpc, type JsonRpcResult, type RpcResult } from '@dinebuds/service-kit';

@Controller('rpc')
export class SessionsRpcController {
  constructor(private readonly sessions: SessionsService) {}

  /**
   * Answers JSON `null` for no session: as text, since a returned null would be an empty body.
   * Returned, not written on the reply, so the answer takes the router's one path.
   */
  @JsonTextRpc('sessions.resolve')
  async resolve(@RpcBody(SessionTokenRequest) body: SessionTokenRequest): JsonRpcResult<'sessions.resolve'> {
    return JSON.stringify(await this.sessions.resolve(body.sessionToken));
  }

  @Rpc('sessions.list')
  list(@RequiredCaller() caller: Caller): RpcResult<'sessions.list'> {
    return this.sessions.list(caller);
  }

  @Rpc('sessions.revoke')
  revoke(
    @RpcBody(SessionIdRequest) body: SessionIdRequest,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'sessions.revoke'> {
    return this.sessions.revoke(caller, body.sessionId);
  }
}
