import { Controller } from '@nestjs/common';
import type { Caller } from '@dinebuds/contracts';
import { RequiredCaller } from '@dinebuds/service-client';
import { Rpc, type RpcResult } from '@dinebuds/service-kit';
import { MessagingExportService } from './messaging-export.service.js';

@Controller('rpc')
export class MessagingExportRpcController {
  constructor(private readonly exports: MessagingExportService) {}

  @Rpc('messages.export')
  export(@RequiredCaller() caller: Caller): RpcResult<'messages.export'> {
    return this.exports.export(caller);
  }
}
