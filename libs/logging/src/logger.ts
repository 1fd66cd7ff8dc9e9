import { trace } from '@opentelemetry/api';
import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { currentRequestId, requestContextManager } from './request-context.js';

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

let destination: DestinationStream | undefined;

/**
 * Where loggers created from now on write (default: stdout). Tests read the lines of a whole
 * process this way (e.g. that each component's lines carry a trace id); `undefined` restores stdout.
 */
export function setLogDestination(stream: DestinationStream | undefined): void {
  destination = stream;
}

/**
 * Structured JSON logger for one process component; every line carries the current request id
 * and, when tracing is on, the trace and span ids of the active span (to open the trace from a
 * log line). With tracing off there is no active span: nothing is added.
 */
export function createLogger(
  name: string,
  level = process.env.LOG_LEVEL ?? 'info',
  options: LoggerOptions = {},
): Logger {
  const settings: LoggerOptions = {
    name,
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    mixin: () => {
      const requestId = currentRequestId();
      const fields: Record<string, string> = requestId ? { requestId } : {};
      const span = trace.getSpan(requestContextManager.active())?.spanContext();
      if (span) {
        fields.traceId = span.traceId;
        fields.spanId = span.spanId;
      }
      return fields;
    },
    ...options,
  };
  return destination ? pino(settings, destination) : pino(settings);
}
