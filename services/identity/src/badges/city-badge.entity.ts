import type { CityTierLevel } from '@dinebuds/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { IDENTITY_SCHEMA } from '../config.js';

@Entity({ schema: IDENTITY_SCHEMA, name: 'city_badges' })
export class CityBadgeEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  /** Lower-case, single-spaced (cityKey), e.g. 'new york'. */
  @Column({ type: 'varchar', length: 60 })
  city: string;

  @Column({ name: 'review_count', type: 'integer', default: 0 })
  reviewCount: number;

  @Column({ type: 'varchar', length: 20, default: 'bronze' })
  level: CityTierLevel;

  @Column({ name: 'last_updated', type: 'timestamptz', default: () => 'now()' })
  lastUpdated: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
