import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { ErrorResponse } from '@dinebuds/api-dto';

/** One description per error status, shared with the statuses every route kind gets (openapi/route-errors.ts). */
export const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid request (the message names the rule)',
  401: 'Not authenticated',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflict',
  413: 'Too large',
  415: 'Unsupported media type',
  429: 'Rate limited',
  503: 'A service is unavailable',
};

/**
 * Documents the error answers a route's own work can give (403, 404, 409 ...), all with the one
 * error body. Those of its kind (400, 401, 413, 415, 429, 503) are added to every route by
 * openapi/route-errors.ts.
 */
export function ApiErrors(...statuses: number[]): MethodDecorator {
  return applyDecorators(
    ...[...new Set([...statuses, 503])].map((status) =>
      ApiResponse({ status, description: ERROR_DESCRIPTIONS[status] ?? 'Error', type: ErrorResponse }),
    ),
  );
}
