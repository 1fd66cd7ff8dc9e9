import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { MODERATION_SCHEMA } from '../../config.js';

/**
 * A review that exists in reviews (reviews.review.created / updated, gone on deleted): a report
 * of a review needs it, and its author is the content's owner.
 */
@Entity({ schema: MODERATION_SCHEMA, name: 'reviews' })
@Index('reviews_user_idx', ['userId'])
export class KnownReviewEntity {
  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'reviews_pkey' })
  id: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ name: 'restaurant_id', type: 'integer' })
  restaurantId: number;

  @Column({ type: 'integer' })
  rating: number;
}
