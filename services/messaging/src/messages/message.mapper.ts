import type { MessageDto, MessageType } from '@dinebuds/contracts';

/** A message row joined with its sender's projection (MessagesRepository's reads). */
export interface MessageRow {
  id: number;
  senderId: number;
  receiverId: number;
  content: string;
  messageType: string;
  restaurantId: number | null;
  restaurantName: string | null;
  pollId: number | null;
  read: boolean;
  reported: boolean;
  reportReason: string | null;
  createdAt: Date;
  senderUsername: string | null;
  senderName: string | null;
  senderPicture: string | null;
}

/** The message as `viewerId` sees it: whether (and why) it was reported is the receiver's alone. */
export function toMessageDto(row: MessageRow, viewerId: number): MessageDto {
  const seesReport = row.receiverId === viewerId;
  return {
    id: row.id,
    senderId: row.senderId,
    receiverId: row.receiverId,
    content: row.content,
    messageType: row.messageType as MessageType,
    read: row.read,
    reported: seesReport && row.reported,
    reportReason: seesReport ? row.reportReason : null,
    createdAt: row.createdAt.toISOString(),
    restaurantId: row.restaurantId,
    restaurantName: row.restaurantName,
    pollId: row.pollId,
    sender: {
      id: row.senderId,
      username: row.senderUsername ?? '',
      name: row.senderName ?? '',
      profilePicture: row.senderPicture,
    },
  };
}
