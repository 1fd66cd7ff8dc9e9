import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import { retryAfterOf, toErrorBody } from './error-body.js';

/** A Fastify reply, the only HTTP layer we run (kept structural: no Fastify import here). */
interface Reply {
  sent: boolean;
  code(status: number): Reply;
  header(name: string, value: string): Reply;
  send(payload: string): unknown;
}

/**
 * The one exception filter: every failure answers `{ statusCode, message, error }`, never a stack
 * trace. Nest routes Fastify's own failures here too (body parsing, unknown routes), so this is
 * the only place an error body is written. Unexpected errors are logged with their stack.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<Reply>();
    const { body, unexpected } = toErrorBody(exception);
    if (unexpected)
      this.logger.error(
        exception instanceof Error ? (exception.stack ?? exception.message) : String(exception),
      );
    if (reply.sent) return;
    const retryAfter = retryAfterOf(exception);
    if (retryAfter !== undefined) reply.header('Retry-After', String(retryAfter));
    reply
      .code(body.statusCode)
      .header('content-type', 'application/json; charset=utf-8')
      .send(JSON.stringify(body));
  }
}
