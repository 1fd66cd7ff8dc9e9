import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { MODERATION_SCHEMA } from '../../config.js';

/**
 * A review that exists in reviews (reviews.review.created / updated, gone on deleted): a report
 * of a review needs it, and its author is the content's owner.
 */
@Entity({ schema: MODERATION_SCHEMA, name: 'reviews' })
@Index('reviews_user_idx', ['userId'])
export class KnownReviewEntity {
  /** reviews' review id (not generated here). */
  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'reviews_pkey' })
  id: number;

  /** The author: the owner of the content a report is about. */
  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  /** 1-5, shown in the report's preview. */
  @Column({ type: 'integer' })
  rating: number;

  @Column({ name: 'restaurant_id', type: 'integer' })
  restaurantId: number;

  /** reviews' version of the review applied last (null: an unversioned event). */
  @Column({ type: 'integer', nullable: true })
  version: number | null;

  /** Set by reviews.review.deleted: the row stays so late events about the review change nothing. */
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;
}
