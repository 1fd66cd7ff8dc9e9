import type { CityTierLevel } from '@dinebuds/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';
import { IDENTITY_SCHEMA } from '../config.js';

/** A CityBud level's minimum reviews in a city (admin-editable; read when levels are computed). */
@Entity({ schema: IDENTITY_SCHEMA, name: 'city_tiers' })
export class CityTierEntity {
  @PrimaryColumn({ type: 'varchar', length: 20 })
  level: CityTierLevel;

  @Column({ type: 'varchar', length: 40 })
  name: string;

  @Column({ name: 'min_reviews', type: 'integer' })
  minReviews: number;

  @Column({ type: 'integer' })
  position: number;
}
