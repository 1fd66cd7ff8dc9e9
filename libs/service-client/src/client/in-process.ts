/**
 * A call into a service in the same process as its caller (the one-process runner), as the
 * client makes it: the request an HTTP call would send, the answer it would get. The service side
 * (server/direct-calls.ts) runs it straight on the RPC's handler, with the service's admission
 * door, internal-token guard, body checks and error filter, and no HTTP request in between.
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
  /** A binary answer's bytes (a stored gzip, `Content-Encoding: gzip`); `payload` is then ''. */
  rawPayload?: Uint8Array;
}

/** One call into a service in this process. */
export type InProcessDispatch = (request: InProcessRequest) => Promise<InProcessResponse>;
