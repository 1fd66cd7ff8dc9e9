import type { FastifyRequest } from 'fastify';
import type { Caller, CurrentUserDto } from '@dinebuds/contracts';

/** A Fastify request after the session guard has run (cookies parsed by @fastify/cookie). */
export interface GatewayRequest extends FastifyRequest {
  /** The signed-in caller, null when anonymous, undefined on routes that do not consult the session. */
  caller?: Caller | null;
  /** The signed-in user's own view, resolved with the session (what `GET /api/user` answers). */
  signedInUser?: CurrentUserDto;
}
