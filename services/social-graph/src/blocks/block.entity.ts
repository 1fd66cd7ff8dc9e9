import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** blockerId blocked blockedId; each pair at most once. */
@Entity({ schema: 'social', name: 'blocks' })
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
