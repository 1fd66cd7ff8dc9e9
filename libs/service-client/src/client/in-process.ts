import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import inject from 'light-my-request';

/**
 * A service in the same process as its caller (the one-process runner): a call is handed to the
 * handler the service's HTTP server runs for each request (its admission door, then its Fastify
 * router), with a request and a response made in memory (light-my-request, what Fastify's own
 * `inject()` uses). It skips the loopback socket, the HTTP writer and parser on both sides and
 * their syscalls, but nothing a socket request goes through: the door's in-flight and turn bounds
 * and pressure refusals, the route match, the internal token checked on the matched route, the
 * body's validation and the guards (the request carries the same headers).
 */
export interface InProcessRequest {
  method: 'POST' | 'GET';
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

export interface InProcessResponse {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  payload: string;
  /** The answer's bytes (a gzip answer is read from these, not from `payload`). */
  rawPayload: Uint8Array;
}

/** One call into a service in this process. */
export type InProcessDispatch = (request: InProcessRequest) => Promise<InProcessResponse>;

/** The part of a Fastify instance the dispatch uses: the HTTP server it answers on. */
interface WithServer {
  server: Server;
}

/**
 * The dispatch into one service (`app.getHttpAdapter().getInstance()`): its server's request
 * handler, not Fastify's `inject()`, which would start past the admission door (the door is the
 * server's handler, in front of Fastify: libs/service-client admission.ts).
 */
export function injectDispatch(fastify: WithServer): InProcessDispatch {
  const handlers = fastify.server.listeners('request') as Array<
    (req: IncomingMessage, res: ServerResponse) => void
  >;
  // One handler is what a socket request runs; more would mean a part of the path we don't know.
  if (handlers.length !== 1) {
    throw new Error(`in-process calls need the server's one request handler, found ${handlers.length}`);
  }
  const [handler] = handlers;
  return async (request) => {
    const response = await inject(handler, request);
    return {
      statusCode: response.statusCode,
      headers: response.headers,
      payload: response.payload,
      rawPayload: response.rawPayload,
    };
  };
}
