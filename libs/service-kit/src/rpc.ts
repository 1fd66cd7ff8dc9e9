import { applyDecorators, Header, HttpCode, Post, type Type } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants.js';
import type { AnyPattern, AnyRpc, JsonAnswer } from '@dinebuds/contracts';

/** `POST /rpc/{pattern}` answering 200 (it is a call, not a resource creation). */
export function Rpc(pattern: AnyPattern): MethodDecorator {
  return applyDecorators(Post(pattern), HttpCode(200));
}

/** The promised answer of a pattern, so a handler cannot drift from its contract. */
export type RpcResult<P extends AnyPattern> = Promise<AnyRpc[P]['response']>;

/**
 * An RPC whose handler answers JSON text it already has, or its stored gzip for a caller that
 * accepts gzip (JsonRpcResult, AnswerForm): sent as it is, with the JSON content type, so the
 * service does not parse, write or compress it again.
 */
export function JsonTextRpc(pattern: AnyPattern): MethodDecorator {
  return applyDecorators(Rpc(pattern), Header('Content-Type', 'application/json; charset=utf-8'));
}

/** The promised answer of a JsonTextRpc: the pattern's response, as JSON text or its gzip. */
export type JsonRpcResult<P extends AnyPattern> = Promise<JsonAnswer<AnyRpc[P]['response']>>;

/**
 * The routes the controllers' handlers declare, as 'controller-path/handler-path' (an RPC is
 * 'rpc/{pattern}'), one entry per handler.
 */
export function rpcRoutesOf(controllers: readonly Type<unknown>[]): string[] {
  const routes: string[] = [];
  for (const controller of controllers) {
    const base = Reflect.getMetadata(PATH_METADATA, controller) as string | undefined;
    const prototype = controller.prototype as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      if (name === 'constructor') continue;
      const path = Reflect.getMetadata(PATH_METADATA, prototype[name] as object) as string | undefined;
      if (path !== undefined) routes.push(`${base ?? ''}/${path}`);
    }
  }
  return routes;
}

/**
 * What is wrong with a service's RPC surface: each pattern of its contract must be routed exactly
 * once under `rpc/`, and nothing else. Empty when it is right.
 */
export function rpcSurfaceProblems(
  controllers: readonly Type<unknown>[],
  patterns: readonly string[],
): string[] {
  const routed = rpcRoutesOf(controllers);
  const problems: string[] = [];
  for (const pattern of patterns) {
    const times = routed.filter((route) => route === `rpc/${pattern}`).length;
    if (times !== 1) problems.push(`${pattern} is routed ${times} times`);
  }
  const expected = new Set(patterns.map((pattern) => `rpc/${pattern}`));
  for (const route of routed) {
    if (!expected.has(route)) problems.push(`${route} is not in the service's contract`);
  }
  return problems;
}

/** A list window from a request: the default when no limit is given, clamped to 1..max. */
export function listWindow(
  request: { limit?: number; offset?: number },
  limits: { listDefault: number; listMax: number },
): { limit: number; offset: number } {
  const limit = Math.min(Math.max(request.limit ?? limits.listDefault, 1), limits.listMax);
  return { limit, offset: Math.max(request.offset ?? 0, 0) };
}
