import {
  type CanActivate,
  type ExecutionContext,
  Inject,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Caller } from '@dinebuds/contracts';
import { GATEWAY_OPTIONS, type ResolvedGatewayOptions } from '../gateway-options.js';
import { ServiceClients } from '../upstream/service-clients.js';
import { AUTH_MODE, type AuthMode, NOT_AUTHENTICATED } from './auth.decorators.js';
import { originOf, type GatewayRequest } from './gateway-request.js';
import {
  type CookieReply,
  clearSessionCookie,
  readSessionToken,
  setSessionCookie,
} from './session-cookie.js';
import { SessionCache } from './session-cache.js';
import { SessionCookieRenewals } from './session-renewal.js';

/**
 * Global guard: on routes marked @RequireAuth() or @OptionalAuth() it resolves the session cookie
 * into `req.caller`: from the SessionCache when it remembers the session, else through identity
 * (`sessions.resolve`, one call, one statement), which also gives the user's own view
 * (`req.signedInUser`; after a cache hit there is none and GET /api/user asks identity). Revocation
 * stays immediate: identity's access-changed notices empty the cache (see SessionCache). A cookie
 * identity no longer knows is cleared; the cookie of a session in use is sent again with a fresh
 * lifetime now and then, as identity slides the session's expiry.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  private readonly renewals = new SessionCookieRenewals();

  constructor(
    private readonly reflector: Reflector,
    private readonly clients: ServiceClients,
    @Inject(GATEWAY_OPTIONS) private readonly options: ResolvedGatewayOptions,
    private readonly cache: SessionCache,
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
      const caller = this.cache.get(token) ?? (await this.resolve(token, req));
      req.caller = caller;
      if (!caller) clearSessionCookie(res, this.options.cookieSecure);
      else if (caller.sessionId && this.renewals.due(caller.sessionId))
        setSessionCookie(res, token, this.options.cookieSecure);
    }
    if (mode === 'required' && !req.caller) throw new UnauthorizedException(NOT_AUTHENTICATED);
    return true;
  }

  private async resolve(token: string, req: GatewayRequest): Promise<Caller | null> {
    const ticket = this.cache.ticket();
    const session = await this.clients
      .for('identity')
      .call('sessions.resolve', { sessionToken: token }, originOf(req));
    if (!session) return null;
    const caller = { userId: session.userId, isAdmin: session.isAdmin, sessionId: session.sessionId };
    req.signedInUser = session.user;
    this.cache.remember(token, caller, ticket, session.expiresAt ? Date.parse(session.expiresAt) : undefined);
    return caller;
  }
}
