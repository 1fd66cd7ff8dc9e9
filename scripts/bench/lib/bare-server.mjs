#!/usr/bin/env node
// The bare baseline: a plain Fastify + pg server answering the same rows as the app, from the same
// PostgreSQL, with nothing of ours in between (no gateway, Nest, ORM, logging, validation).
// Started by platform.mjs as its own process: DATABASE_URL, PORT.
/* global process */
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });

const USER_COLUMNS = `id, username, name, bio, picture_type, picture_version, review_count, is_admin, is_private, created_at`;

function toUser(row) {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    bio: row.bio,
    profilePicture: row.picture_type ? `/api/users/${row.id}/profile-picture?v=${row.picture_version}` : null,
    reviewCount: row.review_count,
    isAdmin: row.is_admin,
    isPrivate: row.is_private,
    createdAt: row.created_at.toISOString(),
  };
}

app.get('/users/:id', async (request, reply) => {
  const { rows } = await pool.query(`SELECT ${USER_COLUMNS} FROM identity.users WHERE id = $1`, [
    Number(request.params.id),
  ]);
  if (rows.length === 0) return reply.code(404).send({ statusCode: 404, message: 'User not found' });
  return toUser(rows[0]);
});

// The session read the app does for GET /api/user: token hash → live session → its user.
app.get('/user', async (request, reply) => {
  const token = /dinebuds_sid=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
  if (!token) return reply.code(401).send({ statusCode: 401, message: 'Not authenticated' });
  const hash = createHash('sha256').update(decodeURIComponent(token), 'utf8').digest('hex');
  const { rows } = await pool.query(
    `SELECT ${USER_COLUMNS.split(', ')
      .map((c) => `u.${c}`)
      .join(', ')}
       FROM identity.sessions s JOIN identity.users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()`,
    [hash],
  );
  if (rows.length === 0) return reply.code(401).send({ statusCode: 401, message: 'Not authenticated' });
  return toUser(rows[0]);
});

app.get('/users/:id/followers', async (request) => {
  const { rows } = await pool.query(
    `SELECT u.id, u.username, u.name, u.profile_picture, u.is_private
       FROM social.follows f JOIN social.users u ON u.id = f.follower_id
      WHERE f.following_id = $1 ORDER BY f.created_at DESC, f.id DESC LIMIT $2`,
    [Number(request.params.id), Math.min(Number(request.query.limit ?? 50), 100)],
  );
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    name: r.name,
    profilePicture: r.profile_picture,
    isPrivate: r.is_private,
  }));
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.({ ready: true });
process.on('SIGTERM', async () => {
  await app.close();
  await pool.end();
  process.exit(0);
});
