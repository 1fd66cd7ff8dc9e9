#!/usr/bin/env node
// The floor of a hop between processes: a plain Fastify server that answers GET /users/:id by
// calling identity's RPC over loopback with undici (the gateway's client library, one keep-alive
// pool) and sending its text on, with nothing else of ours (no Nest, guards, validation, metrics).
// platform.mjs puts it beside the gateway in the distributed mode: what it adds over calling
// identity directly is what any separate-process hop costs on this machine.
// Started as its own process: PORT, IDENTITY_URL, INTERNAL_TOKEN.
/* global process, URL */
import Fastify from 'fastify';
import { Agent } from 'undici';

const identity = new URL(process.env.IDENTITY_URL);
const agent = new Agent({ connections: 64 });
const app = Fastify({ logger: false });

app.get('/users/:id', async (request, reply) => {
  const answer = await agent.request({
    origin: identity.origin,
    path: '/rpc/users.get',
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-internal-token': process.env.INTERNAL_TOKEN },
    body: JSON.stringify({ id: Number(request.params.id) }),
  });
  const text = await answer.body.text();
  return reply.code(answer.statusCode).header('content-type', 'application/json; charset=utf-8').send(text);
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.({ ready: true });
process.on('SIGTERM', async () => {
  await app.close();
  await agent.close();
  process.exit(0);
});
