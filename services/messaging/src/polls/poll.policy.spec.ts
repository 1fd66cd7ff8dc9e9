import { describe, expect, it } from '@jest/globals';
import { MESSAGING_MESSAGES as M } from '@dinebuds/contracts';
import { assertPollParticipant, decideVote, planPollOptions, pollProposalText } from './poll.policy.js';

const ME = 7;
const BOB = 42;
const option = (restaurantId: number, restaurantName = `Place ${restaurantId}`) => ({
  restaurantId,
  restaurantName,
});

describe('planPollOptions', () => {
  it('keeps 1 to 4 distinct restaurants, names trimmed', () => {
    expect(planPollOptions(ME, BOB, [option(1, ' Nobu '), option(2)])).toEqual([
      option(1, 'Nobu'),
      option(2),
    ]);
  });

  it('refuses none, five, a repeated restaurant and a poll with oneself', () => {
    expect(() => planPollOptions(ME, BOB, [])).toThrow(M.pollOptionsCount);
    expect(() =>
      planPollOptions(
        ME,
        BOB,
        [1, 2, 3, 4, 5].map((id) => option(id)),
      ),
    ).toThrow(M.pollOptionsCount);
    expect(() => planPollOptions(ME, BOB, [option(1), option(1)])).toThrow(M.pollOptionsDuplicate);
    expect(() => planPollOptions(ME, ME, [option(1)])).toThrow(M.messageYourself);
  });

  it('announces the places in the thread', () => {
    expect(pollProposalText([option(1, 'Nobu')])).toBe("Let's eat at Nobu?");
    expect(pollProposalText([option(1, 'Nobu'), option(2, 'Katz')])).toBe("Let's eat! Where: Nobu, Katz?");
  });
});

describe('who sees and votes on a poll', () => {
  const poll = { proposerId: ME, receiverId: BOB, status: 'open' };

  it('shows it to its two people only', () => {
    expect(() => assertPollParticipant(ME, poll)).not.toThrow();
    expect(() => assertPollParticipant(BOB, poll)).not.toThrow();
    expect(() => assertPollParticipant(99, poll)).toThrow(M.pollNotFound);
    expect(() => assertPollParticipant(ME, null)).toThrow(M.pollNotFound);
  });

  it('lets the invited person vote once for one of its options', () => {
    expect(() => decideVote(BOB, poll, [10, 11], 11)).not.toThrow();
    expect(() => decideVote(ME, poll, [10, 11], 11)).toThrow(M.pollProposerVotes);
    expect(() => decideVote(BOB, { ...poll, status: 'decided' }, [10, 11], 11)).toThrow(M.pollDecided);
    expect(() => decideVote(BOB, poll, [10, 11], 12)).toThrow(M.pollOptionUnknown);
    expect(() => decideVote(99, poll, [10, 11], 11)).toThrow(M.pollNotFound);
  });
});
