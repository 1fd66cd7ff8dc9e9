import { Injectable } from '@nestjs/common';
import type { PollOptionInput } from '@dinebuds/contracts';
import type { EntityManager } from 'typeorm';
import { table } from '../common/sql.js';
import { PollOptionEntity } from './poll-option.entity.js';
import { PollEntity } from './poll.entity.js';

/** "Let's eat" polls and their options. */
@Injectable()
export class PollsRepository {
  /** Stores a poll and its options (in order); answers the poll's id. */
  async insert(
    manager: EntityManager,
    proposerId: number,
    receiverId: number,
    options: PollOptionInput[],
  ): Promise<number> {
    const result = await manager.insert(PollEntity, { proposerId, receiverId });
    const pollId = (result.identifiers[0] as { id: number }).id;
    await manager.insert(
      PollOptionEntity,
      options.map((option, position) => ({ pollId, position, ...option })),
    );
    return pollId;
  }

  async find(manager: EntityManager, id: number): Promise<PollEntity | null> {
    return manager.findOneBy(PollEntity, { id });
  }

  /** The poll locked FOR UPDATE (a vote), or null. */
  async lock(manager: EntityManager, id: number): Promise<PollEntity | null> {
    return manager.findOne(PollEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  async options(manager: EntityManager, pollId: number): Promise<PollOptionEntity[]> {
    return manager.find(PollOptionEntity, { where: { pollId }, order: { position: 'ASC' } });
  }

  async decide(manager: EntityManager, id: number, optionId: number, at: Date): Promise<void> {
    await manager.update(PollEntity, { id }, { status: 'decided', chosenOptionId: optionId, decidedAt: at });
  }

  /** A deleted user's polls (their options go by ON DELETE CASCADE). */
  async deleteAllOf(manager: EntityManager, userId: number): Promise<void> {
    await manager.query(`DELETE FROM ${table('polls')} WHERE proposer_id = $1 OR receiver_id = $1`, [userId]);
  }
}
