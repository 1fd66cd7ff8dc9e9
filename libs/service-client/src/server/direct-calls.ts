import {
  type INestApplication,
  NotFoundException,
  PayloadTooLargeException,
  RequestMethod,
} from '@nestjs/common';
import {
  CUSTOM_ROUTE_ARGS_METADATA,
  EXCEPTION_FILTERS_METADATA,
  GUARDS_METADATA,
  HEADERS_METADATA,
  HTTP_CODE_METADATA,
  INTERCEPTORS_METADATA,
  METHOD_METADATA,
  PATH_METADATA,
  PIPES_METADATA,
  ROUTE_ARGS_METADATA,
} from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { ExternalContextCreator, ModulesContainer } from '@nestjs/core';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host.js';
import type { ParamsFactory } from '@nestjs/core/helpers/external-context-creator.js';
import type { ServerResponse } from 'node:http';
import { INTERNAL_HEADERS, RPC_PATH_PREFIX } from '@dinebuds/contracts';
import { badRequest } from '@dinebuds/errors';
import { requestIdFrom, runWithRequestId } from '@dinebuds/logging';
import type { InProcessDispatch, InProcessRequest, InProcessResponse } from '../client/in-process.js';
import { jsonBodyParser } from './json-body.js';
import { UNSTORABLE_TEXT, hasUnstorableText } from './request-shape.js';
import { callerBudgetMs } from './admission.js';
import { directCallPartsOf } from './service-app.js';

/** What a handler is handed in place of Fastify's request: the parts its guards and params read. */
interface CallRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * Where the app's exception filter writes a failure (the filter's Reply shape): the filter stays
 * the one place an error body is made, for these calls as for socket requests.
 */
class ErrorReply {
  sent = false;
  statusCode = 500;
  readonly headers: Record<string, string> = {};
  payload = '';

  code(status: number): this {
    this.statusCode = status;
    return this;
  }

  header(name: string, value: string): this {
    this.headers[name.toLowerCase()] = value;
    return this;
  }

  send(payload: string): void {
    this.payload = payload;
    this.sent = true;
  }
}

/**
 * What a handler is handed in place of Fastify's reply: only the headers its answer carries (a
 * stored gzip's Content-Encoding, set by AnswerForm).
 */
class CallReply {
  readonly headers: Record<string, string> = {};

  header(name: string, value: string): this {
    this.headers[name.toLowerCase()] = value;
    return this;
  }
}

/** Param sources a direct call can fill: the body; custom decorators read the request themselves. */
const paramsFactory: ParamsFactory = {
  exchangeKeyForValue(type: number, data: unknown, [req]: [CallRequest]): unknown {
    if (type !== RouteParamtypes.BODY) return undefined;
    const body = req.body as Record<string, unknown> | undefined;
    return typeof data === 'string' && body ? body[data] : body;
  },
};

interface Route {
  url: string;
  run: (req: CallRequest, reply: CallReply) => Promise<unknown>;
  status: number;
  headers: Record<string, string>;
}

const ENHANCERS = [GUARDS_METADATA, PIPES_METADATA, INTERCEPTORS_METADATA, EXCEPTION_FILTERS_METADATA];

/**
 * A route a direct call can run exactly as the router would: Nest's ExternalContextCreator gives
 * it the app's global guard (the internal token, on the handler it matched), its param pipes and
 * filter. Enhancers declared on a controller or handler by class would need the module's injector,
 * which that creator does not look up for a controller: refused here rather than silently skipped.
 */
function routeOf(creator: ExternalContextCreator, instance: object, name: string, url: string): Route {
  const controller = instance.constructor;
  const handler = (instance as Record<string, (...args: unknown[]) => unknown>)[name];
  const problem = (what: string) => new Error(`in-process call ${url} (${controller.name}.${name}): ${what}`);
  for (const key of ENHANCERS) {
    if ((Reflect.getMetadata(key, controller) ?? Reflect.getMetadata(key, handler)) !== undefined)
      throw problem(`${key} on the controller or handler is not supported; use the app's global ones`);
  }
  const params = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<
    string,
    { pipes?: unknown[] }
  >;
  for (const [key, param] of Object.entries(params)) {
    const custom = key.includes(CUSTOM_ROUTE_ARGS_METADATA);
    if (!custom && Number(key.split(':')[0]) !== RouteParamtypes.BODY)
      throw problem('a handler is handed its body and its caller only (no @Res, @Req, @Headers)');
    if ((param.pipes ?? []).some((pipe) => typeof pipe === 'function'))
      throw problem('param pipes must be instances (as RpcBody makes them)');
  }
  const headers: Record<string, string> = {};
  for (const { name: header, value } of (Reflect.getMetadata(HEADERS_METADATA, handler) ?? []) as Array<{
    name: string;
    value: string;
  }>)
    headers[header.toLowerCase()] = value;
  return {
    url,
    // Failures go to the app's filter in rpcDispatchOf, the body's refusals with them.
    run: creator.create(instance, handler, name, ROUTE_ARGS_METADATA, paramsFactory, undefined, undefined, {
      guards: true,
      interceptors: true,
      filters: false,
    }) as Route['run'],
    status: (Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined) ?? 201,
    headers,
  };
}

