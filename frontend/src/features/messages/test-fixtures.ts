// Test data for the messaging specs (never imported by the app).
import type { MessageDto } from '@dinebuds/contracts';

/** A message between Alice (1) and Bob (2); Bob sends unless `senderId` says otherwise. */
export function message(overrides: Partial<MessageDto>): MessageDto {
  const senderId = overrides.senderId ?? 2;
  return {
    id: 1,
    senderId,
    receiverId: senderId === 1 ? 2 : 1,
    content: 'Hi',
    messageType: 'text',
    read: false,
    reported: false,
    reportReason: null,
    createdAt: '2025-03-07T18:05:00.000Z',
    restaurantId: null,
    restaurantName: null,
    pollId: null,
    sender:
      senderId === 1
        ? { id: 1, username: 'alice', name: 'Alice Adams', profilePicture: null }
        : { id: 2, username: 'bob', name: 'Bob Brown', profilePicture: null },
    ...overrides,
  };
}
