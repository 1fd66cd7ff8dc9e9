import {
  createParamDecorator,
  type ExecutionContext,
  SetMetadata,
  UnauthorizedException,
} from '@nestjs/common';
import type { Caller, CurrentUserDto } from '@dinebuds/contracts';
import type { GatewayRequest } from './gateway-request.js';

export const AUTH_MODE = 'dinebuds:auth-mode';

/** 'required': 401 without a valid session; 'optional': the caller when signed in, else null. */
export type AuthMode = 'required' | 'optional';

/**
 * The route needs a signed-in caller. Routes without an auth decorator never consult the session
 * (env, health, login): a session problem cannot break them.
 */
export const RequireAuth = () => SetMetadata(AUTH_MODE, 'required' satisfies AuthMode);

/** The route works for everyone and tells the service who asks when a session cookie is valid. */
export const OptionalAuth = () => SetMetadata(AUTH_MODE, 'optional' satisfies AuthMode);

export const NOT_AUTHENTICATED = 'Not authenticated';

/** `@CurrentCaller() caller: Caller` on a `@RequireAuth()` route. */
export const CurrentCaller = createParamDecorator((_data: unknown, ctx: ExecutionContext): Caller => {
  const caller = ctx.switchToHttp().getRequest<GatewayRequest>().caller;
  if (!caller) throw new UnauthorizedException(NOT_AUTHENTICATED);
  return caller;
});

/** `@OptionalCaller() caller: Caller | null` on an `@OptionalAuth()` route. */
export const OptionalCaller = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): Caller | null =>
    ctx.switchToHttp().getRequest<GatewayRequest>().caller ?? null,
);

/**
 * `@SignedInUser() user` on a `@RequireAuth()` route: the user the session guard resolved along
 * with the session, or null when identity answered the resolve without it (an older identity
 * during a rolling deploy); the route then asks identity for the user itself.
 */
export const SignedInUser = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): CurrentUserDto | null =>
    ctx.switchToHttp().getRequest<GatewayRequest>().signedInUser ?? null,
);
