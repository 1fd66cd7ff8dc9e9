import { Injectable } from '@nestjs/common';
import type { FollowCreatedEvent, FollowRemovedEvent } from '@dinebuds/contracts';
import type { EntityManager } from 'typeorm';
import { SocialEvents } from '../common/social-events.js';
import { FollowsRepository } from './follows.repository.js';

/**
 * social.follow.created / removed, each with the edge's next version (one counter per follower
 * and following pair, in the change's transaction): consumers apply an edge's changes in order
 * and ignore an older one arriving late.
 */
@Injectable()
export class FollowEvents {
  constructor(
    private readonly events: SocialEvents,
    private readonly follows: FollowsRepository,
  ) {}

  async created(manager: EntityManager, data: FollowCreatedEvent): Promise<void> {
    const version = await this.follows.nextVersion(manager, data.followerId, data.followingId);
    await this.events.record(manager, 'social.follow.created', data, version);
  }

  async removed(manager: EntityManager, data: FollowRemovedEvent): Promise<void> {
    const version = await this.follows.nextVersion(manager, data.followerId, data.followingId);
    await this.events.record(manager, 'social.follow.removed', data, version);
  }
}
