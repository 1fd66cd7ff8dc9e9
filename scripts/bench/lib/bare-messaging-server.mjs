#!/usr/bin/env node
// The bare baseline of the messaging rows: plain Fastify + pg on the messaging service's tables,
// nothing of ours in between (no gateway, session, Nest, validation, block check, pair lock or
// event). The sender is a query parameter. Started by messaging.mjs: DATABASE_URL, PORT.
/* global process */
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });

// A send: the message and both sides' conversation rows in one statement.
app.post('/send', async (request, reply) => {
  const { senderId, receiverId, content } = request.body;
  const { rows } = await pool.query(
    `WITH m AS (INSERT INTO messaging.messages (sender_id, receiver_id, content) VALUES ($1, $2, $3)
                RETURNING id, created_at),
          c AS (INSERT INTO messaging.conversations (user_id, other_id, last_message_id, unread_count)
                SELECT $1, $2, m.id, 0 FROM m UNION ALL SELECT $2, $1, m.id, 1 FROM m
                ON CONFLICT (user_id, other_id) DO UPDATE SET last_message_id = EXCLUDED.last_message_id,
                  unread_count = messaging.conversations.unread_count + EXCLUDED.unread_count)
     SELECT id, created_at FROM m`,
    [senderId, receiverId, content],
  );
  return reply
    .code(201)
    .send({ id: rows[0].id, senderId, receiverId, content, createdAt: rows[0].created_at });
});

// The inbox: one row per person with the last message.
app.get('/conversations', async (request) => {
  const { rows } = await pool.query(
    `SELECT c.other_id AS user_id, u.username, u.name, u.profile_picture, m.content AS last_message,
            m.id AS last_message_id, m.created_at AS last_message_time, c.unread_count
     FROM messaging.conversations c JOIN messaging.messages m ON m.id = c.last_message_id
     JOIN messaging.users u ON u.id = c.other_id
     WHERE c.user_id = $1 ORDER BY c.last_message_id DESC LIMIT 50`,
    [Number(request.query.userId)],
  );
  return rows;
});

// A conversation's newest page.
app.get('/conversation', async (request) => {
  const { rows } = await pool.query(
    `SELECT id, sender_id, receiver_id, content, message_type, read, created_at FROM messaging.messages
     WHERE (sender_id = $1 AND receiver_id = $2) OR (sender_id = $2 AND receiver_id = $1)
     ORDER BY id DESC LIMIT 100`,
    [Number(request.query.userId), Number(request.query.otherUserId)],
  );
  return rows.reverse();
});

app.get('/unread-count', async (request) => {
  const { rows } = await pool.query(
    'SELECT COALESCE(SUM(unread_count), 0)::int AS count FROM messaging.conversations WHERE user_id = $1',
    [Number(request.query.userId)],
  );
  return rows[0];
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.({ ready: true });
