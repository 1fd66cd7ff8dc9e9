import type { ReviewDto } from '@dinebuds/contracts';
import { restaurantSummary } from '../restaurants/restaurant.mapper.js';
import type { ReviewRow } from './reviews.repository.js';

/** A review as its answers show it. */
export function toReviewDto(row: Omit<ReviewRow, 'city_key' | 'created_at_iso'>): ReviewDto {
  return {
    id: row.id,
    userId: row.user_id,
    restaurantId: row.restaurant_id,
    restaurant: restaurantSummary(row),
    rating: row.rating,
    notes: row.notes,
    comment: row.notes,
    visitDate: row.visit_date,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
