import type { OpenAPIObject } from '@nestjs/swagger';
import { ERROR_DESCRIPTIONS } from '../common/api-errors.decorator.js';

/** Set by @SkipRateLimit() on an operation: it is never answered 429. Removed from the output. */
export const NOT_RATE_LIMITED = 'x-not-rate-limited';

const ERROR_SCHEMA = { $ref: '#/components/schemas/ErrorResponse' };
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;

/** What a route's OpenAPI operation says about it, enough to know its kind. */
export interface RouteKind {
  method: string;
  /** @RequireAuth() routes carry the cookie security requirement. */
  signedIn: boolean;
  hasParameters: boolean;
  hasBody: boolean;
  rateLimited: boolean;
}

/**
 * The errors the gateway's shared machinery can give a route of this kind, whatever its handler
 * does: 415 from the body-type guard (any route, any method), 429 from the rate limit, 503
 * from load shedding or a service down, 401 from the session guard, 400 from the JSON parser and
 * the validation pipe, 413 from the body limit (Fastify reads no body for GET or HEAD).
 */
export function routeErrorStatuses(route: RouteKind): number[] {
  const readsBody = route.method !== 'get' && route.method !== 'head';
  return [
    ...(route.hasParameters || route.hasBody || readsBody ? [400] : []),
    ...(route.signedIn ? [401] : []),
    ...(readsBody ? [413] : []),
    415,
    ...(route.rateLimited ? [429] : []),
    503,
  ];
}

type Operation = NonNullable<OpenAPIObject['paths'][string]['get']>;

/**
 * Adds to every operation the error answers its kind can give (routeErrorStatuses), all with the
 * one error body, so no controller has to remember them. A status a route documents itself keeps
 * its own description (the health check's 503 is its report).
 */
export function addRouteErrors(document: OpenAPIObject): OpenAPIObject {
  for (const item of Object.values(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method] as (Operation & { [NOT_RATE_LIMITED]?: boolean }) | undefined;
      if (!operation) continue;
      const statuses = routeErrorStatuses({
        method,
        signedIn: (operation.security ?? []).length > 0,
        hasParameters: (operation.parameters ?? []).length > 0,
        hasBody: operation.requestBody !== undefined,
        rateLimited: operation[NOT_RATE_LIMITED] !== true,
      });
      delete operation[NOT_RATE_LIMITED];
      for (const status of statuses) {
        operation.responses[status] ??= {
          description: ERROR_DESCRIPTIONS[status] ?? 'Error',
          content: { 'application/json': { schema: ERROR_SCHEMA } },
        };
      }
      operation.responses = Object.fromEntries(
        Object.entries(operation.responses).sort(([a], [b]) => a.localeCompare(b)),
      );
    }
  }
  return document;
}
