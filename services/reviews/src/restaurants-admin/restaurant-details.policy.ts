import { REVIEW_MESSAGES, type PriceRange, type UpdateRestaurantDetailsRequest } from '@dinebuds/contracts';
import { badRequest } from '@dinebuds/errors';

/** The columns an admin edits, as stored (null: cleared). */
export interface RestaurantDetailsPatch {
  cuisine?: string | null;
  priceRange?: PriceRange | null;
  category?: string | null;
  phone?: string | null;
  website?: string | null;
}

const FIELDS = ['cuisine', 'priceRange', 'category', 'phone', 'website'] as const;

/**
 * What to write from a validated request (formats and lengths are the request class's): a missing
 * field stays, null or blank clears it, text is trimmed. Nothing to change is a 400.
 */
export function detailsPatch(
  request: Omit<UpdateRestaurantDetailsRequest, 'restaurantId'>,
): RestaurantDetailsPatch {
  const patch: Record<string, string | null> = {};
  for (const field of FIELDS) {
    const value = request[field];
    if (value === undefined) continue;
    const text = value === null ? '' : value.trim();
    patch[field] = text === '' ? null : text;
  }
  if (Object.keys(patch).length === 0) throw badRequest(REVIEW_MESSAGES.detailsRequired);
  return patch as RestaurantDetailsPatch;
}

/** Two entries of one place: merging one into itself is refused. */
export function assertMergeable(removedId: number, keptId: number): void {
  if (removedId === keptId) throw badRequest(REVIEW_MESSAGES.mergeIntoItself);
}
