import { Global, type DynamicModule, type LoggerService, Module } from '@nestjs/common';
import { createLogger, type Logger } from './logger.js';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * Nest's logger interface over one pino logger. Each Nest application gets its own (the all-in-one
 * process runs several: gateway and services), so every line names its component. Nest passes
 * `(message, context)`, or `(message, stack, context)` for errors.
 */
export class AppLogger implements LoggerService {
  constructor(readonly pino: Logger) {}

  log(message: unknown, ...rest: unknown[]): void {
    this.write('info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('trace', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest);
  }

  private write(level: Level, message: unknown, rest: unknown[]): void {
    const context = typeof rest[rest.length - 1] === 'string' ? (rest[rest.length - 1] as string) : undefined;
    const stack = level === 'error' && rest.length === 2 && typeof rest[0] === 'string' ? rest[0] : undefined;
    const fields: Record<string, unknown> = {};
    if (context) fields.context = context;
    if (stack) fields.stack = stack;
    if (message instanceof Error) this.pino[level]({ ...fields, err: message }, message.message);
    else if (typeof message === 'object' && message !== null) this.pino[level]({ ...fields, ...message });
    else this.pino[level](fields, String(message));
  }
}

@Global()
@Module({})
class StructuredLoggerModule {}

/**
 * Structured JSON logs wired the same way in every service and the gateway: `AppLogger` for Nest's
 * own messages; its `pino` logger also writes the request lines (installRequestContext).
 * Deliberately per application rather than nestjs-pino's process-wide logger, which would label
 * every app in the all-in-one process with one name.
 */
export function structuredLoggerModule(
  component: string,
  level = process.env.LOG_LEVEL ?? 'info',
): DynamicModule {
  return {
    module: StructuredLoggerModule,
    providers: [{ provide: AppLogger, useValue: new AppLogger(createLogger(component, level)) }],
    exports: [AppLogger],
  };
}
