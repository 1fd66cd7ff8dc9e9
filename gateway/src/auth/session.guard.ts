import {
  type CanActivate,
  type ExecutionContext,
  Inject,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { GATEWAY_OPTIONS, type ResolvedGatewayOptions } from '../gateway-options.js';
import { IDENTITY, type IdentityClient } from '../upstream/service-clients.js';
import { AUTH_MODE, type AuthMode, NOT_AUTHENTICATED } from './auth.decorators.js';
import type { GatewayRequest } from './gateway-request.js';
import {
  type CookieReply,
  clearSessionCookie,
  readSessionToken,
  setSessionCookie,
} from './session-cookie.js';
import { SessionCookieRenewals } from './session-renewal.js';

/**
 * Global guard: on routes marked @RequireAuth() or @OptionalAuth() it resolves the session cookie
 * through identity (`sessions.resolve`) into `req.caller` and the user's own view into
 * `req.signedInUser` (one call, one statement). Revocation is immediate because
 * nothing is cached. A cookie identity no longer knows is cleared; the cookie of a session in use
 * is sent again with a fresh lifetime now and then, as identity slides the session's expiry.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  private readonly renewals = new SessionCookieRenewals();

  constructor(
    private readonly reflector: Reflector,
    @Inject(IDENTITY) private readonly identity: IdentityClient,
    @Inject(GATEWAY_OPTIONS) private readonly options: ResolvedGatewayOptions,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const mode = this.reflector.getAllAndOverride<AuthMode | undefined>(AUTH_MODE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!mode) return true;
    const req = context.switchToHttp().getRequest<GatewayRequest>();
    const res = context.switchToHttp().getResponse<CookieReply>();
    req.caller = null;
    const token = readSessionToken(req);
    if (token) {
      const session = await this.identity.call('sessions.resolve', { sessionToken: token });
      if (session) {
        req.caller = { userId: session.userId, isAdmin: session.isAdmin, sessionId: session.sessionId };
        req.signedInUser = session.user;
        if (this.renewals.due(session.sessionId)) setSessionCookie(res, token, this.options.cookieSecure);
      } else {
        clearSessionCookie(res, this.options.cookieSecure);
      }
    }
    if (mode === 'required' && !req.caller) throw new UnauthorizedException(NOT_AUTHENTICATED);
    return true;
  }
}
