import { LIMITS, MESSAGING_MESSAGES as M, type PollOptionInput } from '@dinebuds/contracts';
import { badRequest, conflict, DomainError, forbidden } from '@dinebuds/errors';
import { letsGoTo } from '../messages/message.policy.js';

export const pollNotFound = () => new DomainError('NOT_FOUND', M.pollNotFound);

/** A poll's options as given: 1 to LIMITS.pollOptionsMax restaurants, each once, names trimmed. */
export function planPollOptions(
  proposerId: number,
  receiverId: number,
  options: PollOptionInput[],
): PollOptionInput[] {
  if (receiverId === proposerId) throw badRequest(M.messageYourself);
  if (options.length < 1 || options.length > LIMITS.pollOptionsMax) throw badRequest(M.pollOptionsCount);
  const ids = new Set(options.map((option) => option.restaurantId));
  if (ids.size !== options.length) throw badRequest(M.pollOptionsDuplicate);
  return options.map((option) => ({
    restaurantId: option.restaurantId,
    restaurantName: option.restaurantName.trim(),
  }));
}

/** The thread's message announcing a poll. */
export function pollProposalText(options: readonly PollOptionInput[]): string {
  const names = options.map((option) => option.restaurantName);
  return names.length === 1 ? `Let's eat at ${names[0]}?` : `Let's eat! Where: ${names.join(', ')}?`;
}

/** The thread's message announcing the chosen place. */
export const pollResultText = letsGoTo;

/** Who may see a poll: its two people; anyone else reads it as missing. */
export function assertPollParticipant(
  callerId: number,
  poll: { proposerId: number; receiverId: number } | null,
): void {
  if (!poll || (poll.proposerId !== callerId && poll.receiverId !== callerId)) throw pollNotFound();
}

/**
 * A vote: only the invited person votes, once, for one of the poll's options (the vote decides
 * the poll).
 */
export function decideVote(
  callerId: number,
  poll: { proposerId: number; receiverId: number; status: string } | null,
  optionIds: readonly number[],
  optionId: number,
): void {
  assertPollParticipant(callerId, poll);
  if (poll!.receiverId !== callerId) throw forbidden(M.pollProposerVotes);
  if (poll!.status !== 'open') throw conflict(M.pollDecided);
  if (!optionIds.includes(optionId)) throw badRequest(M.pollOptionUnknown);
}
