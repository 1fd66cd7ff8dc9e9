import { Controller } from '@nestjs/common';
import { MESSAGE_CONTEXT_AROUND, MessageContextRpcRequest } from '@dinebuds/api-dto';
import type { Caller } from '@dinebuds/contracts';
import { RequiredCaller, RpcBody } from '@dinebuds/service-client';
import { Rpc, type RpcResult } from '@dinebuds/service-kit';
import { AdminMessagesService } from './admin-messages.service.js';

/** Admins' reads of messaging (403 for anyone else). */
@Controller('rpc')
export class AdminMessagesRpcController {
  constructor(private readonly admin: AdminMessagesService) {}

  @Rpc('admin.messageContext')
  messageContext(
    @RpcBody(MessageContextRpcRequest) body: MessageContextRpcRequest,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'admin.messageContext'> {
    return this.admin.context(caller, body.messageId, body.around ?? MESSAGE_CONTEXT_AROUND.default);
  }
}
