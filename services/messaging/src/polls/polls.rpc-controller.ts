import { Controller } from '@nestjs/common';
import { CreatePollDto, PollRequest, VotePollRpcRequest } from '@dinebuds/api-dto';
import type { Caller } from '@dinebuds/contracts';
import { RequiredCaller, RpcBody } from '@dinebuds/service-client';
import { Rpc, type RpcResult } from '@dinebuds/service-kit';
import { PollsService } from './polls.service.js';

/** "Let's eat" polls of the caller's conversations. */
@Controller('rpc')
export class PollsRpcController {
  constructor(private readonly polls: PollsService) {}

  @Rpc('polls.create')
  create(
    @RpcBody(CreatePollDto) body: CreatePollDto,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'polls.create'> {
    return this.polls.create(caller, body);
  }

  @Rpc('polls.get')
  get(@RpcBody(PollRequest) body: PollRequest, @RequiredCaller() caller: Caller): RpcResult<'polls.get'> {
    return this.polls.get(caller, body.pollId);
  }

  @Rpc('polls.vote')
  vote(
    @RpcBody(VotePollRpcRequest) body: VotePollRpcRequest,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'polls.vote'> {
    return this.polls.vote(caller, body.pollId, body.optionId);
  }
}
