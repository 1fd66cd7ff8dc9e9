import { eventDataOf, type StatementEventColumns } from '@dinebuds/events';
import type { ReviewRow } from './reviews.repository.js';

/**
 * reviews.review.created / updated from a ReviewRow: the one declaration of their data, read in
 * JavaScript (reviewChangedData) and built in SQL by the one-statement insert (ServiceEvents.statementEvent).
 */
type ReviewChanged = 'reviews.review.created' | 'reviews.review.updated';

export const REVIEW_CHANGED_COLUMNS: StatementEventColumns<ReviewChanged, ReviewRow> = {
  data: {
    reviewId: 'id',
    userId: 'user_id',
    restaurantId: 'restaurant_id',
    rating: 'rating',
    city: 'city_key',
    createdAt: 'created_at_iso',
  },
  aggregateVersion: 'version',
};

export const reviewChangedData = (row: ReviewRow) => eventDataOf(REVIEW_CHANGED_COLUMNS.data, row);

/** reviews.review.deleted from the review's last row: what it counted for. */
export const reviewDeletedData = (row: ReviewRow) => ({
  reviewId: row.id,
  userId: row.user_id,
  restaurantId: row.restaurant_id,
  city: row.city_key,
});
