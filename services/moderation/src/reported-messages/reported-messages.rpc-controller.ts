import { Controller } from '@nestjs/common';
import { DismissReportedMessageRpcRequest, PagingQuery } from '@dinebuds/api-dto';
import type { Caller } from '@dinebuds/contracts';
import { RequiredCaller, RpcBody } from '@dinebuds/service-client';
import { Rpc, type RpcResult } from '@dinebuds/service-kit';
import { ReportedMessagesService } from './reported-messages.service.js';

/** The reported-message queue (admins). */
@Controller('rpc')
export class ReportedMessagesRpcController {
  constructor(private readonly reported: ReportedMessagesService) {}

  @Rpc('reportedMessages.list')
  list(
    @RpcBody(PagingQuery) body: PagingQuery,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'reportedMessages.list'> {
    return this.reported.list(caller, body);
  }

  @Rpc('reportedMessages.dismiss')
  dismiss(
    @RpcBody(DismissReportedMessageRpcRequest) body: DismissReportedMessageRpcRequest,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'reportedMessages.dismiss'> {
    return this.reported.dismiss(caller, body.messageId, body.reason);
  }
}
