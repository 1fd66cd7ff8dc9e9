/* global performance */
// The discovery benchmark's data: a seeded, repeatable generator writing straight into the reviews
// service's tables with set-based INSERT ... SELECT (PostgreSQL's random() under setseed, one
// session, fixed order), so 10,000 users, 200,000 reviews and ~1.25 million follows load in
// seconds. Users get ids from FIRST_USER_ID up, far above identity's, so registered people
// (the viewer) never collide with them. What the app keeps elsewhere (identity, social-graph) is
// not written: the discovery reads use only reviews' own tables and projections.

/** Seeded users' ids start here (identity's serial ids stay far below it). */
export const FIRST_USER_ID = 1_000_001;
export const RESTAURANTS_PER_CITY = 100;

/** Twenty catalogue cities (keys as the service stores them). */
export const BENCH_CITIES = [
  'new york',
  'los angeles',
  'chicago',
  'san francisco',
  'miami',
  'boston',
  'seattle',
  'austin',
  'denver',
  'nashville',
  'portland',
  'new orleans',
  'charlottesville',
  'washington dc',
  'philadelphia',
  'atlanta',
  'houston',
  'san diego',
  'dallas',
  'phoenix',
];

const CUISINES = ['italian', 'thai', 'mexican', 'japanese', 'diner', 'indian', 'french', 'barbecue'];

/** The restaurants, RESTAURANTS_PER_CITY per city; answers the first restaurant id. */
export async function seedRestaurants(db, seed) {
  await db.query('SELECT setseed($1)', [seed]);
  const { rows } = await db.query(
    `INSERT INTO reviews.restaurants (name, address, name_key, address_key, city, latitude, longitude, cuisine)
     SELECT 'Bench Kitchen ' || c.ord || '-' || n, n || ' Main St, ' || initcap(c.city),
            'bench kitchen ' || c.ord || ' ' || n, n || ' main st ' || c.city, c.city,
            30 + random() * 15, -120 + random() * 45, ($2::text[])[1 + floor(random() * $3)::int]
     FROM unnest($1::text[]) WITH ORDINALITY AS c(city, ord), generate_series(1, $4) n
     ORDER BY c.ord, n
     RETURNING id`,
    [BENCH_CITIES, CUISINES, CUISINES.length, RESTAURANTS_PER_CITY],
  );
  return Math.min(...rows.map((r) => r.id));
}

/**
 * Users `from`..`to` (offsets from FIRST_USER_ID, 0-based), `reviewsPerUser` reviews each (80% in
 * the user's home city), five saves each, and 50-200 follows each among users 0..`to`. Answers
 * the seconds it took.
 */
export async function seedUsers(db, { from, to, reviewsPerUser, firstRestaurantId, seed }) {
  const started = performance.now();
  const first = FIRST_USER_ID + from;
  const last = FIRST_USER_ID + to;
  const cities = BENCH_CITIES.length;
  await db.query('SELECT setseed($1)', [seed]);
  await db.query(
    `INSERT INTO reviews.users (id, username, name, profile_picture, is_private, version, synced_at)
     SELECT id, 'bench' || id, 'Bench Diner ' || id, NULL, false, 1, now()
     FROM generate_series($1::int, $2::int) id`,
    [first, last],
  );
  // restaurant = first + city * per-city + n; the home city is the user's id modulo the cities.
  const place = (homeShare) =>
    `$3::int + (CASE WHEN random() < ${homeShare} THEN u % ${cities} ELSE floor(random() * ${cities})::int END)
       * ${RESTAURANTS_PER_CITY} + floor(random() * ${RESTAURANTS_PER_CITY})::int`;
  await db.query(
    `INSERT INTO reviews.reviews (user_id, restaurant_id, rating, notes, created_at, updated_at)
     SELECT u, ${place(0.8)}, 1 + floor(random() * 5)::int, NULL, t, t
     FROM generate_series($1::int, $2::int) u, generate_series(1, $4::int) k,
          LATERAL (SELECT now() - random() * interval '365 days' + (u * 0) * interval '1 s' AS t) time
     ORDER BY u, k`,
    [first, last, firstRestaurantId, reviewsPerUser],
  );
  await db.query(
    `INSERT INTO reviews.saved_restaurants (user_id, restaurant_id, created_at)
     SELECT u, ${place(0.8)}, now() - random() * interval '365 days'
     FROM generate_series($1::int, $2::int) u, generate_series(1, 5) k
     ORDER BY u, k
     ON CONFLICT DO NOTHING`,
    [first, last, firstRestaurantId],
  );
  await db.query(
    `INSERT INTO reviews.follows (follower_id, following_id)
     SELECT DISTINCT u, $3::int + floor(random() * ($2::int - $3::int + 1))::int
     FROM generate_series($1::int, $2::int) u,
          LATERAL generate_series(1, 50 + floor(random() * 151)::int + u * 0) k
     ON CONFLICT DO NOTHING`,
    [first, last, FIRST_USER_ID],
  );
  await db.query('DELETE FROM reviews.follows WHERE follower_id = following_id AND follower_id >= $1', [
    first,
  ]);
  await db.query(
    'ANALYZE reviews.users, reviews.reviews, reviews.saved_restaurants, reviews.follows, reviews.restaurants, reviews.restaurant_ratings',
  );
  return (performance.now() - started) / 1000;
}

/** The viewer follows `count` seeded users among the first `among` (the same ones at every stage). */
export async function followBuds(db, viewerId, { count, among, seed }) {
  await db.query('SELECT setseed($1)', [seed]);
  await db.query(
    `INSERT INTO reviews.follows (follower_id, following_id)
     SELECT $1::int, id FROM generate_series($2::int, $3::int) id ORDER BY random() LIMIT $4
     ON CONFLICT DO NOTHING`,
    [viewerId, FIRST_USER_ID, FIRST_USER_ID + among - 1, count],
  );
}

/** Row counts of what the reads scan, for the printout. */
export async function tableSizes(db) {
  const { rows } = await db.query(
    `SELECT (SELECT count(*) FROM reviews.users)::int AS users, (SELECT count(*) FROM reviews.reviews)::int AS reviews,
            (SELECT count(*) FROM reviews.follows)::int AS follows, (SELECT count(*) FROM reviews.restaurants)::int AS restaurants,
            (SELECT count(*) FROM reviews.saved_restaurants)::int AS saves`,
  );
  return rows[0];
}
