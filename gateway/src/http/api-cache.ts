import type { FastifyInstance } from 'fastify';
import { isApiPath } from '../spa/spa.js';

/**
 * API answers carry a user's data (their profile, follows, requests, sessions): no browser or
 * shared cache may keep them, or a signed-out tab (or the next person on a shared phone) could be
 * served them again. Set before the route runs, so a route that is safe to cache (a versioned
 * profile picture) replaces it with its own Cache-Control.
 */
export const API_CACHE_CONTROL = 'no-store';

export function installApiNoStore(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    if (isApiPath(request.url.split('?', 1)[0])) reply.header('Cache-Control', API_CACHE_CONTROL);
    done();
  });
}
