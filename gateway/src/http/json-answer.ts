import negotiate from '@fastify/accept-negotiator';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { JsonAnswer } from '@dinebuds/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A route that sends a service's JSON answer on as it came (a stored read snapshot): gzip bytes
 * for a client that accepts gzip (the service stored them beside the text, so nothing is
 * compressed per request), else the text, which the compression hook may still compress.
 */
export interface JsonAnswerReply {
  readonly acceptsGzip: boolean;
  /** The answer as the reply's body: gzip bytes are marked `Content-Encoding: gzip`. */
  send<T>(answer: JsonAnswer<T>): JsonAnswer<T>;
}

/** Whether an Accept-Encoding takes gzip (a q of 0 refuses it). */
export function acceptsGzip(header: string | undefined): boolean {
  return header !== undefined && negotiate(header, ['gzip']) === 'gzip';
}

/** `@JsonAnswerOut() out: JsonAnswerReply` */
export const JsonAnswerOut = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): JsonAnswerReply => {
    const http = ctx.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const accept = request.headers['accept-encoding'];
    return {
      acceptsGzip: acceptsGzip(Array.isArray(accept) ? accept.join(',') : accept),
      send(answer) {
        // The answer depends on Accept-Encoding whichever form it takes.
        reply.header('Vary', 'Accept-Encoding');
        if (typeof answer !== 'string') reply.header('Content-Encoding', 'gzip');
        return answer;
      },
    };
  },
);
