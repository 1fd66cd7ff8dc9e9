import { Entity, PrimaryColumn } from 'typeorm';
import { REVIEWS_SCHEMA } from '../../config.js';

/** An approved follow, from social.follow.created / removed: the privacy rule reads it. */
@Entity({ schema: REVIEWS_SCHEMA, name: 'follows' })
export class FollowEntity {
  @PrimaryColumn({ name: 'follower_id', type: 'integer', primaryKeyConstraintName: 'follows_pkey' })
  followerId: number;

  @PrimaryColumn({ name: 'following_id', type: 'integer', primaryKeyConstraintName: 'follows_pkey' })
  followingId: number;
}
