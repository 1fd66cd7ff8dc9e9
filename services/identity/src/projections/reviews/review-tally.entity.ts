import { Column, Entity, PrimaryColumn } from 'typeorm';
import { IDENTITY_SCHEMA } from '../../config.js';

/**
 * What identity holds of one review of the reviews service: the version last applied, its city and
 * whether it still counts (a deletion stays as a tombstone, so a late or repeated event cannot
 * count it again).
 */
@Entity({ schema: IDENTITY_SCHEMA, name: 'review_tallies' })
export class ReviewTallyEntity {
  @PrimaryColumn({ name: 'review_id', type: 'integer' })
  reviewId: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  /** cityKey of the review's city; null: the review names none. */
  @Column({ type: 'varchar', length: 60, nullable: true })
  city: string | null;

  @Column({ type: 'integer' })
  version: number;

  @Column({ type: 'boolean', default: false })
  deleted: boolean;
}
