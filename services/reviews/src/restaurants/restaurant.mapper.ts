import { cityLabel, type RestaurantSummaryDto } from '@dinebuds/contracts';
import type { PrefixedRestaurant } from './restaurants.repository.js';

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
