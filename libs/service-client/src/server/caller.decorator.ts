import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Caller } from '@dinebuds/contracts';
import { unauthenticated } from '@dinebuds/errors';
import { VERIFIED_CALLER, type InternalRequest } from './verified-caller.js';

/** The caller InternalAuthGuard verified; null when the guard did not run or saw no user. */
function verifiedCaller(ctx: ExecutionContext): Caller | null {
  return ctx.switchToHttp().getRequest<InternalRequest>()[VERIFIED_CALLER] ?? null;
}

/** `@OptionalCaller() caller: Caller | null` */
export const OptionalCaller = createParamDecorator((_data: unknown, ctx: ExecutionContext): Caller | null =>
  verifiedCaller(ctx),
);

/** `@RequiredCaller() caller: Caller` — 401 when the call carries no signed-in user. */
export const RequiredCaller = createParamDecorator((_data: unknown, ctx: ExecutionContext): Caller => {
  const caller = verifiedCaller(ctx);
  if (!caller) throw unauthenticated();
  return caller;
});
