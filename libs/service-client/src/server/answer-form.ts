import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { GzipJson } from '@dinebuds/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The Accept-Encoding a caller sends on an RPC to ask for a stored answer's gzip. */
export const RPC_ACCEPT_GZIP = 'gzip';

/**
 * The form a caller asked a JSON answer in (see JsonAnswer): gzip when the RPC carried
 * `Accept-Encoding: gzip`, which the gateway sends only for a client that accepts gzip.
 */
export interface AnswerForm {
  readonly acceptsGzip: boolean;
  /** Answers gzip bytes: marks the RPC's answer `Content-Encoding: gzip`. */
  gzip<T>(bytes: Uint8Array): GzipJson<T>;
}

/** `@RpcAnswerForm() form: AnswerForm` on a JsonTextRpc handler. */
export const RpcAnswerForm = createParamDecorator((_data: unknown, ctx: ExecutionContext): AnswerForm => {
  const http = ctx.switchToHttp();
  const accept = http.getRequest<FastifyRequest>().headers['accept-encoding'];
  const reply = http.getResponse<FastifyReply>();
  return {
    acceptsGzip: accept === RPC_ACCEPT_GZIP,
    gzip<T>(bytes: Uint8Array): GzipJson<T> {
      reply.header('Content-Encoding', 'gzip');
      return bytes as GzipJson<T>;
    },
  };
});

/** The plain form: for a caller inside the service (tests, jobs) that wants the text. */
export const TEXT_ANSWER: AnswerForm = {
  acceptsGzip: false,
  gzip() {
    throw new Error('this caller asked for text');
  },
};
