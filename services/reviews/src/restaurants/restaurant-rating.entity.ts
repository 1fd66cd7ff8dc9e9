import { Column, Entity, PrimaryColumn } from 'typeorm';
import { REVIEWS_SCHEMA } from '../config.js';

/**
 * A restaurant's review count and star sum, kept by triggers on reviews.reviews in the statement
 * that changes a review (migration 1734100000040): search, recommendations and the restaurant page
 * read the average here instead of aggregating every review per request. Never written by code.
 */
@Entity({ schema: REVIEWS_SCHEMA, name: 'restaurant_ratings' })
export class RestaurantRatingEntity {
  @PrimaryColumn({ name: 'restaurant_id', type: 'integer' })
  restaurantId: number;

  @Column({ name: 'review_count', type: 'integer' })
  reviewCount: number;

  /** bigint: pg answers it as a string. */
  @Column({ name: 'rating_sum', type: 'bigint' })
  ratingSum: string;
}
