#!/usr/bin/env node
// The bare baseline of the discovery rows: plain Fastify + pg answering the same reads from the
// reviews service's tables, written by hand with nothing of ours in between (no gateway, Nest,
// validation, session, taste weights or "why" text beyond the raw bud list). The viewer is a query
// parameter. Started by discovery.mjs as its own process: DATABASE_URL, PORT.
/* global process */
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });

/** The people `$1` follows whose content `$1` may see, no block either way. */
const BUDS = `buds AS (
  SELECT f.following_id AS id FROM reviews.follows f JOIN reviews.users u ON u.id = f.following_id
  WHERE f.follower_id = $1 AND (NOT u.is_private OR EXISTS (SELECT 1 FROM reviews.follows x
        WHERE x.follower_id = $1 AND x.following_id = u.id))
    AND NOT EXISTS (SELECT 1 FROM reviews.blocks b WHERE (b.blocker_id = $1 AND b.blocked_id = u.id)
        OR (b.blocker_id = u.id AND b.blocked_id = $1)))`;

// The app's read snapshots (migration 1734100000050): the stored answer while the viewer's read
// version stands, the same statement the reviews service runs, sent as the stored text. A miss is
// a 404 here (the bench warms the app first, which stores every snapshot read).
app.get('/snapshot', async (request, reply) => {
  // The stored gzip to a client that asks for gzip (as the app does), else the text.
  const gzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
  const { rows } = await pool.query(
    `SELECT ${gzip ? 's.payload_gzip' : 's.payload'} AS payload FROM reviews.read_snapshots s
     WHERE s.viewer_id = $1 AND s.read_key = $2
       AND s.version = COALESCE((SELECT v.version FROM reviews.viewer_read_versions v WHERE v.viewer_id = $1), 0)`,
    [Number(request.query.viewer), String(request.query.key)],
  );
  if (rows.length === 0) return reply.code(404).send({ statusCode: 404, message: 'No current snapshot' });
  if (gzip) reply.header('content-encoding', 'gzip');
  return reply.type('application/json; charset=utf-8').send(rows[0].payload);
});

// Ranked: each bud's newest review per place of the city, the mean per place, the buds beside it.
app.get('/ranked', async (request) => {
  const { rows } = await pool.query(
    `WITH ${BUDS},
     bud_reviews AS (
       SELECT DISTINCT ON (v.user_id, v.restaurant_id) v.user_id, v.restaurant_id, v.rating, v.created_at
       FROM buds b JOIN reviews.reviews v ON v.user_id = b.id
       JOIN reviews.restaurants r ON r.id = v.restaurant_id AND r.city = $2
       ORDER BY v.user_id, v.restaurant_id, v.id DESC)
     SELECT r.id, r.name, r.address, r.city, r.latitude, r.longitude,
            round(avg(br.rating)::numeric, 1)::float AS rating, count(*)::int AS friend_review_count,
            json_agg(json_build_object('userId', u.id, 'username', u.username, 'rating', br.rating,
                     'reviewedAt', br.created_at) ORDER BY br.created_at DESC) AS bud_reviews
     FROM bud_reviews br JOIN reviews.restaurants r ON r.id = br.restaurant_id
     JOIN reviews.users u ON u.id = br.user_id
     GROUP BY r.id ORDER BY avg(br.rating) DESC, count(*) DESC, r.id LIMIT 100`,
    [Number(request.query.viewer), String(request.query.city)],
  );
  return rows.map((row, i) => ({ rank: i + 1, ...row }));
});

// Feed: the buds' reviews and saves, newest first, one page.
app.get('/feed', async (request) => {
  const { rows } = await pool.query(
    `WITH ${BUDS},
     items AS (
       (SELECT 'review' AS type, v.id, v.user_id, v.restaurant_id, v.created_at, v.rating, v.notes AS message
          FROM buds b CROSS JOIN LATERAL (SELECT * FROM reviews.reviews v WHERE v.user_id = b.id
          ORDER BY v.created_at DESC, v.id DESC LIMIT 20) v)
       UNION ALL
       (SELECT 'save', s.id, s.user_id, s.restaurant_id, s.created_at, NULL, s.notes
          FROM buds b CROSS JOIN LATERAL (SELECT * FROM reviews.saved_restaurants s WHERE s.user_id = b.id
          ORDER BY s.created_at DESC, s.id DESC LIMIT 20) s))
     SELECT i.*, u.username, u.name, r.name AS restaurant_name, r.address, r.city
     FROM (SELECT * FROM items ORDER BY created_at DESC, id DESC LIMIT 20) i
     JOIN reviews.users u ON u.id = i.user_id JOIN reviews.restaurants r ON r.id = i.restaurant_id
     ORDER BY i.created_at DESC, i.id DESC`,
    [Number(request.query.viewer)],
  );
  return { items: rows, nextCursor: null };
});

// Recommendations: places the buds rated, not reviewed by the viewer, best bud mean first.
app.get('/recommendations', async (request) => {
  const { rows } = await pool.query(
    `WITH ${BUDS}
     SELECT r.id, r.name, r.address, r.city, round(avg(v.rating)::numeric, 1)::float AS bud_average_rating,
            count(*)::int AS bud_review_count
     FROM buds b JOIN reviews.reviews v ON v.user_id = b.id JOIN reviews.restaurants r ON r.id = v.restaurant_id
     WHERE NOT EXISTS (SELECT 1 FROM reviews.reviews mine WHERE mine.user_id = $1 AND mine.restaurant_id = r.id)
     GROUP BY r.id ORDER BY avg(v.rating) DESC, count(*) DESC, r.id LIMIT 6`,
    [Number(request.query.viewer)],
  );
  return rows;
});

// Search: trigram similarity on the migration's indexed expression.
app.get('/search', async (request) => {
  const q = String(request.query.q).toLowerCase();
  const { rows } = await pool.query(
    `SELECT r.id, r.name, r.address, r.city, r.cuisine,
            similarity(lower(r.name || ' ' || coalesce(r.cuisine, '') || ' ' || r.address), $1) AS score
     FROM reviews.restaurants r
     WHERE lower(r.name || ' ' || coalesce(r.cuisine, '') || ' ' || r.address) % $1
     ORDER BY score DESC, r.id LIMIT 10`,
    [q],
  );
  return rows;
});

// A restaurant page: the place, its maintained average (as the app reads it) and its newest reviews.
app.get('/restaurants/:id', async (request, reply) => {
  const id = Number(request.params.id);
  const { rows } = await pool.query(
    `SELECT r.id, r.name, r.address, r.city, r.latitude, r.longitude, r.cuisine,
            (a.rating_sum::numeric / NULLIF(a.review_count, 0))::float AS average_rating,
            COALESCE(a.review_count, 0)::int AS total_reviews
       FROM reviews.restaurants r LEFT JOIN reviews.restaurant_ratings a ON a.restaurant_id = r.id
      WHERE r.id = $1`,
    [id],
  );
  if (rows.length === 0) return reply.code(404).send({ statusCode: 404, message: 'Restaurant not found' });
  const reviews = await pool.query(
    `SELECT v.id, v.rating, v.notes, v.created_at, u.username, u.name
       FROM reviews.reviews v JOIN reviews.users u ON u.id = v.user_id
      WHERE v.restaurant_id = $1 ORDER BY v.id DESC LIMIT 100`,
    [id],
  );
  return { ...rows[0], reviews: reviews.rows };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.({ ready: true });
