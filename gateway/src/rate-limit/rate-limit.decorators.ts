import { SetMetadata, applyDecorators } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import { NOT_RATE_LIMITED } from '../openapi/route-errors.js';

export const RATE_LIMIT_AUTH = 'dinebuds:rate-limit-auth';
export const RATE_LIMIT_SKIP = 'dinebuds:rate-limit-skip';

/**
 * Route that checks a password (login, register, password change): also counted against the
 * per-IP attempt limit (rateLimitAuthPerMinute).
 */
export const AuthRateLimit = () => SetMetadata(RATE_LIMIT_AUTH, true);

/** Not counted at all (health probes). */
export const SkipRateLimit = () =>
  applyDecorators(SetMetadata(RATE_LIMIT_SKIP, true), ApiExtension(NOT_RATE_LIMITED, true));
