// The badges feature's public face: each user's badges, shown on the profile. The editor screen
// is loaded by its route.
export { cityBadgesQueryKey, getCityBadgesQueryOptions, useCityBadges } from './api/get-city-badges';
export { flavorBadgesQueryKey, getFlavorBadgesQueryOptions, useFlavorBadges } from './api/get-flavor-badges';
