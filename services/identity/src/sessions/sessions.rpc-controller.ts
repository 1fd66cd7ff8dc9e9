import { Controller, Res } from '@nestjs/common';
import { SessionIdRequest, SessionTokenRequest } from '@dinebuds/api-dto';
import type { Caller } from '@dinebuds/contracts';
import { RequiredCaller, RpcBody } from '@dinebuds/service-client';
import type { FastifyReply } from 'fastify';
import { SessionsService } from './sessions.service.js';
import { Rpc, type RpcResult } from '@dinebuds/service-kit';

@Controller('rpc')
export class SessionsRpcController {
  constructor(private readonly sessions: SessionsService) {}

  /** Answers JSON `null` for no session (Nest would send an empty body for a returned null). */
  @Rpc('sessions.resolve')
  async resolve(
    @RpcBody(SessionTokenRequest) body: SessionTokenRequest,
    @Res() res: FastifyReply,
  ): Promise<void> {
    const session = await this.sessions.resolve(body.sessionToken);
    res.code(200).type('application/json').send(JSON.stringify(session));
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