/** Every `POST /rpc/{pattern}` route of the app's controllers, by URL. */
function rpcRoutesOf(app: INestApplication): Map<string, Route> {
  const creator = app.get(ExternalContextCreator);
  const routes = new Map<string, Route>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const instance = wrapper.instance as object | undefined;
      if (!instance) continue;
      const base = ((Reflect.getMetadata(PATH_METADATA, wrapper.metatype as object) as string) ?? '').replace(
        /^\/|\/$/g,
        '',
      );
      const prototype = Object.getPrototypeOf(instance) as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
        if (path === undefined || Reflect.getMetadata(METHOD_METADATA, handler) !== RequestMethod.POST)
          continue;
        const url = `/${[base, path.replace(/^\/|\/$/g, '')].filter(Boolean).join('/')}`;
        if (!url.startsWith(`${RPC_PATH_PREFIX}/`)) continue;
        if (!wrapper.isDependencyTreeStatic())
          throw new Error(`in-process call ${url}: request-scoped controllers are not supported`);
        routes.set(url, routeOf(creator, instance, name, url));
      }
    }
  }
  return routes;
}

const JSON_TYPE = 'application/json; charset=utf-8';

function answer(
  statusCode: number,
  payload: string,
  headers: Record<string, string> = {},
): InProcessResponse {
  return { statusCode, headers: { 'content-type': JSON_TYPE, ...headers }, payload };
}

/** What the router writes for a handler's result: text as it is, nothing for no result, else JSON. */
function payloadOf(result: unknown): string {
  if (typeof result === 'string') return result;
  if (result === undefined || result === null) return '';
  return JSON.stringify(result);
}

/** A handler's result as the answer: bytes (a stored gzip) as they are, with the headers it set. */
function resultAnswer(route: Route, result: unknown, reply: CallReply): InProcessResponse {
  const headers = { ...route.headers, ...reply.headers };
  if (result instanceof Uint8Array) return { ...answer(route.status, '', headers), rawPayload: result };
  return answer(route.status, payloadOf(result), headers);
}

/** An RPC of the app, run on its handler: what a call goes through once the door has let it in. */
type RpcHandling = (route: Route, request: InProcessRequest) => Promise<InProcessResponse>;

interface RpcDispatcher {
  routes: Map<string, Route>;
  handle: RpcHandling;
  /** The answer to a call whose URL is no RPC of the app (the router's 404, through the filter). */
  notFound: (request: InProcessRequest) => InProcessResponse;
}

const dispatchers = new WeakMap<INestApplication, RpcDispatcher>();

/**
 * The app's RPC routes and how one call runs on its handler, built once per app. What a socket
 * request goes through in Fastify happens here, in the same order: the body's size limit, the one
 * parse of its JSON (the same strict parser) and storable text; the request id as the current one;
 * the request metrics and server span (when the service observes); the app's global guard on the
 * matched handler, which refuses any call without the internal token (and marks the verified
 * caller); the handler's param pipes (the body's validation); the app's exception filter, which
 * writes every error answer; the request's log line.
 */
