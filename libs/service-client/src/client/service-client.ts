import { EventEmitter } from 'node:events';
import { context, propagation, ROOT_CONTEXT, trace, type Span } from '@opentelemetry/api';
import { Agent, errors as undiciErrors } from 'undici';
import {
  INTERNAL_HEADERS,
  RPC_PATH_PREFIX,
  type Caller,
  type JsonAnswer,
  type JsonText,
  type RpcMap,
} from '@dinebuds/contracts';
import { UpstreamHttpError } from '@dinebuds/errors';
import { formatTraceparent, propagatable } from '@dinebuds/logging';
import { BUSY_MESSAGE } from '../server/admission.js';
import { RPC_ACCEPT_GZIP } from '../server/answer-form.js';
import type { InProcessDispatch } from './in-process.js';
import { QueueGuard } from './queue-guard.js';

export interface ServiceClientOptions {
  /** Service name for messages, e.g. 'identity'. */
  service: string;
  /** e.g. http://identity:4101 (a compose / Kubernetes Service name balances replicas). */
  baseUrl: string;
  /** Shared secret proving the call comes from the gateway. */
  internalToken: string;
  timeoutMs?: number;
  /** Keep-alive connections per origin. */
  connections?: number;
  /**
   * Patterns that get connections of their own (`connections` of them), so they never wait in
   * the queue behind the rest: the gateway's sign-ins, which already have their own admission
   * bound, would otherwise queue behind hundreds of reads and time out in a storm of reads.
   */
  ownLane?: { patterns: readonly string[]; connections: number };
  /**
   * While every shared connection is busy and recent calls took longer than this, a new call is
   * refused at once with 503 BUSY rather than queued towards a 504 (see QueueGuard). Default half
   * of `timeoutMs`; 0 turns it off.
   */
  queueBudgetMs?: number;
  /** Largest response accepted (profile pictures travel base64 in JSON). */
  maxResponseBytes?: number;
  /**
   * The service's router when it runs in this process (the one-process runner): calls go through
   * it instead of a socket, with the same headers, token and deadline (see in-process.ts).
   */
  inProcess?: InProcessDispatch;
}

/**
 * The request a call serves, passed explicitly (the gateway's `@Origin()`): who asks, the request's
 * id (sent on as x-request-id, so one user action keeps one id across processes) and its server
 * span when tracing (its traceparent is sent on). Explicit rather than read from the request
 * context (why: libs/logging/src/request-context.ts).
 */
export interface CallOrigin {
  readonly caller: Caller | null;
  readonly requestId: string | null;
  readonly span?: Span;
}

/**
 * Who a call is from: a request's CallOrigin, or a Caller alone (a call that serves no request:
 * tests, jobs; the active context's span, if any, is its parent). Null or absent: nobody signed in.
 */
export type CallFrom = CallOrigin | Caller | null | undefined;

function isOrigin(from: CallOrigin | Caller): from is CallOrigin {
  return 'requestId' in from;
}

/** A service's `Retry-After` in seconds (only the delta form; services never send a date). */
export function retryAfterHeader(value: string | string[] | undefined): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || !/^\d{1,6}$/.test(text.trim())) return undefined;
  return Number(text.trim());
}

/**
 * Typed request/response calls from the gateway to one service: `POST {baseUrl}/rpc/{pattern}`
 * with the request as JSON and the caller in internal headers, over a pooled keep-alive agent.
 * A service's error answer is relayed unchanged; transport failures become 503/504.
 */
export class ServiceClient<M extends { [K in keyof M]: RpcMap[string] }> {
  private readonly agent: Agent;
  private readonly laneAgent: Agent | null;
  private readonly lanePatterns: ReadonlySet<string>;
  private readonly timeoutMs: number;
  /** The `x-rpc-budget-ms` every call carries: its deadline, as the service counts it. */
  private readonly budgetHeader: string;
  private readonly queue: QueueGuard;
  /** The service's origin and the paths of its RPCs and health, parsed once (not per call). */
  private readonly origin: string;
  private readonly rpcPath: string;
  private readonly healthPath: string;

  constructor(private readonly options: ServiceClientOptions) {
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.budgetHeader = String(this.timeoutMs);
    const base = new URL(options.baseUrl);
    this.origin = base.origin;
    const basePath = base.pathname.replace(/\/$/, '');
    this.rpcPath = `${basePath}${RPC_PATH_PREFIX}/`;
    this.healthPath = `${basePath}/health`;
    const connections = options.connections ?? 64;
    this.agent = this.newAgent(connections);
    this.queue = new QueueGuard(connections, options.queueBudgetMs ?? this.timeoutMs / 2);
    this.laneAgent = options.ownLane ? this.newAgent(options.ownLane.connections) : null;
    this.lanePatterns = new Set(options.ownLane?.patterns ?? []);
  }

