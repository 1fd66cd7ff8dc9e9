import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { toErrorBody } from './error-body.js';

/**
 * The one exception filter: every failure answers `{ statusCode, message, error }`, never a stack
 * trace. Unexpected errors are logged with their stack.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const { body, unexpected } = toErrorBody(exception);
    if (unexpected)
      this.logger.error(
        exception instanceof Error ? (exception.stack ?? exception.message) : String(exception),
      );
    if (response.headersSent) return;
    response.status(body.statusCode).json(body);
  }
}

/**
 * Express error middleware with the same answer, for errors raised by middleware registered with
 * app.use() outside Nest's filter chain (body parsers).
 */
export function expressErrorHandler(
  error: unknown,
  _req: unknown,
  res: Response,
  next: (e?: unknown) => void,
): void {
  if (res.headersSent) return next(error);
  const { body } = toErrorBody(error);
  res.status(body.statusCode).json(body);
}
