import type { RestaurantDetailDto, RestaurantReviewDto } from '@dinebuds/contracts';

/**
 * The public restaurant page (the page people share) as static HTML, for a visitor without a
 * session: the same markup and classes the app's RestaurantScreen renders for a signed-out
 * visitor before the map loads (frontend/src/features/restaurants/components/restaurant-screen.tsx),
 * so a phone paints the restaurant's name, rating and reviews with the stylesheet, before any
 * script has run, and React's first render replaces it in place. The buttons are the app's;
 * they act once the app has started (a second or two on a phone), as with any server render.
 * Keep it in step with the screen: `restaurant-snapshot.spec.ts` and the browser test
 * `restaurant-page.e2e-spec.ts` compare the two.
 */
export function restaurantSnapshot(restaurant: RestaurantDetailDto): string {
  const count = restaurant.totalReviews;
  const photoUrl = restaurant.photoUrl || `/api/restaurants/${restaurant.id}/photo`;
  const maps = mapsSearchLink(restaurant);
  const facts: string[] = [
    `<h1 class="restaurant__name">${text(restaurant.name)}</h1>`,
    `<p class="restaurant__address">${icon('map-pin')}<a href="${attr(maps)}" target="_blank" rel="noopener noreferrer">${text(restaurant.address)}${icon('external-link')}<span class="sr-only"> (opens maps in a new tab)</span></a></p>`,
  ];
  if (restaurant.cuisine || restaurant.priceRange || restaurant.category) {
    facts.push(
      `<p class="restaurant__meta">${restaurant.cuisine ? `<span>${text(restaurant.cuisine)}</span>` : ''}${
        restaurant.priceRangeLabel ? `<span>${text(restaurant.priceRangeLabel)}</span>` : ''
      }${restaurant.category ? `<span class="tag">${text(restaurant.category)}</span>` : ''}</p>`,
    );
  }
  if (restaurant.phone || restaurant.website) {
    const phone = restaurant.phone
      ? `<a href="tel:${attr(restaurant.phone.replace(/[^\d+]/g, ''))}">${icon('phone')}${text(restaurant.phone)}</a>`
      : '';
    const website =
      restaurant.website && /^https?:\/\//i.test(restaurant.website)
        ? `<a href="${attr(restaurant.website)}" target="_blank" rel="noopener noreferrer">${icon('globe')}${text(
            restaurant.website.replace(/^https?:\/\//, '').replace(/\/$/, ''),
          )}<span class="sr-only"> (opens in a new tab)</span></a>`
        : '';
    facts.push(`<p class="restaurant__contact">${phone}${website}</p>`);
  }
  facts.push(
    restaurant.averageRating !== null
      ? `<p class="restaurant__rating">${stars(Math.round(restaurant.averageRating))}<strong>${restaurant.averageRating.toFixed(
          1,
        )}</strong><span>(${count} ${count === 1 ? 'review' : 'reviews'})</span></p>`
      : '<p class="restaurant__rating">No reviews yet</p>',
  );
  if (restaurant.moodTags.length > 0) {
    facts.push(
      `<ul class="restaurant__moods" aria-label="Mood">${restaurant.moodTags
        .map((tag) => `<li class="tag">${text(tag)}</li>`)
        .join('')}</ul>`,
    );
  }

  const hasPin = restaurant.latitude !== null && restaurant.longitude !== null;
  // The app's own first state of the section: "Loading map" until the map loads after the first paint.
  const mapBody = hasPin
    ? '<div class="restaurant__map-slot"><div class="state state--compact"><span role="status" aria-label="Loading map" class="spinner spinner--md"></span></div></div>'
    : `<div class="map-fallback"><div class="notice" role="status">${icon('map-pin-off')}<p>Map view unavailable</p></div><p class="restaurant__fallback-address">${text(
        restaurant.address,
      )}</p><a href="${attr(maps)}" target="_blank" rel="noopener noreferrer">Search on Google Maps${icon(
        'external-link',
      )}<span class="sr-only"> (opens in a new tab)</span></a></div>`;

  const reviews =
    restaurant.reviews.length === 0
      ? `<div class="state state--compact"><p class="state__title">${
          count > 0 ? 'No reviews you can see' : 'No reviews yet'
        }</p>${
          count > 0 ? '<p class="state__description">The reviewers keep their profiles private.</p>' : ''
        }<div class="state__action"><a class="btn btn--outline btn--md" href="/auth">Sign in to review</a></div></div>`
      : `<ul class="review-list">${restaurant.reviews.map(reviewCard).join('')}</ul>`;

  return [
    '<div class="page restaurant">',
    '<div class="page__toolbar restaurant__toolbar">',
    `<button type="button" class="icon-button" aria-label="Go back">${icon('arrow-left')}</button>`,
    '<div class="restaurant__toolbar-actions">',
    `<button type="button" class="btn btn--outline btn--sm">${icon('share-2')}Share</button>`,
    `<button type="button" class="btn btn--outline btn--sm" aria-pressed="false">${icon('bookmark')}Save</button>`,
    '</div></div>',
    `<header class="card restaurant__header"><img class="restaurant__photo" alt="Photo of ${attr(
      restaurant.name,
    )}" width="96" height="96" fetchpriority="high" src="${attr(photoUrl)}"><div class="restaurant__facts">${facts.join('')}</div></header>`,
    `<div class="restaurant__actions"><button type="button" class="btn btn--primary btn--sm">${icon(
      'calendar-days',
    )}Make a Reservation</button></div>`,
    `<section aria-labelledby="restaurant-map-title" class="restaurant__map"><h2 id="restaurant-map-title" class="section-title">Location</h2>${mapBody}${
      restaurant.locationApproximate ? '<p class="review-card__warning">Location approximated</p>' : ''
    }</section>`,
    `<section aria-labelledby="restaurant-reviews-title" class="restaurant__reviews"><h2 id="restaurant-reviews-title" class="section-title">Reviews</h2>${reviews}</section>`,
    '</div>',
  ].join('');
}

