import fastifyUnderPressure from '@fastify/under-pressure';
import { EventEmitter } from 'node:events';
import {
  createServer,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { FastifyInstance } from 'fastify';
import { INTERNAL_HEADERS } from '@dinebuds/contracts';
import { body } from '@dinebuds/errors';

/** Past any of these a request is refused at once with 503 + Retry-After (0 turns a check off). */
export interface AdmissionLimits {
  /** Requests this process holds at once, running or waiting for a turn; one more is refused. */
  maxInFlight: number;
  /**
   * Requests handed to the app at once (0: all); the others wait in arrival order, parsed but
   * not started. Node runs every ready event of a loop turn before the next turn, and a turn is
   * also when it accepts one new connection and answers a refusal: 512 reads started at once made
   * each turn ~100 ms long, so refusals took that long and new connections waited seconds in
   * the kernel's queue. A few dozen started requests keep PostgreSQL and the loop busy as well.
   */
  maxConcurrent: number;
  /** A request that waited longer than this (ms) for its turn is refused instead of started. */
  maxQueueWaitMs: number;
  /**
   * Costly requests (the gateway: sign-in, registration, password change, each an argon2id hash
   * behind it) at once. Refused at the door, the refusal costs a few microseconds instead of a
   * trip to identity behind every queued read.
   */
  maxCostlyInFlight: number;
  /** Event-loop delay (ms, sampled every `sampleIntervalMs`) past which new work is refused. */
  maxEventLoopDelayMs: number;
  /** V8 heap in use (bytes). */
  maxHeapUsedBytes: number;
  /** Seconds a refused client is told to wait. */
  retryAfterSeconds: number;
  /**
   * A connection refused again before its Retry-After is up (a client that ignores it, as a
   * credential-stuffing tool does) gets its next refusal no sooner than this many ms after the one
   * before (0: at once). Such a client sends its next request the moment it has an answer: the
   * pace caps how many requests it makes the process parse and refuse, so the refusals cannot
   * crowd out admitted work, while a polite client's first refusal is never delayed.
   */
  repeatRefusalDelayMs: number;
  sampleIntervalMs: number;
}

export const DEFAULT_ADMISSION: AdmissionLimits = {
  // Above the 512 connections the issue measured without time-outs: shedding reads early only
  // helps clients that back off, and a client that retries at once turns each refusal into churn.
  maxInFlight: 1024,
  maxConcurrent: 32,
  maxQueueWaitMs: 3000,
  maxCostlyInFlight: 16,
  maxEventLoopDelayMs: 1000,
  maxHeapUsedBytes: 0,
  retryAfterSeconds: 1,
  // Under the 50 ms a refusal may take, with room for a busy loop's turn: 128 connections that
  // retry at once are held to ~4,000 refusals a second instead of as many as the event loop can
  // parse (13,500 here), and a refusal's time stays near the pace instead of the pace plus a turn.
  repeatRefusalDelayMs: 30,
  sampleIntervalMs: 250,
};

export const BUSY_MESSAGE = 'The server is busy. Please try again in a moment.';

function envNumber(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a whole number of at least 0 (0 turns the check off)`);
  return value;
}

/**
 * ADMISSION_MAX_IN_FLIGHT, ADMISSION_MAX_CONCURRENT, ADMISSION_MAX_QUEUE_WAIT_MS,
 * ADMISSION_MAX_COSTLY_IN_FLIGHT, ADMISSION_MAX_EVENT_LOOP_DELAY_MS,
 * ADMISSION_MAX_HEAP_MB, ADMISSION_RETRY_AFTER_SECONDS and ADMISSION_REPEAT_REFUSAL_DELAY_MS, the
 * same for the gateway and every service.
 */
export function admissionFromEnv(env: Record<string, string | undefined> = process.env): AdmissionLimits {
  return {
    maxInFlight: envNumber(env, 'ADMISSION_MAX_IN_FLIGHT', DEFAULT_ADMISSION.maxInFlight),
    maxConcurrent: envNumber(env, 'ADMISSION_MAX_CONCURRENT', DEFAULT_ADMISSION.maxConcurrent),
    maxQueueWaitMs: envNumber(env, 'ADMISSION_MAX_QUEUE_WAIT_MS', DEFAULT_ADMISSION.maxQueueWaitMs),
    maxCostlyInFlight: envNumber(env, 'ADMISSION_MAX_COSTLY_IN_FLIGHT', DEFAULT_ADMISSION.maxCostlyInFlight),
    maxEventLoopDelayMs: envNumber(
      env,
      'ADMISSION_MAX_EVENT_LOOP_DELAY_MS',
      DEFAULT_ADMISSION.maxEventLoopDelayMs,
    ),
    maxHeapUsedBytes: envNumber(env, 'ADMISSION_MAX_HEAP_MB', 0) * 1024 * 1024,
    retryAfterSeconds: Math.max(
      1,
      envNumber(env, 'ADMISSION_RETRY_AFTER_SECONDS', DEFAULT_ADMISSION.retryAfterSeconds),
    ),
    repeatRefusalDelayMs: envNumber(
      env,
      'ADMISSION_REPEAT_REFUSAL_DELAY_MS',
      DEFAULT_ADMISSION.repeatRefusalDelayMs,
    ),
    sampleIntervalMs: DEFAULT_ADMISSION.sampleIntervalMs,
  };
}

/** The refusal's answer, built once: a raw Node response writes it without Fastify. */
export interface RefusalAnswer {
  headers: OutgoingHttpHeaders;
  body: string;
}

export function refusalAnswer(
  retryAfterSeconds: number,
  extraHeaders: OutgoingHttpHeaders = {},
): RefusalAnswer {
  const json = JSON.stringify(body(503, BUSY_MESSAGE, 'BUSY'));
  return {
    headers: {
      ...extraHeaders,
      'retry-after': String(retryAfterSeconds),
      'cache-control': 'no-store',
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(json)),
    },
    body: json,
  };
}

/**
 * The caller's budget (ms) from its `x-rpc-budget-ms` header: how long it waits for the answer.
 * Infinity when absent or malformed (a browser's request, a probe): only maxQueueWaitMs bounds it.
 */
export function callerBudgetMs(header: string | string[] | undefined): number {
  const text = Array.isArray(header) ? header[0] : header;
  return text !== undefined && /^\d{1,9}$/.test(text) ? Number(text) : Infinity;
}

/** Whether a request announces a body (a length above 0, or chunks). */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** The part of Fastify's options a raw server needs (what Fastify sets on a server it makes). */
interface ServerTimeouts {
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
}

/**
 * Load shedding at the door, on Node's raw request, before Fastify builds a request, routes it or
 * runs a hook: a process past its limits answers 503 + Retry-After with a prebuilt answer. Under a
 * flood from clients that retry at once (credential stuffing), the refusals are most of the work;
 * each one costs tens of microseconds here instead of the ~0.3 ms a Fastify/Nest refusal took.
 * The door also keeps the event loop's turns short, so refusals and new connections are not
 * stuck behind a turn's worth of admitted work: at most `maxConcurrent` admitted requests run at
 * once (the rest wait their turn, parsed, in arrival order), a connection that keeps retrying
 * while refused is answered `repeatRefusalDelayMs` late, and costly requests are bounded by what
 * the upstream behind them showed it can hold.
 *
 * In-flight counts are ours (under-pressure has none); event-loop delay and heap are
 * @fastify/under-pressure's, asked through `isUnderPressure()`. Health probes always pass, so an
 * orchestrator never restarts a replica for being busy. Refused requests have no request id, log
 * line or span: `refused` counts them (exported as a metric by the caller).
 */
/**
 * What the door needs of an answer: a socket request's ServerResponse, or an in-process call's
 * CallAnswer (enterCall).
 */
interface Answer {
  once(event: 'close' | 'prefinish', listener: () => void): unknown;
  readonly destroyed: boolean;
  readonly statusCode: number;
  readonly socket: object | null;
  writeHead(statusCode: number, headers: OutgoingHttpHeaders): unknown;
  end(body: string): unknown;
}

/** What the door reads of a request. */
interface Arrival {
  method?: string;
  url?: string;
  readonly socket: object | null;
}

/**
 * An in-process call's answer as the door sees it: its refusal is written here, and `end` gives
 * its place and turn back as a socket answer's end and close do.
 */
class CallAnswer extends EventEmitter implements Answer {
  statusCode = 200;
  destroyed = false;
  readonly socket = null;
  private refused = false;

  constructor(private readonly onRefused: () => void) {
    super();
  }

  /** Only the door writes a head: its refusal. */
  writeHead(statusCode: number): this {
    this.statusCode = statusCode;
    this.refused = true;
    return this;
  }

  end(): this {
    if (this.destroyed) return this;
    this.destroyed = true;
    this.emit('prefinish');
    this.emit('close');
    if (this.refused) this.onRefused();
    return this;
  }
}

/** An admitted in-process call's place at the door: hand it back with the answer's status. */
export type CallPass = (statusCode: number) => void;

/** How each admitted response leaves the door's counts early (releaseLongLived). */
const longLived = new WeakMap<Answer, () => void>();

/**
 * A long-lived answer (a server-sent event stream) leaves the door once its headers are written:
 * it no longer holds a turn nor an in-flight place, which would otherwise stay taken for as long
 * as the stream is open (32 open streams took every turn and froze the gateway). Its handler
 * bounds such answers itself. A response the door never admitted is left alone.
 */
export function releaseLongLived(res: ServerResponse): void {
  longLived.get(res)?.();
}

export class AdmissionDoor {
  private inFlight = 0;
  private running = 0;
  /** Admitted requests waiting for a turn, oldest first. */
  private readonly waiting: Array<{ start: () => void; res: Answer; at: number; budgetMs: number }> = [];
  private costlyInFlight = 0;
  /** Started requests whose turn has not ended yet. */
  private readonly holdingTurn = new WeakSet<Answer>();
  /**
   * Costly requests let through at once, learnt from the answers: the upstream behind them
   * (identity's password queue) may hold fewer than `maxCostlyInFlight`. Each costly request it
   * refuses (503) lowers the bound to what it was holding; a bound's worth of served answers
   * raises it by one (additive increase, as TCP's congestion avoidance). A refusal here costs
   * microseconds, one from identity a trip through both stacks and a query: raised on every
   * served answer, the bound probed past identity's capacity once per sign-in served, so in a
   * storm half the sign-ins that reached identity came back refused.
   */
  private costlyLimit: number;
  /** Costly answers served since the bound last moved. */
  private costlyServed = 0;
  private underPressure: () => boolean = () => false;
  /** The prebuilt 503 (an in-process call's refusal answers it too). */
  readonly answer: RefusalAnswer;
  /** When each connection's last refusal was written (ms, performance.now()). */
  private readonly lastRefusal = new WeakMap<object, number>();
  /** Refusals held back to pace their connection, by due time (ms, performance.now()). */
  private readonly held: Array<{ res: Answer; due: number }> = [];
  private heldTimer: NodeJS.Timeout | undefined;
  /** Requests refused so far, by reason. */
  readonly refused = { inFlight: 0, costly: 0, pressure: 0, waited: 0, expired: 0 };

  constructor(
    private readonly limits: AdmissionLimits,
    private readonly isProbe: (url: string) => boolean,
    private readonly isCostly: (method: string, url: string) => boolean = () => false,
    /** Headers every answer of this process carries (the gateway's security headers). */
    fixedHeaders: OutgoingHttpHeaders = {},
  ) {
    this.answer = refusalAnswer(limits.retryAfterSeconds, fixedHeaders);
    this.costlyLimit = limits.maxCostlyInFlight;
  }

  /** Fastify's `serverFactory` option: an HTTP server whose requests pass the door first. */
  readonly serverFactory = (
    handler: (req: IncomingMessage, res: ServerResponse) => void,
    options: ServerTimeouts,
  ): Server => {
    const requestTimeout = options.requestTimeout ?? 0;
    const server = createServer(
      {
        requestTimeout,
        // Node's own header deadline (60 s), never past the whole request's.
        headersTimeout: requestTimeout > 0 ? Math.min(60_000, requestTimeout) : 60_000,
        // How often Node looks for requests past their deadline (its default, 30 s, would let
        // a short timeout run far over).
        connectionsCheckingInterval:
          requestTimeout > 0 ? Math.min(30_000, Math.max(100, requestTimeout / 4)) : 30_000,
      },
      (req, res) => {
        // Health probes are never refused and never wait for a turn, so an orchestrator does not
        // restart a replica for being busy.
        if (this.isProbe(req.url ?? '/')) return handler(req, res);
        if (this.held.length > 0) this.writeDueRefusals();
        if (!this.admit(req, res)) return;
        // A request whose body is still on its way starts at once: holding a turn while a slow
        // client trickles its upload in would let a few such clients stall everyone else.
        if (hasBody(req)) handler(req, res);
        // The caller's budget is read only if the request has to wait for a turn.
        else
          this.startOrQueue(
            res,
            () => handler(req, res),
            () => callerBudgetMs(req.headers[INTERNAL_HEADERS.budgetMs]),
          );
      },
    );
    // What Fastify sets on a server it makes itself (its defaults when absent).
    server.keepAliveTimeout = options.keepAliveTimeout ?? 72_000;
    server.setTimeout(options.connectionTimeout ?? 0);
    if ((options.maxRequestsPerSocket ?? 0) > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket!;
    return server;
  };

  /**
   * An in-process call (the one-process runner's: direct-calls.ts) through the same door as a
   * socket request: the same in-flight, costly and pressure bounds, a turn in arrival order (its
   * body is in memory already). Resolves with its pass once it may start, or null when refused:
   * it then answers `answer`, the prebuilt 503. `budgetMs`: how long its caller waits (callerBudgetMs).
   */
  enterCall(method: string, url: string, budgetMs = Infinity): Promise<CallPass | null> {
    return new Promise((resolve) => {
      const answer = new CallAnswer(() => resolve(null));
      const pass: CallPass = (statusCode) => {
        answer.statusCode = statusCode;
        answer.end();
      };
      if (this.isProbe(url)) return resolve(pass);
      if (this.held.length > 0) this.writeDueRefusals();
      if (!this.admit({ method, url, socket: null }, answer)) return;
      this.startOrQueue(
        answer,
        () => resolve(pass),
        () => budgetMs,
      );
    });
  }

  /** Answers false after refusing the request, true after counting it in. */
  private admit(req: Arrival, res: Answer): boolean {
    const costly = this.limits.maxCostlyInFlight > 0 && this.isCostly(req.method ?? 'GET', req.url ?? '/');
    const reason = this.refusalReason(costly);
    if (reason) {
      this.refused[reason] += 1;
      this.refuse(req, res);
      return false;
    }
    this.inFlight += 1;
    if (costly) this.costlyInFlight += 1;
    let counted = true;
    const leave = () => {
      if (!counted) return;
      counted = false;
      longLived.delete(res);
      this.inFlight -= 1;
      this.endTurn(res);
      if (!costly) return;
      this.costlyInFlight -= 1;
      if (res.statusCode === 503) this.lowerCostlyLimit();
      else if (res.statusCode < 500) this.costlyAnswerServed();
    };
    // 'close' fires once for every outcome (answered, failed, client gone); it also ends a turn
    // the request still holds (one listener for both). A long-lived answer leaves sooner.
    res.once('close', leave);
    longLived.set(res, leave);
    return true;
  }

  private lowerCostlyLimit(): void {
    this.costlyLimit = Math.max(1, this.costlyInFlight);
    this.costlyServed = 0;
  }

  private costlyAnswerServed(): void {
    this.costlyServed += 1;
    if (this.costlyServed < this.costlyLimit) return;
    this.costlyServed = 0;
    this.costlyLimit = Math.min(this.limits.maxCostlyInFlight, this.costlyLimit + 1);
  }

  /** Starts the request now if a turn is free, else when one frees up (arrival order). */
  private startOrQueue(res: Answer, start: () => void, budgetMs: () => number): void {
    if (this.limits.maxConcurrent === 0) return start();
    if (this.running < this.limits.maxConcurrent) this.run(res, start);
    else this.waiting.push({ start, res, at: performance.now(), budgetMs: budgetMs() });
  }

  private run(res: Answer, start: () => void): void {
    this.running += 1;
    this.holdingTurn.add(res);
    // The turn ends when the app has written its answer, not when a slow reader has taken it all
    // ('finish' waits for that: a 32 MB answer to a reader that never reads held its turn for
    // good). Node's 'prefinish' comes inside res.end(), once the answer is handed to the socket;
    // admit's 'close' listener covers every other outcome (failed, client gone). It replaced a
    // patch of res.end with the same storm figures (scripts/bench/README.md).
    res.once('prefinish', () => this.endTurn(res));
    start();
  }

  private endTurn(res: Answer): void {
    if (this.holdingTurn.delete(res)) this.finishedOne();
  }

  /** A started request ended: its turn goes to the oldest waiting request still worth starting. */
  private finishedOne(): void {
    this.running -= 1;
    if (this.held.length > 0) this.writeDueRefusals();
    const now = performance.now();
    while (this.running < this.limits.maxConcurrent && this.waiting.length > 0) {
      const next = this.waiting.shift()!;
      if (next.res.destroyed) continue; // the client left while it waited
      // Its caller stopped waiting (an in-process caller leaves no closed socket to tell), it
      // waited too long, or the loop came under pressure while it waited: refused now rather
      // than started late.
      const waited = now - next.at;
      const reason =
        waited > next.budgetMs
          ? 'expired'
          : waited > this.limits.maxQueueWaitMs
            ? 'waited'
            : this.underPressure()
              ? 'pressure'
              : null;
      if (reason) {
        this.refused[reason] += 1;
        this.writeRefusal(next.res);
      } else this.run(next.res, next.start);
    }
  }

  private refusalReason(costly: boolean): keyof AdmissionDoor['refused'] | null {
    if (this.limits.maxInFlight > 0 && this.inFlight >= this.limits.maxInFlight) return 'inFlight';
    if (costly && this.costlyInFlight >= this.costlyLimit) return 'costly';
    if (this.underPressure()) return 'pressure';
    return null;
  }

  /**
   * Writes the prebuilt 503; on a connection refused within its last Retry-After, no sooner than
   * `repeatRefusalDelayMs` after the refusal before. The pace counts from that refusal's write, so
   * the time its next request spent waiting for a busy loop counts towards it instead of being
   * added to it.
   */
  private refuse(req: Arrival, res: Answer): void {
    const pace = this.limits.repeatRefusalDelayMs;
    const last = req.socket ? this.lastRefusal.get(req.socket) : undefined;
    const now = performance.now();
    const repeated = last !== undefined && now - last < this.limits.retryAfterSeconds * 1000;
    if (pace > 0 && repeated && last + pace > now) this.holdRefusal(res, last + pace);
    else this.writeRefusal(res);
  }

  /** Keeps `held` in due order (a new one is nearly always the latest: the walk back is short). */
  private holdRefusal(res: Answer, due: number): void {
    let at = this.held.length;
    while (at > 0 && this.held[at - 1].due > due) at -= 1;
    this.held.splice(at, 0, { res, due });
    if (at > 0 && this.heldTimer !== undefined) return;
    clearTimeout(this.heldTimer);
    this.armHeldTimer();
  }

  /**
   * Writes the held refusals that are due. Called on the door's own activity (a request arriving,
   * a turn ending) as well as by the timer: a timer fires only between the loop's turns, and in a
   * storm a turn of reads can last tens of milliseconds past the due time.
   */
  private writeDueRefusals(): void {
    const now = performance.now();
    while (this.held.length > 0 && this.held[0].due <= now) this.writeRefusal(this.held.shift()!.res);
  }

  /** One timer, for the earliest held refusal. */
  private armHeldTimer(): void {
    const next = this.held[0];
    if (!next) return;
    this.heldTimer = setTimeout(
      () => {
        this.heldTimer = undefined;
        this.writeDueRefusals();
        this.armHeldTimer();
      },
      Math.max(0, Math.ceil(next.due - performance.now())),
    );
    // The held connections keep the process alive; the timer alone must not.
    this.heldTimer.unref();
  }

  private writeRefusal(res: Answer): void {
    if (res.destroyed) return;
    if (res.socket) this.lastRefusal.set(res.socket, performance.now());
    res.writeHead(503, this.answer.headers);
    res.end(this.answer.body);
  }

  /**
   * Event-loop delay and heap measured by @fastify/under-pressure, when the limits ask for them.
   * It only measures: the door refuses, on arrival and when a waiting request's turn comes, so
   * every refusal is the one prebuilt answer.
   */
  async watchPressure(fastify: FastifyInstance): Promise<void> {
    const { maxEventLoopDelayMs, maxHeapUsedBytes, sampleIntervalMs } = this.limits;
    if (maxEventLoopDelayMs <= 0 && maxHeapUsedBytes <= 0) return;
    await fastify.register(fastifyUnderPressure, {
      maxEventLoopDelay: maxEventLoopDelayMs,
      maxHeapUsedBytes,
      sampleInterval: sampleIntervalMs,
      // Returning undefined lets the request through (the door has decided already).
      pressureHandler: () => undefined,
    });
    this.underPressure = () => fastify.isUnderPressure();
  }
}
