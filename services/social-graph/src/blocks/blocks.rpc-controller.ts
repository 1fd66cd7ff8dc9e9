import { Body, Controller } from '@nestjs/common';
import type { Caller } from '@dinebuds/contracts';
import { RequiredCaller } from '@dinebuds/service-client';
import { LIST_PAGE_MAX } from '../config.js';
import { asBody, asOptionalBody, readPage, requiredId } from '@dinebuds/service-client';
import { Rpc, type RpcResult } from '../common/rpc.js';
import { BlocksService } from './blocks.service.js';

@Controller('rpc')
export class BlocksRpcController {
  constructor(private readonly blocks: BlocksService) {}

  @Rpc('blocks.block')
  block(@Body() raw: unknown, @RequiredCaller() caller: Caller): RpcResult<'blocks.block'> {
    return this.blocks.block(caller, requiredId(asBody(raw), 'blockedId'));
  }

  @Rpc('blocks.unblock')
  unblock(@Body() raw: unknown, @RequiredCaller() caller: Caller): RpcResult<'blocks.unblock'> {
    return this.blocks.unblock(caller, requiredId(asBody(raw), 'blockedId'));
  }

  /** The contract sends `{}`; limit/offset are accepted (default: the first 100). */
  @Rpc('blocks.list')
  list(@Body() raw: unknown, @RequiredCaller() caller: Caller): RpcResult<'blocks.list'> {
    return this.blocks.list(caller, readPage(asOptionalBody(raw), LIST_PAGE_MAX, LIST_PAGE_MAX));
  }
}
