import type { BadgeKind } from '@dinebuds/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';
import { IDENTITY_SCHEMA } from '../config.js';

/** The name an admin gives a badge of the catalogue (flavor id or city key). */
@Entity({ schema: IDENTITY_SCHEMA, name: 'badge_names' })
export class BadgeNameEntity {
  @PrimaryColumn({ type: 'varchar', length: 10 })
  kind: BadgeKind;

  @PrimaryColumn({ name: 'badge_id', type: 'varchar', length: 60 })
  badgeId: string;

  @Column({ type: 'varchar', length: 40 })
  name: string;

  /** The catalogue's order. */
  @Column({ type: 'integer' })
  position: number;
}
