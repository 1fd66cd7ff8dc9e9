import type { FlavorBadgeCategory } from '@dinebuds/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { IDENTITY_SCHEMA } from '../config.js';

@Entity({ schema: IDENTITY_SCHEMA, name: 'flavor_badges' })
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
