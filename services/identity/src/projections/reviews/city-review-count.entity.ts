import { Column, Entity, PrimaryColumn } from 'typeorm';
import { IDENTITY_SCHEMA } from '../../config.js';

/**
 * A user's review count in one city, from reviews.review.* events: city badges take their count
 * and tier from it (also a badge chosen after the reviews were written).
 */
@Entity({ schema: IDENTITY_SCHEMA, name: 'user_city_reviews' })
export class CityReviewCountEntity {
  @PrimaryColumn({ name: 'user_id', type: 'integer' })
  userId: number;

  /** cityKey, as city badges hold it. */
  @PrimaryColumn({ type: 'varchar', length: 60 })
  city: string;

  @Column({ name: 'review_count', type: 'integer', default: 0 })
  reviewCount: number;
}
