import { cityLabel, type RestaurantListItemDto, type RestaurantSummaryDto } from '@dinebuds/contracts';
import type { PrefixedRestaurant, RatedRestaurantRow } from './restaurants.repository.js';

/** The photo route with its version: a new upload is a new URL (0: the generated placeholder). */
export function photoUrlOf(restaurantId: number, photoVersion: number): string {
  return `/api/restaurants/${restaurantId}/photo?v=${photoVersion}`;
}

/** The restaurant summary of a row joined with its restaurant (a review, a save, an activity item). */
export function restaurantSummary(row: PrefixedRestaurant): RestaurantSummaryDto {
  return {
    id: row.restaurant_id,
    name: row.r_name,
    address: row.r_address,
    city: row.r_city === null ? null : cityLabel(row.r_city),
    latitude: row.r_latitude,
    longitude: row.r_longitude,
    locationApproximate: row.r_location_approximate,
    photoUrl: photoUrlOf(row.restaurant_id, row.r_photo_version),
  };
}

/** Average rating to one decimal (null without reviews). */
export function oneDecimal(average: number | null): number | null {
  return average === null ? null : Math.round(average * 10) / 10;
}

/** A restaurant in a list or on its page: with its rating and the viewer's saved flag. */
export function restaurantListItem(row: RatedRestaurantRow): RestaurantListItemDto {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    city: row.city === null ? null : cityLabel(row.city),
    latitude: row.latitude,
    longitude: row.longitude,
    locationApproximate: row.location_approximate,
    photoUrl: photoUrlOf(row.id, row.photo_version),
    hasPhoto: row.has_photo,
    averageRating: oneDecimal(row.average_rating),
    totalReviews: row.total_reviews,
    isSaved: row.is_saved,
  };
}
