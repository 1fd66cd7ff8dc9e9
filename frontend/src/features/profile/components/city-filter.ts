import type { RestaurantSummaryDto } from '@dinebuds/contracts';

/** The "Search any city..." box: the restaurant's city, or its address when no city is known. */
export function matchesCity(restaurant: RestaurantSummaryDto, search: string): boolean {
  const text = search.trim().toLowerCase();
  if (!text) return true;
  return (restaurant.city ?? restaurant.address).toLowerCase().includes(text);
}
