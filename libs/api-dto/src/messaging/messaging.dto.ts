import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsDefined,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateBy,
  ValidateNested,
} from 'class-validator';
import {
  LIMITS,
  MESSAGING_MESSAGES as M,
  SENDABLE_MESSAGE_TYPES,
  type ConversationRequest,
  type CreatePollRequest,
  type MessagingRpc,
  type PollOptionInput,
  type ReportMessageRequest,
  type SendMessageRequest,
  type VotePollRequest,
} from '@dinebuds/contracts';
import { PagingQuery } from '../common/paging.dto.js';
import { MAX_INT, toCappedInt, toInt, trim } from '../validation/transforms.js';
import { IsNotBlank, IsOptionalNotNull, PositiveId } from '../validation/validators.js';

type RpcRequest<P extends keyof MessagingRpc> = MessagingRpc[P]['request'];

const CONVERSATION_LIMIT = `limit must be an integer between 1 and ${LIMITS.conversationPageMax}`;
const BEFORE_ID = 'beforeId must be a positive integer';

/**
 * Text free of control characters (terminal escapes, NUL, ...); `lines` lets a message or a
 * reason keep its line breaks and tabs (a multi-line input sends \n, some clients \r\n).
 */
function NoControlCharacters(message: string, { lines }: { lines: boolean }): PropertyDecorator {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  const pattern = lines ? /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/ : /[\u0000-\u001f\u007f]/;
  return ValidateBy(
    {
      name: 'noControlCharacters',
      validator: { validate: (value: unknown) => typeof value !== 'string' || !pattern.test(value) },
    },
    { message },
  );
}

function decorate(target: object, property: string | symbol, decorators: PropertyDecorator[]): void {
  for (const d of decorators) d(target, property);
}

/** A restaurant's name: trimmed, not blank, at most LIMITS.restaurantNameMax characters. */
function RestaurantName({ optional }: { optional: boolean }): PropertyDecorator {
  return (target, property) =>
    decorate(target, property, [
      ...(optional ? [IsOptionalNotNull()] : [IsDefined({ message: M.restaurantNameRequired })]),
      IsString({ message: M.restaurantNameRequired }),
      Transform(trim),
      IsNotBlank({ message: M.restaurantNameRequired }),
      MaxLength(LIMITS.restaurantNameMax, { message: M.restaurantNameTooLong }),
      NoControlCharacters(M.restaurantNameControlCharacters, { lines: false }),
    ]);
}

/**
 * POST /api/messages/send, and messaging's `messages.send`. The shape is checked here; which
 * fields go with which type (a share's restaurant, a text's content) is the service's
 * `planMessage`, so both sides answer the same sentence.
 */
export class SendMessageDto implements SendMessageRequest {
  @ApiProperty({ example: 42, minimum: 1, description: 'The person the message is for' })
  @PositiveId()
  receiverId: number;

  @ApiPropertyOptional({
    example: 'Dinner on Friday?',
    minLength: LIMITS.messageMin,
    maxLength: LIMITS.messageMax,
    description:
      'Trimmed. Required (not blank) for text; for restaurant_share it may be left out, the message then reads "Let\'s go to {restaurantName} soon!"',
  })
  @ValidateIf((o: SendMessageDto) => o.messageType !== 'restaurant_share' || o.content !== undefined)
  @IsDefined({ message: M.messageEmpty })
  @IsString({ message: M.messageEmpty })
  @Transform(trim)
  @MaxLength(LIMITS.messageMax, { message: M.messageTooLong })
  @NoControlCharacters(M.messageControlCharacters, { lines: true })
  content?: string;

  @ApiPropertyOptional({ enum: SENDABLE_MESSAGE_TYPES, default: 'text', maxLength: LIMITS.messageTypeMax })
  @IsOptionalNotNull()
  @IsString({ message: M.messageTypeUnknown })
  @MaxLength(LIMITS.messageTypeMax, { message: M.messageTypeTooLong })
  @IsIn(SENDABLE_MESSAGE_TYPES, { message: M.messageTypeUnknown })
  messageType?: string;

