import { pino, type Logger, type LoggerOptions } from 'pino';
import { currentRequestId } from './request-context.js';

export type { Logger };

/** Never write secrets to logs. */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-internal-token"]',
  'res.headers["set-cookie"]',
  'password',
  'newPassword',
  'currentPassword',
  'sessionToken',
];

/** Structured JSON logger for one process component; every line carries the current request id. */
export function createLogger(
  name: string,
  level = process.env.LOG_LEVEL ?? 'info',
  options: LoggerOptions = {},
): Logger {
  return pino({
    name,
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    mixin: () => {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
    ...options,
  });
}
