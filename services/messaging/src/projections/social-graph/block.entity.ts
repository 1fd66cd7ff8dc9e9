import { Entity, Index, PrimaryColumn } from 'typeorm';
import { MESSAGING_SCHEMA } from '../../config.js';

/** A block standing in social-graph (social.block.created / removed): neither side may message the other. */
@Entity({ schema: MESSAGING_SCHEMA, name: 'blocks' })
@Index('blocks_blocked_idx', ['blockedId', 'blockerId'])
export class BlockEntity {
  @PrimaryColumn({ name: 'blocker_id', type: 'integer', primaryKeyConstraintName: 'blocks_pkey' })
  blockerId: number;

  @PrimaryColumn({ name: 'blocked_id', type: 'integer', primaryKeyConstraintName: 'blocks_pkey' })
  blockedId: number;
}
