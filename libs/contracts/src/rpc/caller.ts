/**
 * Who is calling, as the gateway establishes it from the session cookie and passes to a service.
 * Services trust it only from the gateway: every internal request carries the shared
 * INTERNAL_TOKEN (see libs/service-client).
 */
export interface Caller {
  userId: number;
  isAdmin: boolean;
  /** Public id of the caller's session, so a service can tell "this session" in session lists. */
  sessionId: string | null;
}

/** Internal headers of a gateway -> service call. */
export const INTERNAL_HEADERS = {
  token: 'x-internal-token',
  callerId: 'x-caller-id',
  callerIsAdmin: 'x-caller-admin',
  callerSessionId: 'x-caller-session',
  requestId: 'x-request-id',
  /**
   * How long (ms) the caller waits for the answer, counted from when it sent the call: relative,
   * so no two clocks need agree. The service's door does not start a call past it.
   */
  budgetMs: 'x-rpc-budget-ms',
} as const;

/** Path prefix of a service's RPC endpoints: POST {baseUrl}/rpc/{pattern}. */
export const RPC_PATH_PREFIX = '/rpc';

/** An RPC map: pattern -> request and response types. */
export type RpcMap = Record<string, { request: unknown; response: unknown }>;
