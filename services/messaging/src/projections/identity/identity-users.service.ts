import { Injectable } from '@nestjs/common';
import type { UserSnapshot } from '@dinebuds/contracts';
import type { EntityManager } from 'typeorm';
import { ConversationsRepository } from '../../messages/conversations.repository.js';
import { MessagesRepository } from '../../messages/messages.repository.js';
import { ReadReceiptsRepository } from '../../messages/read-receipts.repository.js';
import { PollsRepository } from '../../polls/polls.repository.js';
import { AccountStatesRepository } from './account-states.repository.js';
import { SocialGraphRepository } from '../social-graph/social-graph.repository.js';
import { IdentityUsersRepository } from './identity-users.repository.js';
import type { UserChange } from '@dinebuds/projections';

/**
 * identity.user.* applied to messaging's projection of users. The methods run in the consumer's
 * inbox transaction (`manager`): the effect and the inbox row commit together.
 */
@Injectable()
export class IdentityUsersService {
  constructor(
    private readonly users: IdentityUsersRepository,
    private readonly graph: SocialGraphRepository,
    private readonly messages: MessagesRepository,
    private readonly conversations: ConversationsRepository,
    private readonly polls: PollsRepository,
    private readonly receipts: ReadReceiptsRepository,
    private readonly accountStates: AccountStatesRepository,
  ) {}

  /** identity.user.registered / updated: a newer profile (by identity's user version) replaces the stored one. */
  async applyProfile(manager: EntityManager, snapshot: UserSnapshot, change: UserChange): Promise<void> {
    await this.users.applySnapshot(manager, snapshot, change, {});
  }

  /** identity.user.deactivated / reactivated: nothing for a deleted user. */
  async applyDeactivation(
    manager: EntityManager,
    userId: number,
    deactivated: boolean,
    change: UserChange,
  ): Promise<void> {
    await this.users.lockUserEvents(manager, userId);
    if (await this.users.isDeleted(manager, userId)) return;
    await this.accountStates.apply(manager, userId, deactivated, change.version);
  }

  /**
   * identity.user.deleted: the user's messages both ways (so the other person's inbox loses the
   * conversation too), polls, follows and blocks go with their projection row.
   */
  async removeUser(manager: EntityManager, userId: number): Promise<void> {
    await this.users.lockUserEvents(manager, userId);
    await this.messages.deleteAllOf(manager, userId);
    await this.conversations.deleteAllOf(manager, userId);
    await this.polls.deleteAllOf(manager, userId);
    await this.receipts.deleteAllOf(manager, userId);
    await this.accountStates.deleteOf(manager, userId);
    await this.graph.removeAllOf(manager, userId);
    await this.users.removeWithTombstone(manager, userId, new Date());
  }
}
