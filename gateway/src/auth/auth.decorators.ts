import {
  createParamDecorator,
  type ExecutionContext,
  SetMetadata,
  UnauthorizedException,
} from '@nestjs/common';
import type { Caller, CurrentUserDto } from '@dinebuds/contracts';
import type { CallOrigin } from '@dinebuds/service-client';
import { originOf, type GatewayRequest } from './gateway-request.js';

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

/**
 * `@Origin() origin: CallOrigin` on an `@OptionalAuth()` route: the request as the origin of the
 * service calls it makes (who asks when signed in, its request id, its span), passed to each call.
 */
export const Origin = createParamDecorator((_data: unknown, ctx: ExecutionContext): CallOrigin =>
  originOf(ctx.switchToHttp().getRequest<GatewayRequest>()),
);

/** A signed-in request's origin (on a `@RequireAuth()` route). */
export interface SignedInOrigin extends CallOrigin {
  readonly caller: Caller;
}

/** `@SignedInOrigin() origin: SignedInOrigin` on a `@RequireAuth()` route: Origin with its caller. */
export const SignedInOrigin = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): SignedInOrigin => {
    const origin = originOf(ctx.switchToHttp().getRequest<GatewayRequest>());
    if (!origin.caller) throw new UnauthorizedException(NOT_AUTHENTICATED);
    return origin as SignedInOrigin;
  },
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
