import { Entity, PrimaryColumn } from 'typeorm';
import { REVIEWS_SCHEMA } from '../../config.js';

/**
 * A block, from social.block.created / removed: while it stands, neither person's reviews, saves
 * or check-ins reach the other's rankings, feed, search or recommendations. The index on
 * (blocked_id, blocker_id) is the migration's.
 */
@Entity({ schema: REVIEWS_SCHEMA, name: 'blocks' })
export class BlockEntity {
  @PrimaryColumn({ name: 'blocker_id', type: 'integer', primaryKeyConstraintName: 'blocks_pkey' })
  blockerId: number;

  @PrimaryColumn({ name: 'blocked_id', type: 'integer', primaryKeyConstraintName: 'blocks_pkey' })
  blockedId: number;
}
