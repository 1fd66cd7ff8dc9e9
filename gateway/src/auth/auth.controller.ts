import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import {
  ApiBody,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { AuthResult, CurrentUserDto, MessageResponse } from '@dinebuds/contracts';
import {
  ChangePasswordDto,
  LoginDto,
  MessageResponseSchema,
  RegisterDto,
  UserSchema,
} from '@dinebuds/api-dto';
import { UpstreamHttpError } from '@dinebuds/errors';
import { ApiErrors } from '../common/api-errors.decorator.js';
import { GATEWAY_OPTIONS, type ResolvedGatewayOptions } from '../gateway-options.js';
import { AuthRateLimit } from '../rate-limit/rate-limit.decorators.js';
import { ServiceClients } from '../upstream/service-clients.js';
import { RequireAuth, SignedInOrigin, SignedInUser } from './auth.decorators.js';
import { clientInfo } from './client-info.js';
import { originOf, type GatewayRequest } from './gateway-request.js';
import { SessionCache } from './session-cache.js';
import {
  type CookieReply,
  clearSessionCookie,
  readSessionToken,
  setSessionCookie,
} from './session-cookie.js';

export const LOGGED_OUT = 'Logged out successfully';

/** Sign-in, registration, sign-out, the current user and the password: the session cookie's life. */
@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(
    private readonly clients: ServiceClients,
    @Inject(GATEWAY_OPTIONS) private readonly options: ResolvedGatewayOptions,
    private readonly sessionCache: SessionCache,
  ) {}

  @Get('user')
  @RequireAuth()
  @ApiCookieAuth()
  @ApiOperation({ summary: 'The signed-in user' })
  @ApiOkResponse({ type: UserSchema })
  @ApiErrors(401)
  me(
    @SignedInUser() user: CurrentUserDto | null,
    @SignedInOrigin() origin: SignedInOrigin,
  ): CurrentUserDto | Promise<CurrentUserDto> {
    // Resolved with the session by the guard (identity answered it in the same call); when the
    // session came from the guard's cache, or an older identity's resolve carried no user, ask.
    return user ?? this.clients.for('identity').call('users.me', {}, origin);
  }

  @Post('login')
  @HttpCode(200)
  @AuthRateLimit()
  @ApiOperation({ summary: 'Sign in; sets the session cookie' })
  @ApiOkResponse({ type: UserSchema, description: 'The user; Set-Cookie: dinebuds_sid' })
  @ApiErrors(400, 401, 429)
  async login(
    @Body() body: LoginDto,
    @Req() req: GatewayRequest,
    @Res({ passthrough: true }) res: CookieReply,
  ): Promise<CurrentUserDto> {
    const result = await this.clients.for('identity').call(
      'auth.login',
      {
        username: body.username,
        password: body.password,
        ...clientInfo(req),
      },
      originOf(req),
    );
    return this.startSession(res, result);
  }

  @Post('register')
  @HttpCode(201)
  @AuthRateLimit()
  @ApiOperation({ summary: 'Create an account and sign in; sets the session cookie' })
  @ApiCreatedResponse({ type: UserSchema, description: 'The new user; Set-Cookie: dinebuds_sid' })
  @ApiErrors(400, 409, 429)
  async register(
    @Body() body: RegisterDto,
    @Req() req: GatewayRequest,
    @Res({ passthrough: true }) res: CookieReply,
  ): Promise<CurrentUserDto> {
    const { confirmPassword: _confirm, ...registration } = body;
    const result = await this.clients
      .for('identity')
      .call('auth.register', { ...registration, ...clientInfo(req) }, originOf(req));
    return this.startSession(res, result);
  }

  @Post('logout')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign out: revokes the session and clears the cookie' })
  @ApiOkResponse({ type: MessageResponseSchema })
  async logout(
    @Req() req: GatewayRequest,
    @Res({ passthrough: true }) res: CookieReply,
  ): Promise<MessageResponse> {
    const token = readSessionToken(req);
    // The browser forgets the session whatever happens next.
    clearSessionCookie(res, this.options.cookieSecure);
    if (token) {
      try {
        await this.clients.for('identity').call('auth.logout', { sessionToken: token }, originOf(req));
      } catch (error) {
        // A session identity no longer knows is as good as revoked.
        if (!(error instanceof UpstreamHttpError) || (error.status !== 401 && error.status !== 404))
          throw error;
      } finally {
        // This gateway forgets at once; the others on identity's notice.
        this.sessionCache.forgetSession(token);
      }
    }
    return { message: LOGGED_OUT };
  }

  // Under the sign-in limit too: it checks the current password, so a stolen session must not
  // become an unlimited password-guessing oracle.
  @Post('user/password')
  @HttpCode(200)
  @RequireAuth()
  @AuthRateLimit()
  @ApiCookieAuth()
  @ApiOperation({ summary: "Change the password; revokes the user's other sessions" })
  @ApiBody({ type: ChangePasswordDto })
  @ApiOkResponse({ type: MessageResponseSchema })
  @ApiErrors(400, 401, 429)
  async changePassword(
    @Body() body: ChangePasswordDto,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<MessageResponse> {
    const result = await this.clients
      .for('identity')
      .call(
        'users.changePassword',
        { currentPassword: body.currentPassword, newPassword: body.newPassword },
        origin,
      );
    // The other sessions are revoked: this gateway forgets them at once, the others on notice.
    this.sessionCache.forgetUser(origin.caller.userId);
    return result;
  }

  private startSession(res: CookieReply, result: AuthResult): CurrentUserDto {
    setSessionCookie(res, result.sessionToken, this.options.cookieSecure);
    return result.user;
  }
}
