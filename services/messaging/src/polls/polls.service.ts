import { Injectable } from '@nestjs/common';
import type { Caller, CreatePollRequest, PollDto } from '@dinebuds/contracts';
import { ServiceEvents, Transactions } from '@dinebuds/service-kit';
import type { EntityManager } from 'typeorm';
import { MessagesService } from '../messages/messages.service.js';
import type { MessagingEventType } from '../messaging.service-definition.js';
import type { PollOptionEntity } from './poll-option.entity.js';
import type { PollEntity } from './poll.entity.js';
import {
  assertPollParticipant,
  decideVote,
  planPollOptions,
  pollNotFound,
  pollProposalText,
  pollResultText,
} from './poll.policy.js';
import { PollsRepository } from './polls.repository.js';

function toPollDto(poll: PollEntity, options: PollOptionEntity[]): PollDto {
  return {
    id: poll.id,
    proposerId: poll.proposerId,
    receiverId: poll.receiverId,
    status: poll.status,
    options: options.map((option) => ({
      id: option.id,
      restaurantId: option.restaurantId,
      restaurantName: option.restaurantName,
    })),
    chosenOptionId: poll.chosenOptionId,
    createdAt: poll.createdAt.toISOString(),
    decidedAt: poll.decidedAt ? poll.decidedAt.toISOString() : null,
  };
}

/**
 * "Let's eat" polls: the proposer offers up to four places in a conversation (a `poll` message
 * in the thread), the other person's vote chooses one, announced as a `poll_result` message
 * "Let's go to {place} soon!" from the voter. The same rules as a message apply (both known, no
 * block either way), under the pair's lock.
 */
@Injectable()
export class PollsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly polls: PollsRepository,
    private readonly messages: MessagesService,
    private readonly events: ServiceEvents<MessagingEventType>,
  ) {}

  async create(caller: Caller, request: CreatePollRequest): Promise<PollDto> {
    const proposerId = caller.userId;
    const options = planPollOptions(proposerId, request.receiverId, request.options);
    const pollId = await this.transactions.run(async (manager) => {
      await this.messages.assertMayMessage(manager, proposerId, request.receiverId);
      const id = await this.polls.insert(manager, proposerId, request.receiverId, options);
      const stored = await this.pollOf(manager, id);
      await this.events.record(manager, 'messaging.poll.created', {
        pollId: id,
        proposerId,
        receiverId: request.receiverId,
        options: stored.options.map((option) => ({
          optionId: option.id,
          restaurantId: option.restaurantId,
          restaurantName: option.restaurantName,
        })),
        createdAt: stored.createdAt,
      });
      await this.messages.store(
        manager,
        proposerId,
        request.receiverId,
        { content: pollProposalText(options), messageType: 'poll', restaurantId: null, restaurantName: null },
        { pollId: id },
      );
      return id;
    });
    return this.pollOf(this.transactions.outside, pollId);
  }

  /** A poll, to its two people (anyone else: 404). */
  async get(caller: Caller, pollId: number): Promise<PollDto> {
    const manager = this.transactions.outside;
    assertPollParticipant(caller.userId, await this.polls.find(manager, pollId));
    return this.pollOf(manager, pollId);
  }

  /** The invited person's vote decides the poll and is announced in the thread. */
  async vote(caller: Caller, pollId: number, optionId: number): Promise<PollDto> {
    const voterId = caller.userId;
    await this.transactions.run(async (manager) => {
      const found = await this.polls.find(manager, pollId);
      assertPollParticipant(voterId, found);
      // The pair's lock first (the order every conversation change takes), then the poll's row.
      await this.messages.assertMayMessage(manager, voterId, found!.proposerId);
      const poll = await this.polls.lock(manager, pollId);
      if (!poll) throw pollNotFound();
      const options = await this.polls.options(manager, pollId);
      decideVote(
        voterId,
        poll,
        options.map((option) => option.id),
        optionId,
      );
      const chosen = options.find((option) => option.id === optionId)!;
      const at = new Date();
      await this.polls.decide(manager, pollId, optionId, at);
      await this.events.record(manager, 'messaging.poll.decided', {
        pollId,
        proposerId: poll.proposerId,
        receiverId: voterId,
        optionId,
        restaurantId: chosen.restaurantId,
        restaurantName: chosen.restaurantName,
        decidedAt: at.toISOString(),
      });
      await this.messages.store(
        manager,
        voterId,
        poll.proposerId,
        {
          content: pollResultText(chosen.restaurantName),
          messageType: 'poll_result',
          restaurantId: chosen.restaurantId,
          restaurantName: chosen.restaurantName,
        },
        { pollId },
      );
    });
    return this.pollOf(this.transactions.outside, pollId);
  }

  private async pollOf(manager: EntityManager, pollId: number): Promise<PollDto> {
    const poll = await this.polls.find(manager, pollId);
    if (!poll) throw pollNotFound();
    return toPollDto(poll, await this.polls.options(manager, pollId));
  }
}