  private newAgent(connections: number): Agent {
    return new Agent({
      connections,
      keepAliveTimeout: 30_000,
      keepAliveMaxTimeout: 60_000,
      headersTimeout: this.timeoutMs,
      bodyTimeout: this.timeoutMs,
    });
  }

  get service(): string {
    return this.options.service;
  }

  async call<P extends keyof M & string>(
    pattern: P,
    payload: M[P]['request'],
    from?: CallFrom,
  ): Promise<M[P]['response']> {
    const text = await this.callForText(pattern, payload, from);
    return (text === '' ? undefined : JSON.parse(text)) as M[P]['response'];
  }

  /**
   * The same call, answered as the service's JSON text, unparsed: for a gateway route that sends
   * the answer on as it is (a stored read snapshot), parsing and writing it again would be waste.
   */
  async callJson<P extends keyof M & string>(
    pattern: P,
    payload: M[P]['request'],
    from?: CallFrom,
  ): Promise<JsonText<M[P]['response']>> {
    return this.callForText(pattern, payload, from);
  }

  /**
   * The same call for a client that accepts gzip: the service answers a stored gzip when it has
   * one (bytes, sent on with `Content-Encoding: gzip`), else its JSON text.
   */
  async callJsonAnswer<P extends keyof M & string>(
    pattern: P,
    payload: M[P]['request'],
    from: CallFrom,
    acceptGzip: boolean,
  ): Promise<JsonAnswer<M[P]['response']>> {
    return this.send(pattern, payload, from, acceptGzip);
  }

  private callForText<P extends keyof M & string>(
    pattern: P,
    payload: M[P]['request'],
    from?: CallFrom,
  ): Promise<string> {
    return this.send(pattern, payload, from, false) as Promise<string>;
  }

