import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { SOCIAL_SCHEMA } from '../config.js';

/** blockerId blocked blockedId; each pair at most once. */
@Entity({ schema: SOCIAL_SCHEMA, name: 'blocks' })
export class BlockEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'blocker_id', type: 'integer' })
  blockerId: number;

  @Column({ name: 'blocked_id', type: 'integer' })
  blockedId: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
