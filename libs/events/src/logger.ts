/**
 * The logging surface this library needs: pino's `(object, message)` call shape, so a pino logger
 * (or a child of one) can be passed as is. `debug` is optional.
 */
export interface EventsLogger {
  debug?(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** Used when no logger is given: silent for debug/info, warnings and errors to stderr. */
export const consoleEventsLogger: EventsLogger = {
  info: () => undefined,
  warn: (obj, msg) => console.warn(`[events] ${msg ?? ''}`, obj),
  error: (obj, msg) => console.error(`[events] ${msg ?? ''}`, obj),
};

/** Discards everything (tests). */
export const silentEventsLogger: EventsLogger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

export function errorInfo(err: unknown): { message: string; name?: string; stack?: string } {
  if (err instanceof Error) return { name: err.name, message: err.message, stack: err.stack };
  return { message: String(err) };
}
