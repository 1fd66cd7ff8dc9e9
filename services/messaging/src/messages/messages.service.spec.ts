import { describe, expect, it } from '@jest/globals';
import { MESSAGING_MESSAGES as M } from '@dinebuds/contracts';
import { ServiceEvents, Transactions } from '@dinebuds/service-kit';
import { newTestService } from '@dinebuds/testing';
import type { EntityManager } from 'typeorm';
import { PairLocks } from '../common/pair-locks.repository.js';
import { IdentityUsersRepository } from '../projections/identity/identity-users.repository.js';
import { SocialGraphRepository } from '../projections/social-graph/social-graph.repository.js';
import { ConversationsRepository } from './conversations.repository.js';
import type { MessageRow } from './message.mapper.js';
import type { MessageEntity } from './message.entity.js';
import { MessagesRepository } from './messages.repository.js';
import { MessagesService } from './messages.service.js';

const manager = {} as EntityManager;
const ANN = { userId: 7, isAdmin: false, sessionId: null };
const BOB = 42;
const created = new Date('2026-11-26T12:00:00.000Z');

const row = (id: number): MessageRow => ({
  id,
  senderId: ANN.userId,
  receiverId: BOB,
  content: 'hi',
  messageType: 'text',
  restaurantId: null,
  restaurantName: null,
  pollId: null,
  read: false,
  reported: false,
  reportReason: null,
  createdAt: created,
  senderUsername: 'ann',
  senderName: 'Ann',
  senderPicture: null,
});

function setup({ blocked = false, known = [ANN.userId, BOB] } = {}) {
  const test = newTestService(MessagesService, [
    [Transactions, { run: (work: (m: EntityManager) => unknown) => work(manager), outside: manager }],
  ]);
  test.mock(IdentityUsersRepository).existing.mockResolvedValue(new Set(known));
  test.mock(SocialGraphRepository).blockedEitherWay.mockResolvedValue(blocked);
  test.mock(MessagesRepository).row.mockImplementation(async (_m, id) => row(id));
  test.mock(MessagesRepository).find.mockResolvedValue({ createdAt: created } as MessageEntity);
  return test;
}

describe('sending a message', () => {
  it('stores it, points both conversation rows at it and records messaging.message.sent, under the pair lock', async () => {
    const { sut, mock } = setup();
    mock(MessagesRepository).insert.mockResolvedValue(5);
    const sent = await sut.send(ANN, { receiverId: BOB, content: ' hi ' });
    expect(mock(PairLocks).lock).toHaveBeenCalledWith(manager, ANN.userId, BOB);
    expect(mock(MessagesRepository).insert.mock.calls[0][1]).toMatchObject({
      senderId: ANN.userId,
      receiverId: BOB,
      content: 'hi',
      messageType: 'text',
      clientMessageId: null,
    });
    expect(mock(ConversationsRepository).recordMessage).toHaveBeenCalledWith(manager, ANN.userId, BOB, 5);
    expect(mock(ServiceEvents).record).toHaveBeenCalledWith(
      manager,
      'messaging.message.sent',
      expect.objectContaining({ messageId: 5, senderId: ANN.userId, receiverId: BOB, content: 'hi' }),
    );
    expect(sent).toMatchObject({ id: 5, sender: { id: ANN.userId, name: 'Ann' } });
  });

  it('answers a retry with the same clientMessageId with the first message and stores nothing', async () => {
    const { sut, mock } = setup();
    mock(MessagesRepository).bySenderKey.mockResolvedValue({ id: 3, receiverId: BOB });
    const sent = await sut.send(ANN, { receiverId: BOB, content: 'hi', clientMessageId: 'k1' });
    expect(sent.id).toBe(3);
    expect(mock(MessagesRepository).insert).not.toHaveBeenCalled();
    expect(mock(ServiceEvents).record).not.toHaveBeenCalled();
  });

  it('refuses the same clientMessageId for a message to someone else (409)', async () => {
    const { sut, mock } = setup();
    mock(MessagesRepository).bySenderKey.mockResolvedValue({ id: 3, receiverId: 99 });
    await expect(sut.send(ANN, { receiverId: BOB, content: 'hi', clientMessageId: 'k1' })).rejects.toThrow(
      M.clientMessageIdReused,
    );
    expect(mock(MessagesRepository).insert).not.toHaveBeenCalled();
  });

  it('refuses a blocked pair (403) and an unknown receiver (404), storing nothing', async () => {
    const blocked = setup({ blocked: true });
    await expect(blocked.sut.send(ANN, { receiverId: BOB, content: 'hi' })).rejects.toThrow(M.cannotMessage);
    expect(blocked.mock(MessagesRepository).insert).not.toHaveBeenCalled();
    const unknown = setup({ known: [ANN.userId] });
    await expect(unknown.sut.send(ANN, { receiverId: BOB, content: 'hi' })).rejects.toThrow(M.userNotFound);
    expect(unknown.mock(MessagesRepository).insert).not.toHaveBeenCalled();
  });
});

describe('reporting a message', () => {
  const message = (reported: boolean) =>
    ({
      id: 9,
      senderId: BOB,
      receiverId: ANN.userId,
      reported,
      content: 'spam',
      messageType: 'text',
      createdAt: created,
    }) as MessageEntity;

  it('marks it and records messaging.message.reported once', async () => {
    const { sut, mock } = setup();
    mock(MessagesRepository).find.mockResolvedValue(message(false));
    await expect(sut.report(ANN, 9, ' Spam ')).resolves.toEqual({ message: 'Message reported' });
    expect(mock(MessagesRepository).markReported).toHaveBeenCalledWith(manager, 9, 'Spam', expect.any(Date));
    expect(mock(ServiceEvents).record).toHaveBeenCalledWith(
      manager,
      'messaging.message.reported',
      expect.objectContaining({ messageId: 9, senderId: BOB, reporterId: ANN.userId, reason: 'Spam' }),
    );
  });

  it('changes nothing on a second report', async () => {
    const { sut, mock } = setup();
    mock(MessagesRepository).find.mockResolvedValue(message(true));
    await expect(sut.report(ANN, 9, 'Again')).resolves.toEqual({ message: 'Message reported' });
    expect(mock(MessagesRepository).markReported).not.toHaveBeenCalled();
    expect(mock(ServiceEvents).record).not.toHaveBeenCalled();
  });
});

describe('reading a conversation', () => {
  it('refuses a third person before reading anything', async () => {
    const { sut, mock } = setup();
    await expect(
      sut.conversation(
        { userId: 99, isAdmin: true, sessionId: null },
        { userId: ANN.userId, otherUserId: BOB },
      ),
    ).rejects.toThrow(M.notAParticipant);
    expect(mock(MessagesRepository).conversation).not.toHaveBeenCalled();
  });
});