  @ApiPropertyOptional({
    example: 181,
    minimum: 1,
    description: 'restaurant_share only: the shared restaurant',
  })
  @IsOptionalNotNull()
  @PositiveId()
  restaurantId?: number;

  @ApiPropertyOptional({
    example: 'Sushi Nakazawa',
    maxLength: LIMITS.restaurantNameMax,
    description:
      "restaurant_share only: optional, replaced by the restaurant's own name (the server's, never the client's)",
  })
  @RestaurantName({ optional: true })
  restaurantName?: string;

  @ApiPropertyOptional({
    example: '3f0c2a4e-9b1d-4c55-8c1e-2d6f0a7b9e10',
    maxLength: 64,
    description: 'Idempotency key: a retry with the same key answers the first message and stores nothing',
  })
  @IsOptionalNotNull()
  @IsString({ message: M.clientMessageId })
  @Matches(/^[A-Za-z0-9_-]{1,64}$/, { message: M.clientMessageId })
  clientMessageId?: string;
}

/** POST /api/messages/report/{messageId}: the reason, not blank. */
export class ReportMessageDto implements ReportMessageRequest {
  @ApiProperty({ example: 'Spam', maxLength: LIMITS.reportReasonMax })
  @IsDefined({ message: M.reasonRequired })
  @IsString({ message: M.reasonRequired })
  @Transform(trim)
  @IsNotBlank({ message: M.reasonRequired })
  @MaxLength(LIMITS.reportReasonMax, { message: M.reasonTooLong })
  @NoControlCharacters(M.reasonControlCharacters, { lines: true })
  reason: string;
}

/** messaging's `messages.report`: the route's message id and the body. */
export class ReportMessageRpcRequest extends ReportMessageDto implements RpcRequest<'messages.report'> {
  @PositiveId({ fromText: true }) messageId: number;
}

/** GET /api/messages/conversation/{userId}/{otherUserId}: the page asked for. */
export class ConversationQuery {
  @ApiPropertyOptional({
    minimum: 1,
    maximum: LIMITS.conversationPageMax,
    default: LIMITS.conversationPageDefault,
    description: 'How many of the newest messages (a larger limit is cut to the maximum)',
  })
  @IsOptional()
  @Transform(toCappedInt(LIMITS.conversationPageMax))
  @IsInt({ message: CONVERSATION_LIMIT })
  @Min(1, { message: CONVERSATION_LIMIT })
  limit?: number;

  @ApiPropertyOptional({
    minimum: 1,
    description: 'Older page: only messages with a smaller id (the first id of the previous page)',
  })
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: BEFORE_ID })
  @Min(1, { message: BEFORE_ID })
  @Max(MAX_INT, { message: BEFORE_ID })
  beforeId?: number;
}

const BEFORE_MESSAGE = 'before must be a positive integer';

/**
 * GET /api/messages/conversations: a page of the inbox. `before` (the last row's lastMessageId)
 * reads the page after it, whatever moved to the top meanwhile; `offset` still works.
 */
export class InboxQuery extends PagingQuery implements RpcRequest<'conversations.list'> {
  @ApiPropertyOptional({
    minimum: 1,
    description: "Next page: conversations older than this one (the previous page's last lastMessageId)",
  })
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: BEFORE_MESSAGE })
  @Min(1, { message: BEFORE_MESSAGE })
  @Max(MAX_INT, { message: BEFORE_MESSAGE })
  before?: number;
}

/** messaging's `messages.conversation`. */
export class ConversationRpcRequest extends ConversationQuery implements ConversationRequest {
  @PositiveId({ fromText: true }) userId: number;
  @PositiveId({ fromText: true }) otherUserId: number;
}