function reviewCard(review: RestaurantReviewDto): string {
  const name = review.user.name || review.user.username;
  const display = review.user.name?.trim() || review.user.username;
  const initial = display.charAt(0).toUpperCase() || '?';
  const picture = review.user.profilePicture
    ? `<img class="avatar__image" src="${attr(review.user.profilePicture)}" alt="${attr(
        `${display}'s profile picture`,
      )}" decoding="async">`
    : '';
  const avatar = `<span class="avatar avatar--sm"><span class="avatar__fallback"><span aria-hidden="true">${text(initial)}</span>${
    picture ? '' : `<span class="sr-only">${text(`${display}'s avatar`)}</span>`
  }</span>${picture}</span>`;
  return `<li class="card review-card"><a class="user-link" href="/profile/${encodeURIComponent(
    review.user.username,
  )}">${avatar}<span><span class="user-link__name">${text(name)}</span> <span class="user-link__handle">@${text(
    review.user.username,
  )}</span></span></a>${stars(review.rating)}${
    review.review ? `<p class="review-card__notes">${text(review.review)}</p>` : ''
  }<p class="review-card__date">${shortDate(review.createdAt)}</p></li>`;
}

/** Spec 2 outbound links, as `maps-link.ts` writes them. */
function mapsSearchLink(place: RestaurantDetailDto): string {
  const query =
    place.latitude !== null && place.longitude !== null && !place.locationApproximate
      ? `${place.latitude},${place.longitude}`
      : `${place.name}, ${place.address}`;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Nov 27, 2026', as `formatShortDate`; in UTC here (the app writes the visitor's local day). */
function shortDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  return `${SHORT_MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

function stars(rating: number): string {
  let icons = '';
  for (let star = 1; star <= 5; star += 1) icons += icon('star', star <= rating ? 'stars__on' : 'stars__off');
  return `<span class="stars" role="img" aria-label="${rating} out of 5 stars">${icons}</span>`;
}

/** lucide-react's icons as it renders them (same paths, classes and attributes). */
const ICONS: Record<string, string> = {
  'arrow-left': '<path d="m12 19-7-7 7-7"></path><path d="M19 12H5"></path>',
  'share-2':
    '<circle cx="18" cy="5" r="3"></circle><circle cx="6" cy="12" r="3"></circle><circle cx="18" cy="19" r="3"></circle><line x1="8.59" x2="15.42" y1="13.51" y2="17.49"></line><line x1="15.41" x2="8.59" y1="6.51" y2="10.49"></line>',
  bookmark:
    '<path d="M17 3a2 2 0 0 1 2 2v15a1 1 0 0 1-1.496.868l-4.512-2.578a2 2 0 0 0-1.984 0l-4.512 2.578A1 1 0 0 1 5 20V5a2 2 0 0 1 2-2z"></path>',
  'map-pin':
    '<path d="M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0"></path><circle cx="12" cy="10" r="3"></circle>',
  'map-pin-off':
    '<path d="M12.75 7.09a3 3 0 0 1 2.16 2.16"></path><path d="M17.072 17.072c-1.634 2.17-3.527 3.912-4.471 4.727a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 1.432-4.568"></path><path d="m2 2 20 20"></path><path d="M8.475 2.818A8 8 0 0 1 20 10c0 1.183-.31 2.377-.81 3.533"></path><path d="M9.13 9.13a3 3 0 0 0 3.74 3.74"></path>',
  'external-link':
    '<path d="M15 3h6v6"></path><path d="M10 14 21 3"></path><path d="M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6"></path>',
  star: '<path d="M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z"></path>',
  'calendar-days':
    '<path d="M8 2v3"></path><path d="M16 2v3"></path><rect x="3" y="3" width="18" height="18" rx="2"></rect><path d="M3 9h18"></path><path d="M8 13h.01"></path><path d="M12 13h.01"></path><path d="M16 13h.01"></path><path d="M8 17h.01"></path><path d="M12 17h.01"></path><path d="M16 17h.01"></path>',
  phone:
    '<path d="M13.832 16.568a1 1 0 0 0 1.213-.303l.355-.465A2 2 0 0 1 17 15h3a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2A18 18 0 0 1 2 4a2 2 0 0 1 2-2h3a2 2 0 0 1 2 2v3a2 2 0 0 1-.8 1.6l-.468.351a1 1 0 0 0-.292 1.233 14 14 0 0 0 6.392 6.384"></path>',
  globe:
    '<circle cx="12" cy="12" r="10"></circle><path d="M12 2a14.5 14.5 0 0 0 0 20 14.5 14.5 0 0 0 0-20"></path><path d="M2 12h20"></path>',
};

function icon(name: string, extra?: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-${name}${
    extra ? ` ${extra}` : ''
  }" aria-hidden="true">${ICONS[name]}</svg>`;
}

function text(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function attr(value: string): string {
  return text(value).replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
