#!/usr/bin/env node
// The bare baseline of the reviews rows: plain Fastify + pg on the same tables as the reviews
// service, nothing of ours in between (no gateway, Nest, validation, outbox, privacy check).
// Started by reviews.mjs as its own process: DATABASE_URL, PORT.
/* global process */
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });

// Find-or-create the restaurant and insert the review in one transaction (what the app's write
// does, less validation, place resolution and the outbox row).
app.post('/reviews', async (request) => {
  const { restaurantName, address, rating, notes, userId } = request.body;
  const key = (s) =>
    s
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const r = await client.query(
      `INSERT INTO reviews.restaurants (name, address, name_key, address_key, city, latitude, longitude, location_approximate)
       VALUES ($1, $2, $3, $4, 'new york', 40.7128, -74.006, true)
       ON CONFLICT (name_key, address_key) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
      [restaurantName, address, key(restaurantName), key(address)],
    );
    const v = await client.query(
      `INSERT INTO reviews.reviews (user_id, restaurant_id, rating, notes) VALUES ($1, $2, $3, $4) RETURNING id, created_at`,
      [userId, r.rows[0].id, rating, notes ?? null],
    );
    await client.query('COMMIT');
    return { id: v.rows[0].id, restaurantId: r.rows[0].id, rating };
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
});

app.get('/reviews', async (request) => {
  const { rows } = await pool.query(
    `SELECT v.id, v.user_id, v.restaurant_id, v.rating, v.notes, v.created_at, r.name, r.address, r.city, r.latitude, r.longitude
       FROM reviews.reviews v JOIN reviews.restaurants r ON r.id = v.restaurant_id
      WHERE v.user_id = $1 ORDER BY v.id DESC LIMIT $2`,
    [Number(request.query.userId), Math.min(Number(request.query.limit ?? 50), 200)],
  );
  return rows;
});

app.get('/restaurants/:id', async (request, reply) => {
  const id = Number(request.params.id);
  const { rows } = await pool.query(
    `SELECT r.*, (SELECT AVG(rating)::float FROM reviews.reviews WHERE restaurant_id = r.id) AS average_rating,
            (SELECT COUNT(*)::int FROM reviews.reviews WHERE restaurant_id = r.id) AS total_reviews
       FROM reviews.restaurants r WHERE r.id = $1`,
    [id],
  );
  if (rows.length === 0) return reply.code(404).send({ statusCode: 404, message: 'Restaurant not found' });
  const reviews = await pool.query(
    `SELECT v.id, v.rating, v.notes, v.created_at, u.username, u.name
       FROM reviews.reviews v JOIN reviews.users u ON u.id = v.user_id
      WHERE v.restaurant_id = $1 ORDER BY v.id DESC LIMIT 100`,
    [id],
  );
  return { ...rows[0], photo: undefined, reviews: reviews.rows };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.({ ready: true });