  /** One call; the answer's gzip bytes when the service sent gzip (only if `acceptGzip`), else its text. */
  private async send<P extends keyof M & string>(
    pattern: P,
    payload: M[P]['request'],
    from: CallFrom,
    acceptGzip: boolean,
  ): Promise<string | Uint8Array> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      [INTERNAL_HEADERS.token]: this.options.internalToken,
      [INTERNAL_HEADERS.budgetMs]: this.budgetHeader,
    };
    if (acceptGzip) headers['accept-encoding'] = RPC_ACCEPT_GZIP;
    const origin = from && isOrigin(from) ? from : undefined;
    const caller = origin ? origin.caller : (from as Caller | null | undefined);
    if (origin?.requestId) headers[INTERNAL_HEADERS.requestId] = origin.requestId;
    if (caller) {
      headers[INTERNAL_HEADERS.callerId] = String(caller.userId);
      headers[INTERNAL_HEADERS.callerIsAdmin] = caller.isAdmin ? 'true' : 'false';
      if (caller.sessionId) headers[INTERNAL_HEADERS.callerSessionId] = caller.sessionId;
    }
    // W3C traceparent of the request's span (else the active one), so the service's span joins
    // the caller's trace, or follows its decision not to sample (no span unless tracing is set up:
    // libs/observability). Written as text; the propagator only when a tracestate is carried on.
    const span = origin?.span?.spanContext() ?? trace.getSpanContext(context.active());
    if (span?.traceState) propagation.inject(trace.setSpanContext(ROOT_CONTEXT, span), headers);
    else if (propagatable(span)) headers.traceparent = formatTraceparent(span);
    const laned = this.laneAgent !== null && this.lanePatterns.has(pattern);
    // Lane calls are bounded at the gateway's door; the rest by how long the queue makes them wait.
    const ended = laned ? () => {} : this.queue.enter();
    if (!ended) throw new UpstreamHttpError(503, BUSY_MESSAGE, 'BUSY', 1);
    let statusCode: number;
    let retryAfter: string | string[] | number | undefined;
    let text: string;
    let gzip: Uint8Array | null = null;
    const body = JSON.stringify(payload ?? {});
    const { signal: deadline, clear } = this.deadline(this.timeoutMs);
    try {
      if (this.options.inProcess) {
        const response = await this.inProcess(this.options.inProcess, pattern, headers, body, deadline);
        statusCode = response.statusCode;
        retryAfter = response.headers['retry-after'];
        if (acceptGzip && response.rawPayload && response.headers['content-encoding'] === 'gzip') {
          gzip = response.rawPayload;
          text = '';
        } else text = response.payload;
      } else {
        // The dispatcher's own request(): undici's top-level one parses the URL again on every call.
        const response = await (laned ? this.laneAgent! : this.agent).request({
          origin: this.origin,
          path: `${this.rpcPath}${pattern}`,
          method: 'POST',
          headers,
          body,
          signal: deadline,
        });
        statusCode = response.statusCode;
        retryAfter = response.headers['retry-after'];
        if (acceptGzip && response.headers['content-encoding'] === 'gzip') {
          gzip = Buffer.from(await response.body.arrayBuffer());
          text = '';
        } else text = await response.body.text();
      }
    } catch (error) {
      throw this.transportError(error);
    } finally {
      clear();
      ended();
    }
    if (statusCode >= 200 && statusCode < 300) return gzip ?? text;
    throw this.upstreamError(
      statusCode,
      text,
      retryAfterHeader(typeof retryAfter === 'number' ? String(retryAfter) : retryAfter),
    );
  }

  /** One call through the service's router in this process, bounded by the same deadline. */
  private inProcess(
    dispatch: InProcessDispatch,
    pattern: string,
    headers: Record<string, string>,
    payload: string,
    deadline: EventEmitter,
  ) {
    return new Promise<Awaited<ReturnType<InProcessDispatch>>>((resolve, reject) => {
      const onAbort = () => {
        const error = new Error('deadline passed');
        error.name = 'TimeoutError';
        reject(error);
      };
      deadline.once('abort', onAbort);
      dispatch({ method: 'POST', url: `${this.rpcPath}${pattern}`, headers, payload }).then(
        (response) => {
          deadline.off('abort', onAbort);
          resolve(response);
        },
        (error: unknown) => {
          deadline.off('abort', onAbort);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }

  /** GET {baseUrl}/health: the service's own readiness (its database and broker). */
  async health(): Promise<{ ok: boolean; details: unknown }> {
    const { signal, clear } = this.deadline(Math.min(this.timeoutMs, 3000));
    try {
      const response = await this.agent.request({
        origin: this.origin,
        path: this.healthPath,
        method: 'GET',
        signal,
      });
      const text = await response.body.text();
      let details: unknown = text;
      try {
        details = JSON.parse(text);
      } catch {
        // keep the text
      }
      return { ok: response.statusCode === 200, details };
    } catch (error) {
      return { ok: false, details: { error: (error as Error).message } };
    } finally {
      clear();
    }
  }

  /**
   * A call's deadline, time queued for a connection included (the agent's own timeouts start
   * once the request is sent). undici takes an emitter as its signal: ~1 µs a call, where
   * AbortSignal.timeout cost ~27 µs and, when it fired, a DOMException from its timer.
   */
  private deadline(ms: number): { signal: EventEmitter; clear: () => void } {
    const signal = new EventEmitter();
    const timer = setTimeout(() => signal.emit('abort'), ms);
    return { signal, clear: () => clearTimeout(timer) };
  }

  async close(): Promise<void> {
    await Promise.all([this.agent.close(), this.laneAgent?.close()]);
  }

  private upstreamError(status: number, text: string, retryAfter?: number): UpstreamHttpError {
    try {
      const body = JSON.parse(text) as { message?: unknown; code?: unknown };
      if (typeof body.message === 'string') {
        return new UpstreamHttpError(
          status,
          body.message,
          typeof body.code === 'string' ? body.code : undefined,
          retryAfter,
        );
      }
    } catch {
      // not JSON: fall through
    }
    return new UpstreamHttpError(
      status >= 500 ? 502 : status,
      `The ${this.options.service} service answered ${status}`,
    );
  }

  private transportError(error: unknown): UpstreamHttpError {
    const name = (error as Error)?.name;
    if (
      name === 'TimeoutError' ||
      name === 'AbortError' ||
      error instanceof undiciErrors.HeadersTimeoutError ||
      error instanceof undiciErrors.BodyTimeoutError
    ) {
      return new UpstreamHttpError(
        504,
        `The ${this.options.service} service did not answer in time`,
        'UPSTREAM_TIMEOUT',
      );
    }
    return new UpstreamHttpError(
      503,
      `The ${this.options.service} service is unavailable`,
      'UPSTREAM_UNAVAILABLE',
    );
  }
}
