import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  ForeignKey,
  Index,
  PrimaryGeneratedColumn,
  Unique,
} from 'typeorm';
import { SOCIAL_SCHEMA } from '../config.js';
import { SocialUserEntity } from '../projections/identity/social-user.entity.js';

/** blockerId blocked blockedId; each pair at most once. */
@Entity({ schema: SOCIAL_SCHEMA, name: 'blocks' })
@Unique('blocks_blocker_blocked_key', ['blockerId', 'blockedId'])
@Check('blocks_not_self_check', `"blocker_id" <> "blocked_id"`)
@Index('blocks_blocked_idx', ['blockedId'])
export class BlockEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'blocker_id', type: 'integer' })
  @ForeignKey(() => SocialUserEntity, { name: 'blocks_blocker_id_fkey', onDelete: 'CASCADE' })
  blockerId: number;

  @Column({ name: 'blocked_id', type: 'integer' })
  @ForeignKey(() => SocialUserEntity, { name: 'blocks_blocked_id_fkey', onDelete: 'CASCADE' })
  blockedId: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
