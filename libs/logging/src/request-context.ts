import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { createContextKey, type Context, type ContextManager } from '@opentelemetry/api';

/**
 * The process's one AsyncLocalStorage: it holds an OpenTelemetry context, and the request id is
 * a value in it. Tracing (libs/observability) registers `requestContextManager` as OpenTelemetry's
 * context manager, so the active span and the request id travel in the same store: a second
 * AsyncLocalStorage would cost its own propagation on every async step of every request.
 *
 * Services enter it (their domain code records outbox events and log lines deep in a handler).
 * The gateway never does: it hands each RPC its request's CallOrigin (libs/service-client), because
 * on Node 20 a storage entered once keeps V8's promise hooks on for the whole process, and every
 * promise then pays for them: a third of the gateway's instructions a request, a fifth of its CPU
 * (scripts/bench/README.md, sessions of 2026-11-28 and 2026-12-08).
 */
const storage = new AsyncLocalStorage<Context>();
const REQUEST_ID = createContextKey('dinebuds.request_id');

/** Marks a value deleted in a ChainedContext (a key set to undefined reads the same). */
const DELETED = Symbol('deleted');

/**
 * An OpenTelemetry context as a chain of values, each over its parent: setting one allocates one
 * small object. The API's BaseContext copies its whole Map and makes three closures on every set,
 * and a request sets a value each time it enters a context (request id, server span) in each
 * process it crosses. Chains stay short: each is as deep as the nesting that built it.
 */
class ChainedContext implements Context {
  constructor(
    private readonly parent: ChainedContext | undefined,
    private readonly key: symbol | undefined,
    private readonly value: unknown,
  ) {}

  getValue(key: symbol): unknown {
    if (this.key === key) return this.value === DELETED ? undefined : this.value;
    return this.parent?.getValue(key);
  }

  setValue(key: symbol, value: unknown): Context {
    return new ChainedContext(this, key, value);
  }

  deleteValue(key: symbol): Context {
    return this.getValue(key) === undefined ? this : new ChainedContext(this, key, DELETED);
  }
}

/** The context outside any request: the root every context of this store derives from. */
const EMPTY_CONTEXT: Context = new ChainedContext(undefined, undefined, undefined);

/**
 * OpenTelemetry's ContextManager over that store (what @opentelemetry/context-async-hooks'
 * manager does over its own). `bind` wraps functions only: nothing here binds event emitters.
 * `disable` does nothing, as the request ids keep using the store when tracing is turned off.
 */
export const requestContextManager: ContextManager = {
  active: () => storage.getStore() ?? EMPTY_CONTEXT,
  with: (ctx, fn, thisArg, ...args) => storage.run(ctx, thisArg == null ? fn : fn.bind(thisArg), ...args),
  bind<T>(ctx: Context, target: T): T {
    if (typeof target !== 'function') return target;
    const fn = target as (...args: unknown[]) => unknown;
    return function (this: unknown, ...args: unknown[]) {
      return storage.run(ctx, () => fn.apply(this, args));
    } as T;
  },
  enable() {
    return this;
  },
  disable() {
    return this;
  },
};

/** The request id of the work in progress (HTTP request or event), if any. */
export function currentRequestId(): string | null {
  return (requestContextManager.active().getValue(REQUEST_ID) as string | undefined) ?? null;
}

/**
 * Runs `fn` with `requestId` as the current request id (used by event consumers and HTTP hooks),
 * keeping the rest of the context (the active span).
 */
export function runWithRequestId<T>(requestId: string | null | undefined, fn: () => T): T {
  return storage.run(requestContextManager.active().setValue(REQUEST_ID, requestId ?? randomUUID()), fn);
}

const SAFE_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/**
 * The id of an incoming request: the caller's x-request-id when it looks sane (so one user action
 * keeps one id across the gateway, the services and their events), else a fresh uuid.
 */
export function requestIdFrom(header: string | string[] | undefined): string {
  const given = Array.isArray(header) ? header[0] : header;
  return given && SAFE_ID.test(given) ? given : randomUUID();
}
