import { ApiProperty } from '@nestjs/swagger';
import {
  LIMITS,
  MESSAGE_TYPES,
  type ConversationPreviewDto,
  type MarkReadResponse,
  type MessageContextDto,
  type MessageDto,
  type MessageSenderDto,
  type MessageType,
  type PollDto,
  type PollOptionDto,
  type PollStatus,
} from '@dinebuds/contracts';

/** OpenAPI schema of MessageSenderDto. */
export class MessageSenderSchema implements MessageSenderDto {
  @ApiProperty({ example: 7 }) id: number;
  @ApiProperty({ example: 'alice' }) username: string;
  @ApiProperty({ example: 'Alice Liddell' }) name: string;
  @ApiProperty({ type: String, nullable: true, example: '/api/users/7/profile-picture?v=3' })
  profilePicture: string | null;
}

/** OpenAPI schema of MessageDto: one message of a conversation. */
export class MessageSchema implements MessageDto {
  @ApiProperty({ example: 120 }) id: number;
  @ApiProperty({ example: 7 }) senderId: number;
  @ApiProperty({ example: 42 }) receiverId: number;
  @ApiProperty({ example: 'Dinner on Friday?', minLength: LIMITS.messageMin, maxLength: LIMITS.messageMax })
  content: string;
  @ApiProperty({
    enum: MESSAGE_TYPES,
    description: 'poll and poll_result are written by the server for polls',
  })
  messageType: MessageType;
  @ApiProperty({ description: 'Whether the receiver has read it' }) read: boolean;
  @ApiProperty({ description: 'Whether the receiver reported it (always false to the sender)' })
  reported: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'The report reason (to the receiver only)' })
  reportReason: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'restaurant_share and poll_result: the restaurant',
  })
  restaurantId: number | null;
  @ApiProperty({ type: String, nullable: true }) restaurantName: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'poll and poll_result: the poll' })
  pollId: number | null;
  @ApiProperty({ type: MessageSenderSchema }) sender: MessageSenderSchema;
}

export class MarkReadSchema implements MarkReadResponse {
  @ApiProperty({ example: 3, description: 'Messages this call marked read (0 when none were unread)' })
  count: number;
}

/** OpenAPI schema of ConversationPreviewDto: one row of the inbox. */
export class ConversationPreviewSchema implements ConversationPreviewDto {
  @ApiProperty({ example: 42, description: 'The other person' }) userId: number;
  @ApiProperty({ example: 'bob' }) username: string;
  @ApiProperty({ example: 'Bob Smith' }) name: string;
  @ApiProperty({ type: String, nullable: true }) profilePicture: string | null;
  @ApiProperty({ example: "Let's go to Sushi Nakazawa soon!" }) lastMessage: string;
  @ApiProperty({ example: 120 }) lastMessageId: number;
  @ApiProperty({ enum: MESSAGE_TYPES }) lastMessageType: MessageType;
  @ApiProperty({ example: 7 }) lastMessageSenderId: number;
  @ApiProperty({ format: 'date-time' }) lastMessageTime: string;
  @ApiProperty({ example: 2, description: "The other person's messages I have not read" })
  unreadCount: number;
  @ApiProperty({ description: 'unreadCount > 0' }) unread: boolean;
  @ApiProperty({ description: "The other person's account is deactivated: they cannot be messaged now" })
  deactivated: boolean;
}

export class PollOptionSchema implements PollOptionDto {
  @ApiProperty({ example: 3 }) id: number;
  @ApiProperty({ example: 181 }) restaurantId: number;
  @ApiProperty({ example: 'Sushi Nakazawa' }) restaurantName: string;
}

/** OpenAPI schema of PollDto: a "Let's eat" poll. */
export class PollSchema implements PollDto {
  @ApiProperty({ example: 5 }) id: number;
  @ApiProperty({ example: 7 }) proposerId: number;
  @ApiProperty({ example: 42, description: 'The invited person, whose vote decides' }) receiverId: number;
  @ApiProperty({ enum: ['open', 'decided'] }) status: PollStatus;
  @ApiProperty({ type: [PollOptionSchema] }) options: PollOptionSchema[];
  @ApiProperty({ type: Number, nullable: true }) chosenOptionId: number | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) decidedAt: string | null;
}

/** OpenAPI schema of MessageContextDto: the messages around one message (admins' View Conversation). */
export class MessageContextSchema implements MessageContextDto {
  @ApiProperty({ example: 120, description: 'The message the context is around' }) messageId: number;
  @ApiProperty({ example: 7 }) senderId: number;
  @ApiProperty({ example: 42 }) receiverId: number;
  @ApiProperty({ type: [MessageSchema], description: 'Oldest first, the message itself among them' })
  messages: MessageSchema[];
}
