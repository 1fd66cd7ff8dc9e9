import { Controller, Delete, Get, Inject, Param, Res } from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MessageResponseSchema, SessionSchema } from '@dinebuds/api-dto';
import type { MessageResponse, SessionDto } from '@dinebuds/contracts';
import { RequireAuth, SignedInOrigin } from '../auth/auth.decorators.js';
import { SessionCache } from '../auth/session-cache.js';
import { type CookieReply, clearSessionCookie } from '../auth/session-cookie.js';
import { ApiErrors } from '../common/api-errors.decorator.js';
import { GATEWAY_OPTIONS, type ResolvedGatewayOptions } from '../gateway-options.js';
import { ServiceClients } from '../upstream/service-clients.js';
import { SessionIdPipe } from './session-id.pipe.js';

/** The signed-in user's sessions (devices), for the Sessions tab of Settings. */
@ApiTags('sessions')
@ApiCookieAuth()
@Controller('user/sessions')
@RequireAuth()
export class SessionsController {
  constructor(
    private readonly clients: ServiceClients,
    @Inject(GATEWAY_OPTIONS) private readonly options: ResolvedGatewayOptions,
    private readonly sessionCache: SessionCache,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Your sessions, newest first; `current` marks this one' })
  @ApiOkResponse({ type: [SessionSchema] })
  @ApiErrors(401)
  list(@SignedInOrigin() origin: SignedInOrigin): Promise<SessionDto[]> {
    return this.clients.for('identity').call('sessions.list', {}, origin);
  }

  @Delete(':sessionId')
  @ApiOperation({ summary: 'Sign out one of your sessions' })
  @ApiOkResponse({ type: MessageResponseSchema })
  @ApiErrors(400, 401, 404)
  async revoke(
    @Param('sessionId', SessionIdPipe) sessionId: string,
    @SignedInOrigin() origin: SignedInOrigin,
    @Res({ passthrough: true }) res: CookieReply,
  ): Promise<MessageResponse> {
    const result = await this.clients.for('identity').call('sessions.revoke', { sessionId }, origin);
    // This gateway forgets the revoked session at once, the others on identity's notice.
    this.sessionCache.forgetUser(origin.caller.userId);
    // Revoking this very session is a sign-out: the browser forgets the cookie too.
    if (sessionId === origin.caller.sessionId) clearSessionCookie(res, this.options.cookieSecure);
    return result;
  }
}
