import { eventDataOf, type StatementEventColumns } from '@dinebuds/events';

/** The columns of a stored message from which its messaging.message.sent is built. */
export interface SentMessageColumns {
  message_id: number;
  sender_id: number;
  receiver_id: number;
  content: string;
  message_type: string;
  restaurant_id: number | null;
  restaurant_name: string | null;
  poll_id: number | null;
  /** created_at as toISOString gives it. */
  created_at_iso: string;
}

/**
 * messaging.message.sent from a stored message: the one declaration of its data, built in SQL by
 * the one-statement send (ServiceEvents.statementEvent) and read in JavaScript (messageSentData).
 */
export const MESSAGE_SENT_COLUMNS: StatementEventColumns<'messaging.message.sent', SentMessageColumns> = {
  data: {
    messageId: 'message_id',
    senderId: 'sender_id',
    receiverId: 'receiver_id',
    content: 'content',
    messageType: 'message_type',
    restaurantId: 'restaurant_id',
    restaurantName: 'restaurant_name',
    pollId: 'poll_id',
    createdAt: 'created_at_iso',
  },
};

export const messageSentData = (row: SentMessageColumns) => eventDataOf(MESSAGE_SENT_COLUMNS.data, row);

/** A message's SentMessageColumns from the messages rows `m` (a table or a CTE). */
export const SENT_MESSAGE_SELECT = `m.id AS message_id, m.sender_id, m.receiver_id, m.content, m.message_type,
  m.restaurant_id, m.restaurant_name, m.poll_id,
  to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at_iso`;