/** messaging's `messages.markRead`. */
export class MarkReadRequest implements RpcRequest<'messages.markRead'> {
  @PositiveId({ fromText: true }) otherUserId: number;
}

/** One restaurant a "Let's eat" poll proposes. */
export class PollOptionInputDto implements PollOptionInput {
  @ApiProperty({ example: 181, minimum: 1 })
  @PositiveId()
  restaurantId: number;

  @ApiProperty({
    example: 'Sushi Nakazawa',
    maxLength: LIMITS.restaurantNameMax,
    description: "Replaced by the restaurant's own name (the server's, never the client's)",
  })
  @RestaurantName({ optional: false })
  restaurantName: string;
}

/** POST /api/messages/polls, and messaging's `polls.create`. */
export class CreatePollDto implements CreatePollRequest {
  @ApiProperty({ example: 42, minimum: 1, description: 'The other person of the conversation, who votes' })
  @PositiveId()
  receiverId: number;

  @ApiProperty({ type: [PollOptionInputDto], minItems: 1, maxItems: LIMITS.pollOptionsMax })
  @IsDefined({ message: M.pollOptionsCount })
  @IsArray({ message: M.pollOptionsCount })
  @ArrayMinSize(1, { message: M.pollOptionsCount })
  @ArrayMaxSize(LIMITS.pollOptionsMax, { message: M.pollOptionsCount })
  @IsObject({ each: true, message: M.pollOptionShape })
  @ValidateNested({ each: true })
  @Type(() => PollOptionInputDto)
  options: PollOptionInputDto[];
}

/** POST /api/messages/polls/{pollId}/vote. */
export class VotePollDto implements VotePollRequest {
  @ApiProperty({ example: 3, minimum: 1, description: 'The id of one of the poll options' })
  @PositiveId()
  optionId: number;
}

/** messaging's `polls.vote`. */
export class VotePollRpcRequest extends VotePollDto implements RpcRequest<'polls.vote'> {
  @PositiveId({ fromText: true }) pollId: number;
}

/** messaging's `polls.get`. */
export class PollRequest implements RpcRequest<'polls.get'> {
  @PositiveId({ fromText: true }) pollId: number;
}

/** messaging's `messages.since`: a stream's catch-up after its Last-Event-ID (both parts optional). */
export class MessagesSinceRequest implements RpcRequest<'messages.since'> {
  @IsOptional()
  @IsInt({ message: 'afterId must be a non-negative integer' })
  @Min(0, { message: 'afterId must be a non-negative integer' })
  @Max(MAX_INT, { message: 'afterId must be a non-negative integer' })
  afterId?: number;

  @IsOptional()
  @IsInt({ message: 'afterReceiptId must be a non-negative integer' })
  @Min(0, { message: 'afterReceiptId must be a non-negative integer' })
  @Max(MAX_INT, { message: 'afterReceiptId must be a non-negative integer' })
  afterReceiptId?: number;

  @IsOptional()
  @Transform(toCappedInt(LIMITS.streamCatchUpMax))
  @IsInt({ message: `limit must be an integer between 1 and ${LIMITS.streamCatchUpMax}` })
  @Min(1, { message: `limit must be an integer between 1 and ${LIMITS.streamCatchUpMax}` })
  limit?: number;
}

/** How many messages before and after a message an admin's View Conversation shows (default, max). */
export const MESSAGE_CONTEXT_AROUND = { default: 5, max: 20 } as const;
const AROUND = `around must be an integer between 1 and ${MESSAGE_CONTEXT_AROUND.max}`;

/** messaging's `admin.messageContext` (admins): the message and how many on each side of it. */
export class MessageContextRpcRequest implements RpcRequest<'admin.messageContext'> {
  @PositiveId({ fromText: true }) messageId: number;

  @IsOptional()
  @Transform(toCappedInt(MESSAGE_CONTEXT_AROUND.max))
  @IsInt({ message: AROUND })
  @Min(1, { message: AROUND })
  around?: number;
}
