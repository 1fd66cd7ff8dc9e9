import { Controller } from '@nestjs/common';
import { BlockDto, PagingQuery, pageOf } from '@dinebuds/api-dto';
import { LIMITS, type Caller } from '@dinebuds/contracts';
import { RequiredCaller, RpcBody } from '@dinebuds/service-client';
import { BlocksService } from './blocks.service.js';
import { Rpc, type RpcResult } from '@dinebuds/service-kit';

@Controller('rpc')
export class BlocksRpcController {
  constructor(private readonly blocks: BlocksService) {}

  @Rpc('blocks.block')
  block(@RpcBody(BlockDto) body: BlockDto, @RequiredCaller() caller: Caller): RpcResult<'blocks.block'> {
    return this.blocks.block(caller, body.blockedId);
  }

  @Rpc('blocks.unblock')
  unblock(@RpcBody(BlockDto) body: BlockDto, @RequiredCaller() caller: Caller): RpcResult<'blocks.unblock'> {
    return this.blocks.unblock(caller, body.blockedId);
  }

  /** The contract sends `{}`; limit/offset are accepted (default: the first 100). */
  @Rpc('blocks.list')
  list(@RpcBody(PagingQuery) body: PagingQuery, @RequiredCaller() caller: Caller): RpcResult<'blocks.list'> {
    return this.blocks.list(caller, pageOf(body, LIMITS.listPageMax));
  }
}
