import type { FlavorBadgeCategory } from '@dinebuds/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ schema: 'identity', name: 'flavor_badges' })
export class FlavorBadgeEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ name: 'badge_id', type: 'varchar', length: 40 })
  badgeId: string;

  @Column({ type: 'varchar', length: 20 })
  category: FlavorBadgeCategory;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
