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
    // By the route matched as well as the path: the router decodes escapes before it matches
    // (POST /%61pi/login is the sign-in), and an /api path no route owns falls to the files'
    // wildcard route.
    const route = request.routeOptions.url;
    if ((route !== undefined && isApiPath(route)) || isApiPath(request.url.split('?', 1)[0]!))
      reply.header('Cache-Control', API_CACHE_CONTROL);
    done();
  });
}