function rpcDispatcherOf(app: INestApplication): RpcDispatcher {
  const known = dispatchers.get(app);
  if (known) return known;
  const parts = directCallPartsOf(app);
  const { bodyLimit, filter, requestLog } = parts;
  const routes = rpcRoutesOf(app);
  const parse = jsonBodyParser();

  /** A failure's answer, written by the app's exception filter. */
  const failure = (error: unknown, req: CallRequest): InProcessResponse => {
    const reply = new ErrorReply();
    filter.catch(error, new ExecutionContextHost([req, reply]));
    return answer(reply.statusCode, reply.payload, reply.headers);
  };

  /** The checks the router's body parser and preValidation hook make; the parsed body. */
  const bodyOf = (request: InProcessRequest): unknown => {
    const text = request.payload ?? '';
    if (Buffer.byteLength(text) > bodyLimit) throw new PayloadTooLargeException('Request body is too large');
    let parsed: { error: Error | null; body?: unknown } = { error: null };
    parse({ headers: request.headers }, text, (error, body) => {
      parsed = { error, body };
    });
    if (parsed.error) throw parsed.error;
    if (hasUnstorableText(parsed.body)) throw badRequest(UNSTORABLE_TEXT);
    return parsed.body;
  };

  const run = async (route: Route, request: InProcessRequest): Promise<InProcessResponse> => {
    const req: CallRequest = {
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: undefined,
    };
    try {
      req.body = bodyOf(request);
      const reply = new CallReply();
      return resultAnswer(route, await route.run(req, reply), reply);
    } catch (error) {
      return failure(error, req);
    }
  };

  /** The call and its log line, inside its request id and span (the line carries the trace id). */
  const runLogged = async (route: Route, request: InProcessRequest, requestId: string) => {
    const started = performance.now();
    const response = await run(route, request);
    requestLog?.({
      requestId,
      method: request.method,
      url: request.url,
      status: response.statusCode,
      ms: Math.round((performance.now() - started) * 100) / 100,
    });
    return response;
  };

  const handle: RpcHandling = (route, request) => {
    const requestId = requestIdFrom(request.headers[INTERNAL_HEADERS.requestId]);
    // Observed as an HTTP request would be (metrics, the server span), when the service observes.
    const observe = parts.observe;
    return runWithRequestId(requestId, () =>
      observe
        ? observe({ method: request.method, route: request.url, headers: request.headers }, () =>
            runLogged(route, request, requestId),
          )
        : runLogged(route, request, requestId),
    );
  };

  const dispatcher: RpcDispatcher = {
    routes,
    handle,
    notFound: (request) =>
      failure(new NotFoundException(`Cannot ${request.method} ${request.url}`), {
        ...request,
        body: undefined,
      }),
  };
  dispatchers.set(app, dispatcher);
  return dispatcher;
}

/**
 * The one-process runner's calls into a service (an initialised app of createServiceApp), straight
 * to the RPC's handler: no HTTP request is built, routed or parsed. Each passes the app's
 * admission door as a socket request does (its in-flight, costly and pressure bounds and its
 * turns; refusals answer the same prebuilt 503), then runs as rpcDispatcherOf describes.
 */
export function rpcDispatchOf(app: INestApplication): InProcessDispatch {
  const { door } = directCallPartsOf(app);
  const { routes, handle, notFound } = rpcDispatcherOf(app);
  const refused: InProcessResponse = {
    statusCode: 503,
    headers: { ...door.answer.headers } as InProcessResponse['headers'],
    payload: door.answer.body,
  };
  return async (request) => {
    const route = request.method === 'POST' ? routes.get(request.url) : undefined;
    if (!route) return notFound(request);
    const pass = await door.enterCall(
      request.method,
      request.url,
      callerBudgetMs(request.headers[INTERNAL_HEADERS.budgetMs]),
    );
    if (!pass) return refused;
    let response: InProcessResponse | undefined;
    try {
      response = await handle(route, request);
      return response;
    } finally {
      pass(response?.statusCode ?? 500);
    }
  };
}

/** `application/json`, with or without parameters (the parser checks the charset). */
const JSON_REQUEST = /^application\/json\s*(;|$)/i;

/**
 * The app's RPCs that come over its socket (a gateway in another process) run the same way, on
 * their handler, instead of through Fastify's routing, hooks and reply and Nest's router: the
 * common request, `POST` of a JSON body with its length given, to a URL that is exactly one of the
 * app's RPC routes. Anything else (another spelling of the path, a query string, another method
 * or content type, a chunked or oversized body) goes to Fastify as before, which answers it as it
 * always has. The admission door has let the request in already (the server's request handler).
 */
export function serveSocketRpcs(app: INestApplication): void {
  const parts = directCallPartsOf(app);
  const { routes, handle } = rpcDispatcherOf(app);
  parts.socketRpc = (req, res) => {
    if (req.method !== 'POST') return false;
    const route = routes.get(req.url ?? '');
    if (!route) return false;
    const length = Number(req.headers['content-length']);
    if (!(length > 0 && length <= parts.bodyLimit) || req.headers['transfer-encoding'] !== undefined)
      return false;
    if (!JSON_REQUEST.test(req.headers['content-type'] ?? '')) return false;
    let payload = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      payload += chunk;
    });
    req.once('end', () => {
      const request: InProcessRequest = {
        method: 'POST',
        url: route.url,
        headers: req.headers as Record<string, string>,
        payload,
      };
      // handle answers every failure through the filter; a rejection here is a bug: drop the socket.
      handle(route, request).then(
        (response) => writeAnswer(res, response),
        (error: unknown) => res.destroy(error instanceof Error ? error : undefined),
      );
    });
    return true;
  };
}

/** An answer on the socket, with its length (one write, no chunked encoding). */
function writeAnswer(res: ServerResponse, response: InProcessResponse): void {
  if (res.destroyed) return;
  const body = response.rawPayload ?? response.payload;
  res.writeHead(response.statusCode, {
    ...response.headers,
    'content-length': typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength,
  });
  res.end(body);
}
