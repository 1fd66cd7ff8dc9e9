import { Controller } from '@nestjs/common';
import type { Caller } from '@dinebuds/contracts';
import { RequiredCaller } from '@dinebuds/service-client';
import { Rpc, type RpcResult } from '@dinebuds/service-kit';
import { SocialExportService } from './social-export.service.js';

@Controller('rpc')
export class SocialExportRpcController {
  constructor(private readonly exports: SocialExportService) {}

  @Rpc('follows.export')
  export(@RequiredCaller() caller: Caller): RpcResult<'follows.export'> {
    return this.exports.export(caller);
  }
}
