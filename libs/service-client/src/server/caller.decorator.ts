import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { INTERNAL_HEADERS, type Caller } from '@dinebuds/contracts';
import { unauthenticated } from '@dinebuds/errors';

/** Reads the caller the gateway established (InternalAuthGuard has checked the token). */
export function callerFromHeaders(headers: Record<string, string | string[] | undefined>): Caller | null {
  const rawId = headers[INTERNAL_HEADERS.callerId];
  const id = Number(Array.isArray(rawId) ? rawId[0] : rawId);
  if (!Number.isInteger(id) || id <= 0) return null;
  const session = headers[INTERNAL_HEADERS.callerSessionId];
  return {
    userId: id,
    isAdmin: headers[INTERNAL_HEADERS.callerIsAdmin] === 'true',
    sessionId: typeof session === 'string' ? session : null,
  };
}

/** `@OptionalCaller() caller: Caller | null` */
export const OptionalCaller = createParamDecorator((_data: unknown, ctx: ExecutionContext): Caller | null =>
  callerFromHeaders(ctx.switchToHttp().getRequest<{ headers: Record<string, string | undefined> }>().headers),
);

/** `@RequiredCaller() caller: Caller` — 401 when the call carries no signed-in user. */
export const RequiredCaller = createParamDecorator((_data: unknown, ctx: ExecutionContext): Caller => {
  const caller = callerFromHeaders(
    ctx.switchToHttp().getRequest<{ headers: Record<string, string | undefined> }>().headers,
  );
  if (!caller) throw unauthenticated();
  return caller;
});
