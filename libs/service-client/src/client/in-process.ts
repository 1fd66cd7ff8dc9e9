/**
 * A service in the same process as its caller (the one-process runner): a call is handed to the
 * service's own Fastify router through `inject()`, so it skips the loopback socket, the HTTP
 * writer and parser on both sides and their syscalls, but nothing of the route: the service still
 * matches the route, checks the internal token on it, validates the body and runs its guards,
 * exactly as for a call over HTTP (the request carries the same headers).
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
}

/** Fastify's `inject` as the service client needs it. */
export type InProcessDispatch = (request: InProcessRequest) => Promise<InProcessResponse>;

/** The part of a Fastify instance the dispatch uses. */
interface Injectable {
  inject(request: InProcessRequest): PromiseLike<InProcessResponse>;
}

/** The dispatch into one service's Fastify instance (`app.getHttpAdapter().getInstance()`). */
export function injectDispatch(fastify: Injectable): InProcessDispatch {
  return async (request) => {
    const response = await fastify.inject(request);
    return { statusCode: response.statusCode, headers: response.headers, payload: response.payload };
  };
}
