import type { RestaurantDetailDto } from '@dinebuds/contracts';

/** A restaurant page with nothing set, for component tests. */
export const EMPTY_RESTAURANT: RestaurantDetailDto = {
  id: 5,
  name: 'Noodle Nook',
  address: '5 Elm St, Boston, MA',
  city: 'Boston',
  latitude: null,
  longitude: null,
  locationApproximate: false,
  photoUrl: '/api/restaurants/5/photo?v=0',
  cuisine: null,
  priceRange: null,
  priceRangeLabel: null,
  category: null,
  phone: null,
  website: null,
  averageRating: null,
  totalReviews: 0,
  moodTags: [],
  isSaved: false,
  reviews: [],
};
