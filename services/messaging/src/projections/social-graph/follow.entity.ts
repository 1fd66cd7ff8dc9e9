import { Entity, Index, PrimaryColumn } from 'typeorm';
import { MESSAGING_SCHEMA } from '../../config.js';

/** An approved follow, from social.follow.created / removed. */
@Entity({ schema: MESSAGING_SCHEMA, name: 'follows' })
@Index('follows_following_idx', ['followingId', 'followerId'])
export class FollowEntity {
  @PrimaryColumn({ name: 'follower_id', type: 'integer', primaryKeyConstraintName: 'follows_pkey' })
  followerId: number;

  @PrimaryColumn({ name: 'following_id', type: 'integer', primaryKeyConstraintName: 'follows_pkey' })
  followingId: number;
}
