import type { RestaurantDetailDto } from '@dinebuds/contracts';

type Place = Pick<RestaurantDetailDto, 'name' | 'address' | 'latitude' | 'longitude' | 'locationApproximate'>;

/** Spec 2 outbound links: a maps search, by the exact position when we know it, else the address. */
export function mapsSearchLink(place: Place): string {
  const query =
    place.latitude !== null && place.longitude !== null && !place.locationApproximate
      ? `${place.latitude},${place.longitude}`
      : `${place.name}, ${place.address}`;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
