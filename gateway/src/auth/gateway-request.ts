import type { FastifyRequest } from 'fastify';
import type { Caller, CurrentUserDto } from '@dinebuds/contracts';
import { serverSpanOf } from '@dinebuds/observability';
import type { CallOrigin } from '@dinebuds/service-client';

/** A Fastify request after the session guard has run (cookies parsed by @fastify/cookie). */
export interface GatewayRequest extends FastifyRequest {
  /** The signed-in caller, null when anonymous, undefined on routes that do not consult the session. */
  caller?: Caller | null;
  /** The signed-in user's own view, resolved with the session (what `GET /api/user` answers). */
  signedInUser?: CurrentUserDto;
}

/**
 * The request as the origin of the service calls it makes: who asks, its request id and its
 * server span (when tracing), handed to each call rather than read from an AsyncLocalStorage.
 */
export function originOf(req: GatewayRequest): CallOrigin {
  return { caller: req.caller ?? null, requestId: req.id, span: serverSpanOf(req) };
}
