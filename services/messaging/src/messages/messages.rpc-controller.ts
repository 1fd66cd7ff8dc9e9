import { Controller } from '@nestjs/common';
import {
  ConversationRpcRequest,
  MarkReadRequest,
  MessagesSinceRequest,
  InboxQuery,
  ReportMessageRpcRequest,
  SendMessageDto,
  pageOf,
} from '@dinebuds/api-dto';
import type { Caller } from '@dinebuds/contracts';
import { RequiredCaller, RpcBody } from '@dinebuds/service-client';
import { Rpc, type RpcResult } from '@dinebuds/service-kit';
import { MessagesService } from './messages.service.js';

/** Messages, conversations and unread counts: always the caller's own (RequiredCaller). */
@Controller('rpc')
export class MessagesRpcController {
  constructor(private readonly messages: MessagesService) {}

  @Rpc('messages.conversation')
  conversation(
    @RpcBody(ConversationRpcRequest) body: ConversationRpcRequest,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'messages.conversation'> {
    return this.messages.conversation(caller, body);
  }

  @Rpc('messages.send')
  send(
    @RpcBody(SendMessageDto) body: SendMessageDto,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'messages.send'> {
    return this.messages.send(caller, body);
  }

  @Rpc('messages.markRead')
  markRead(
    @RpcBody(MarkReadRequest) body: MarkReadRequest,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'messages.markRead'> {
    return this.messages.markRead(caller, body.otherUserId);
  }

  @Rpc('messages.report')
  report(
    @RpcBody(ReportMessageRpcRequest) body: ReportMessageRpcRequest,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'messages.report'> {
    return this.messages.report(caller, body.messageId, body.reason);
  }

  @Rpc('messages.unreadCount')
  unreadCount(@RequiredCaller() caller: Caller): RpcResult<'messages.unreadCount'> {
    return this.messages.unreadCount(caller);
  }

  @Rpc('messages.since')
  since(
    @RpcBody(MessagesSinceRequest) body: MessagesSinceRequest,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'messages.since'> {
    return this.messages.since(caller, body);
  }

  @Rpc('conversations.list')
  inbox(
    @RpcBody(InboxQuery) body: InboxQuery,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'conversations.list'> {
    return this.messages.inbox(caller, { ...pageOf(body), before: body.before ?? null });
  }
}
