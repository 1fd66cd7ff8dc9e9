import { describe, expect, it } from '@jest/globals';
import type { RestaurantDetailDto } from '@dinebuds/contracts';
import { restaurantSnapshot } from './restaurant-snapshot.js';

const restaurant: RestaurantDetailDto = {
  id: 7,
  name: 'Tom & <Jerry> "Diner"',
  address: '1 "Main" St, New York, NY',
  city: 'New York',
  latitude: 40.7,
  longitude: -74,
  locationApproximate: false,
  photoUrl: '/api/restaurants/7/photo?v=0',
  cuisine: 'Sushi',
  priceRange: '$$' as RestaurantDetailDto['priceRange'],
  priceRangeLabel: '$$ Mid-range',
  category: null,
  phone: '+1 (212) 555-0100',
  website: 'javascript:alert(1)',
  averageRating: 3.8,
  totalReviews: 2,
  moodTags: ['Quiet'],
  isSaved: false,
  reviews: [
    {
      id: 1,
      rating: 4,
      review: 'Great </script><img src=x onerror=alert(1)> fish',
      visitDate: null,
      createdAt: '2026-11-27T10:00:00.000Z',
      user: { id: 3, username: 'ann', name: 'Ann Bee', profilePicture: null },
    },
    {
      id: 2,
      rating: 2,
      review: null,
      visitDate: null,
      createdAt: '2026-01-05T10:00:00.000Z',
      user: { id: 4, username: 'bob', name: '', profilePicture: '/api/users/4/picture' },
    },
  ],
};

describe("the restaurant page's static HTML", () => {
  const html = restaurantSnapshot(restaurant);

  it("writes the screen's content with its classes", () => {
    expect(html).toContain('<h1 class="restaurant__name">Tom &amp; &lt;Jerry&gt; "Diner"</h1>');
    expect(html).toContain('aria-label="4 out of 5 stars"');
    expect(html).toContain('<strong>3.8</strong><span>(2 reviews)</span>');
    expect(html).toContain('<li class="tag">Quiet</li>');
    expect(html).toContain('<span>$$ Mid-range</span>');
    expect(html).toContain('<a href="tel:+12125550100">');
    expect(html).toContain('<p class="review-card__date">Nov 27, 2026</p>');
    expect(html).toContain('<p class="review-card__date">Jan 5, 2026</p>');
    expect(html).toContain('<a class="user-link" href="/profile/ann">');
    expect(html).toContain(`<span class="sr-only">Ann Bee's avatar</span>`);
    expect(html).toContain(
      '<img class="avatar__image" src="/api/users/4/picture" alt="bob&#39;s profile picture"',
    );
    // The map's own first state: it loads after the first paint.
    expect(html).toContain(
      '<div class="restaurant__map-slot"><div class="state state--compact"><span role="status" aria-label="Loading map"',
    );
  });

  it('escapes every text and attribute, and writes no link the app would not', () => {
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('</script>');
    expect(html).toContain('Great &lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; fish');
    expect(html).toContain('alt="Photo of Tom &amp; &lt;Jerry&gt; &quot;Diner&quot;"');
    expect(html).not.toContain('javascript:');
  });

  it('shows the empty state and the map fallback when there is nothing to show', () => {
    const empty = restaurantSnapshot({
      ...restaurant,
      latitude: null,
      longitude: null,
      averageRating: null,
      totalReviews: 0,
      reviews: [],
    });
    expect(empty).toContain('<p class="restaurant__rating">No reviews yet</p>');
    expect(empty).toContain('<p class="state__title">No reviews yet</p>');
    expect(empty).toContain('<a class="btn btn--outline btn--md" href="/auth">Sign in to review</a>');
    expect(empty).toContain('<p>Map view unavailable</p>');
    expect(empty).not.toContain('Loading map');
  });
});
