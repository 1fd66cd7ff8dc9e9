import { Column, Entity, PrimaryColumn } from 'typeorm';
import { SOCIAL_SCHEMA } from '../config.js';

/**
 * The version of the follow edge followerId -> followingId: +1 per follow and per unfollow, the
 * aggregateVersion of social.follow.created / removed. It outlives the edge, so a re-follow is newer.
 */
@Entity({ schema: SOCIAL_SCHEMA, name: 'follow_versions' })
export class FollowVersionEntity {
  @PrimaryColumn({ name: 'follower_id', type: 'integer' })
  followerId: number;

  @PrimaryColumn({ name: 'following_id', type: 'integer' })
  followingId: number;

  @Column({ type: 'integer' })
  version: number;
}
