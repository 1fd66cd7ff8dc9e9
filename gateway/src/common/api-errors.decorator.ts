import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { ErrorResponse } from '@dinebuds/api-dto';

const DESCRIPTIONS: Record<number, string> = {
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

/** Documents the error answers of a route, all with the one error body. */
export function ApiErrors(...statuses: number[]): MethodDecorator {
  return applyDecorators(
    ...[...new Set([...statuses, 503])].map((status) =>
      ApiResponse({ status, description: DESCRIPTIONS[status] ?? 'Error', type: ErrorResponse }),
    ),
  );
}
