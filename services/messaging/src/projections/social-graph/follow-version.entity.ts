import { Column, Entity, PrimaryColumn } from 'typeorm';
import { MESSAGING_SCHEMA } from '../../config.js';

/**
 * The version of a follow edge applied last. It outlives the edge, so a late created event older
 * than the removal is ignored; 0 (locked, nothing applied with a version yet).
 */
@Entity({ schema: MESSAGING_SCHEMA, name: 'follow_versions' })
export class FollowVersionEntity {
  @PrimaryColumn({ name: 'follower_id', type: 'integer', primaryKeyConstraintName: 'follow_versions_pkey' })
  followerId: number;

  @PrimaryColumn({ name: 'following_id', type: 'integer', primaryKeyConstraintName: 'follow_versions_pkey' })
  followingId: number;

  @Column({ type: 'integer' })
  version: number;
}
