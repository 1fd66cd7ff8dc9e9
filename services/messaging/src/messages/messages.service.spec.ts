import { describe, expect, it } from '@jest/globals';
import { MESSAGING_MESSAGES as M } from '@dinebuds/contracts';
import { ServiceEvents, Transactions } from '@dinebuds/service-kit';
import { newTestService } from '@dinebuds/testing';
import type { EntityManager } from 'typeorm';
import { PairLocks } from '../common/pair-locks.repository.js';
import { IdentityUsersRepository } from '../projections/identity/identity-users.repository.js';
import { SocialGraphRepository } from '../projections/social-graph/social-graph.repository.js';
import type { MessageRow } from './message.mapper.js';
import type { MessageEntity } from './message.entity.js';
import { MESSAGE_SENT_COLUMNS } from './message-events.js';
import { MessagesRepository, type SendResult } from './messages.repository.js';
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
  const statement = { insertFrom: () => ({ sql: '', params: [] }) };
  const sent = (test: ReturnType<typeof setup>, result: SendResult) => {
    test.mock(ServiceEvents).statementEvent.mockReturnValue(statement);
    test.mock(MessagesRepository).sendChecked.mockResolvedValue(result);
  };

  it('sends in one statement with its messaging.message.sent, then wakes the relay', async () => {
    const test = setup();
    sent(test, { outcome: 'sent', priorId: null, row: row(5) });
    const message = await test.sut.send(ANN, { receiverId: BOB, content: ' hi ' });
    expect(test.mock(ServiceEvents).statementEvent).toHaveBeenCalledWith(
      'messaging.message.sent',
      MESSAGE_SENT_COLUMNS,
    );
    expect(test.mock(MessagesRepository).sendChecked).toHaveBeenCalledWith(
      manager,
      {
        senderId: ANN.userId,
        receiverId: BOB,
        content: 'hi',
        messageType: 'text',
        restaurantId: null,
        restaurantName: null,
        pollId: null,
        clientMessageId: null,
      },
      statement,
    );
    expect(test.mock(ServiceEvents).publishSoon).toHaveBeenCalled();
    expect(test.mock(PairLocks).lock).not.toHaveBeenCalled();
    expect(message).toMatchObject({ id: 5, sender: { id: ANN.userId, name: 'Ann' } });
  });

  it('answers a retry with the same clientMessageId with the first message', async () => {
    const test = setup();
    sent(test, { outcome: 'retry', priorId: 3, row: null });
    const message = await test.sut.send(ANN, { receiverId: BOB, content: 'hi', clientMessageId: 'k1' });
    expect(message.id).toBe(3);
    expect(test.mock(ServiceEvents).publishSoon).not.toHaveBeenCalled();
  });

  it('answers the first message when the same key raced in at once (unique index)', async () => {
    const test = setup();
    test.mock(MessagesRepository).sendChecked.mockRejectedValue({ code: '23505' });
    test.mock(MessagesRepository).isClientKeyConflict.mockReturnValue(true);
    test.mock(MessagesRepository).bySenderKey.mockResolvedValue({ id: 4, receiverId: BOB });
    const message = await test.sut.send(ANN, { receiverId: BOB, content: 'hi', clientMessageId: 'k1' });
    expect(message.id).toBe(4);
  });

  it.each([
    ['key-reused', M.clientMessageIdReused],
    ['unknown-user', M.userNotFound],
    ['deactivated', M.accountDeactivated],
    ['blocked', M.cannotMessage],
  ] as const)("turns the statement's %s into its sentence", async (outcome, sentence) => {
    const test = setup();
    sent(test, { outcome, priorId: null, row: null });
    await expect(test.sut.send(ANN, { receiverId: BOB, content: 'hi' })).rejects.toThrow(sentence);
    expect(test.mock(ServiceEvents).publishSoon).not.toHaveBeenCalled();
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
