import type { FastifyInstance } from 'fastify';

/** A refused body up to this many times BODY_LIMIT is read and dropped; a larger one closes at once. */
export const DRAIN_REFUSED_BODY_FACTOR = 8;

/**
 * A body over the limit is refused from its Content-Length before a byte of it is read, and
 * Fastify then closes the connection. The client is still sending it: its next writes fail
 * (EPIPE; in a browser a network error) and it may never read the 413. For a modest excess the
 * connection stays open instead and Node discards the unread body once the answer is sent (it
 * dumps an unconsumed request), so the client reads the 413; REQUEST_TIMEOUT_MS still bounds a
 * body that never ends. An absurd Content-Length is not worth reading: closed as before.
 */
export function drainRefusedBodies(fastify: FastifyInstance, bodyLimitBytes: number): void {
  fastify.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 413 || request.raw.readableDidRead || request.raw.complete) return payload;
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared <= bodyLimitBytes * DRAIN_REFUSED_BODY_FACTOR)
      reply.removeHeader('connection');
    return payload;
  });
}
