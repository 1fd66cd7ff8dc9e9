import { describe, expect, it } from '@jest/globals';
import { LIMITS, MESSAGING_MESSAGES as M } from '@dinebuds/contracts';
import { assertParticipant, decideReport, planMessage } from './message.policy.js';

const ME = 7;
const BOB = 42;

describe('planMessage', () => {
  it('keeps a text message trimmed, with no restaurant', () => {
    expect(planMessage(ME, { receiverId: BOB, content: '  hi  ' })).toEqual({
      content: 'hi',
      messageType: 'text',
      restaurantId: null,
      restaurantName: null,
    });
  });

  it('refuses a blank or missing text with its sentence, never a silent drop', () => {
    expect(() => planMessage(ME, { receiverId: BOB, content: ' \n\t ' })).toThrow(M.messageEmpty);
    expect(() => planMessage(ME, { receiverId: BOB })).toThrow(M.messageEmpty);
  });

  it('refuses a message longer than the documented maximum', () => {
    expect(() => planMessage(ME, { receiverId: BOB, content: 'x'.repeat(LIMITS.messageMax + 1) })).toThrow(
      M.messageTooLong,
    );
    expect(planMessage(ME, { receiverId: BOB, content: 'x'.repeat(LIMITS.messageMax) }).content).toHaveLength(
      LIMITS.messageMax,
    );
  });

  it('refuses messaging yourself', () => {
    expect(() => planMessage(ME, { receiverId: ME, content: 'hi' })).toThrow(M.messageYourself);
  });

  it("gives a share without text the spec's default sentence", () => {
    expect(
      planMessage(ME, {
        receiverId: BOB,
        messageType: 'restaurant_share',
        restaurantId: 3,
        restaurantName: ' Nobu ',
      }),
    ).toEqual({
      content: "Let's go to Nobu soon!",
      messageType: 'restaurant_share',
      restaurantId: 3,
      restaurantName: 'Nobu',
    });
  });

  it('needs both restaurant fields on a share, and none on a text', () => {
    expect(() =>
      planMessage(ME, { receiverId: BOB, messageType: 'restaurant_share', restaurantId: 3 }),
    ).toThrow(M.restaurantRequired);
    expect(() => planMessage(ME, { receiverId: BOB, content: 'hi', restaurantId: 3 })).toThrow(
      M.restaurantOnlyInShares,
    );
  });

  it('refuses the types only the server writes', () => {
    expect(() => planMessage(ME, { receiverId: BOB, content: 'hi', messageType: 'poll' })).toThrow(
      M.messageTypeUnknown,
    );
  });
});

describe('assertParticipant', () => {
  it('answers the other person to either participant', () => {
    expect(assertParticipant(ME, ME, BOB)).toBe(BOB);
    expect(assertParticipant(ME, BOB, ME)).toBe(BOB);
  });

  it('refuses a third person (403) and a conversation with oneself (400)', () => {
    expect(() => assertParticipant(99, ME, BOB)).toThrow(M.notAParticipant);
    expect(() => assertParticipant(ME, ME, ME)).toThrow(M.conversationWithYourself);
  });
});

describe('decideReport', () => {
  const message = { senderId: BOB, receiverId: ME, reported: false };

  it('lets the receiver report once', () => {
    expect(decideReport(ME, message)).toBe('report');
    expect(decideReport(ME, { ...message, reported: true })).toBe('already-reported');
  });

  it('refuses the sender, and hides the message from anyone else', () => {
    expect(() => decideReport(BOB, message)).toThrow(M.reportOwnMessage);
    expect(() => decideReport(99, message)).toThrow(M.messageNotFound);
    expect(() => decideReport(ME, null)).toThrow(M.messageNotFound);
  });
});
