import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiCookieAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ConversationPreviewSchema,
  ConversationQuery,
  CountSchema,
  CreatePollDto,
  InboxQuery,
  MarkReadSchema,
  MessageResponseSchema,
  MessageSchema,
  PollSchema,
  ReportMessageDto,
  SendMessageDto,
  VotePollDto,
} from '@dinebuds/api-dto';
import type {
  ConversationPreviewDto,
  CountResponse,
  MarkReadResponse,
  MessageDto,
  MessageResponse,
  PollDto,
} from '@dinebuds/contracts';
import { RequireAuth, SignedInOrigin } from '../auth/auth.decorators.js';
import { ApiErrors } from '../common/api-errors.decorator.js';
import { PositiveIntPipe } from '../common/positive-int.pipe.js';
import { ServiceClients } from '../upstream/service-clients.js';
import { withServerOptionNames, withServerRestaurantName } from './restaurant-names.js';

/**
 * Messages, the inbox, unread counts, reports and "Let's eat" polls (docs/api-messaging.md),
 * forwarded to messaging, which decides who may do what: only the two participants read a
 * conversation (403), only the receiver reports a message, a block either way stops messages.
 */
@ApiTags('messages')
@ApiCookieAuth()
@Controller('messages')
@RequireAuth()
export class MessagesController {
  constructor(private readonly clients: ServiceClients) {}

  @Get('conversation/:userId/:otherUserId')
  @ApiOperation({
    summary: 'The conversation of two people, oldest first (the newest page unless beforeId is given)',
    description:
      'The signed-in user must be userId or otherUserId (403 otherwise); 404 when the other person is unknown.',
  })
  @ApiOkResponse({ type: [MessageSchema] })
  @ApiErrors(400, 401, 403, 404)
  conversation(
    @Param('userId', PositiveIntPipe) userId: number,
    @Param('otherUserId', PositiveIntPipe) otherUserId: number,
    @Query() query: ConversationQuery,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<MessageDto[]> {
    return this.clients
      .for('messaging')
      .call('messages.conversation', { userId, otherUserId, ...query }, origin);
  }

  @Post('send')
  @ApiOperation({
    summary: 'Send a message (text or restaurant_share)',
    description:
      "A retry with the same clientMessageId answers the message stored the first time (409 if that key went to someone else). 403 when either person blocked the other or the receiver's account is deactivated. A restaurant_share carries the restaurant's own name (404 'Restaurant not found' for an unknown restaurantId).",
  })
  @ApiCreatedResponse({ type: MessageSchema })
  @ApiErrors(400, 401, 403, 404, 409)
  async send(@Body() body: SendMessageDto, @SignedInOrigin() origin: SignedInOrigin): Promise<MessageDto> {
    const request = await withServerRestaurantName(this.clients, body, origin);
    return this.clients.for('messaging').call('messages.send', request, origin);
  }

  @Post('mark-read/:otherUserId')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mark every message the other person sent you read' })
  @ApiOkResponse({ type: MarkReadSchema })
  @ApiErrors(400, 401, 404)
  markRead(
    @Param('otherUserId', PositiveIntPipe) otherUserId: number,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<MarkReadResponse> {
    return this.clients.for('messaging').call('messages.markRead', { otherUserId }, origin);
  }

  @Post('report/:messageId')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Report a message you received (once; a second report changes nothing)',
    description: '403 for the sender of the message, 404 for anyone who is not its receiver or sender.',
  })
  @ApiOkResponse({ type: MessageResponseSchema })
  @ApiErrors(400, 401, 403, 404)
  report(
    @Param('messageId', PositiveIntPipe) messageId: number,
    @Body() body: ReportMessageDto,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<MessageResponse> {
    return this.clients.for('messaging').call('messages.report', { messageId, reason: body.reason }, origin);
  }

  @Get('unread-count')
  @ApiOperation({ summary: 'How many messages sent to you are unread' })
  @ApiOkResponse({ type: CountSchema })
  @ApiErrors(401)
  unreadCount(@SignedInOrigin() origin: SignedInOrigin): Promise<CountResponse> {
    return this.clients.for('messaging').call('messages.unreadCount', {}, origin);
  }

  @Get('conversations')
  @ApiOperation({
    summary: 'Your inbox: one row per person, newest conversation first',
    description:
      "A page of `limit` rows; the next page: `before` = the last row's lastMessageId (fewer rows than limit: the end).",
  })
  @ApiOkResponse({ type: [ConversationPreviewSchema] })
  @ApiErrors(400, 401)
  conversations(
    @Query() query: InboxQuery,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<ConversationPreviewDto[]> {
    return this.clients.for('messaging').call('conversations.list', query, origin);
  }

  @Post('polls')
  @ApiOperation({
    summary: 'Propose a "Let\'s eat" poll of 1 to 4 restaurants to the other person of a conversation',
    description:
      "Each option carries its restaurant's own name (404 'Restaurant not found' for an unknown restaurantId).",
  })
  @ApiCreatedResponse({ type: PollSchema })
  @ApiErrors(400, 401, 403, 404)
  async createPoll(@Body() body: CreatePollDto, @SignedInOrigin() origin: SignedInOrigin): Promise<PollDto> {
    const request = await withServerOptionNames(this.clients, body, origin);
    return this.clients.for('messaging').call('polls.create', request, origin);
  }

  @Get('polls/:pollId')
  @ApiOperation({ summary: 'A poll of one of your conversations (404 for anyone else)' })
  @ApiOkResponse({ type: PollSchema })
  @ApiErrors(400, 401, 404)
  poll(
    @Param('pollId', PositiveIntPipe) pollId: number,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<PollDto> {
    return this.clients.for('messaging').call('polls.get', { pollId }, origin);
  }

  @Post('polls/:pollId/vote')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Vote for one option of a poll you were invited to: it decides the poll and is announced in the thread',
  })
  @ApiOkResponse({ type: PollSchema })
  @ApiErrors(400, 401, 403, 404, 409)
  vote(
    @Param('pollId', PositiveIntPipe) pollId: number,
    @Body() body: VotePollDto,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<PollDto> {
    return this.clients.for('messaging').call('polls.vote', { pollId, optionId: body.optionId }, origin);
  }
}
