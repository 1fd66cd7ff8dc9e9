import { randomBytes, randomUUID } from 'node:crypto';
import { Body, Controller, Headers, HttpCode, type INestApplication, Module, Post } from '@nestjs/common';
import type {
  AuthResult,
  Caller,
  CurrentUserDto,
  IdentityRpc,
  PictureData,
  ResolvedSession,
  SessionDto,
} from '@dinebuds/contracts';
import { DomainError, unauthenticated } from '@dinebuds/errors';
import { structuredLoggerModule } from '@dinebuds/logging';
import { OptionalCaller, RequiredCaller, createServiceApp } from '@dinebuds/service-client';
import { listenFakeService } from './fake-service.js';

type Req<P extends keyof IdentityRpc> = IdentityRpc[P]['request'];
type Res<P extends keyof IdentityRpc> = IdentityRpc[P]['response'];

export interface RecordedCall {
  pattern: string;
  body: unknown;
  caller: Caller | null;
  requestId: string | undefined;
}

interface StoredUser extends CurrentUserDto {
  password: string;
}

/** In-memory stand-in for the identity service: just enough of its RPC contract for gateway tests. */
export class FakeIdentityState {
  readonly calls: RecordedCall[] = [];
  readonly users: StoredUser[] = [];
  readonly sessions = new Map<
    string,
    { id: string; userId: number; createdAt: string; userAgent: string | null; ipAddress: string | null }
  >();
  pictures = new Map<number, PictureData>();
  healthy = true;

  record(pattern: string, body: unknown, caller: Caller | null, requestId: string | undefined): void {
    this.calls.push({ pattern, body, caller, requestId });
  }

  callsTo(pattern: string): RecordedCall[] {
    return this.calls.filter((c) => c.pattern === pattern);
  }

  public(user: StoredUser): CurrentUserDto {
    const { password: _password, ...rest } = user;
    return rest;
  }

  startSession(user: StoredUser, info: { userAgent: string | null; ipAddress: string | null }): AuthResult {
    const sessionToken = randomBytes(32).toString('base64url');
    const id = randomUUID();
    this.sessions.set(sessionToken, { id, userId: user.id, createdAt: new Date().toISOString(), ...info });
    return { user: this.public(user), sessionToken, sessionId: id };
  }
}

export const state = new FakeIdentityState();

@Controller('rpc')
class FakeIdentityRpcController {
  @Post('auth.register')
  @HttpCode(200)
  register(@Body() body: Req<'auth.register'>, @Headers('x-request-id') rid: string): Res<'auth.register'> {
    state.record('auth.register', body, null, rid);
    if (state.users.some((u) => u.username.toLowerCase() === body.username.toLowerCase()))
      throw new DomainError('USERNAME_TAKEN', 'Username already exists');
    const user: StoredUser = {
      id: state.users.length + 1,
      username: body.username,
      name: body.name,
      bio: body.bio ?? null,
      profilePicture: null,
      reviewCount: 0,
      isAdmin: false,
      isPrivate: body.isPrivate ?? false,
      createdAt: new Date().toISOString(),
      password: body.password,
    };
    state.users.push(user);
    return state.startSession(user, body);
  }

  @Post('auth.login')
  @HttpCode(200)
  login(@Body() body: Req<'auth.login'>, @Headers('x-request-id') rid: string): Res<'auth.login'> {
    state.record('auth.login', body, null, rid);
    const user = state.users.find((u) => u.username.toLowerCase() === body.username.toLowerCase());
    if (!user || user.password !== body.password)
      throw new DomainError('INVALID_CREDENTIALS', 'Invalid username or password');
    return state.startSession(user, body);
  }

  @Post('auth.logout')
  @HttpCode(200)
  logout(@Body() body: Req<'auth.logout'>): Res<'auth.logout'> {
    state.record('auth.logout', body, null, undefined);
    state.sessions.delete(body.sessionToken);
    return { message: 'Logged out successfully' };
  }

  @Post('sessions.resolve')
  @HttpCode(200)
  resolve(@Body() body: Req<'sessions.resolve'>): Res<'sessions.resolve'> {
    state.record('sessions.resolve', body, null, undefined);
    const session = state.sessions.get(body.sessionToken);
    if (!session) return null;
    const user = state.users.find((u) => u.id === session.userId);
    return {
      userId: session.userId,
      isAdmin: user?.isAdmin ?? false,
      sessionId: session.id,
    } satisfies ResolvedSession;
  }

  @Post('sessions.list')
  @HttpCode(200)
  listSessions(@RequiredCaller() caller: Caller): Res<'sessions.list'> {
    state.record('sessions.list', {}, caller, undefined);
    return [...state.sessions.values()]
      .filter((s) => s.userId === caller.userId)
      .map((s): SessionDto => ({
        id: s.id,
        userAgent: s.userAgent,
        ipAddress: s.ipAddress,
        createdAt: s.createdAt,
        lastSeenAt: s.createdAt,
        current: s.id === caller.sessionId,
      }));
  }

  @Post('sessions.revoke')
  @HttpCode(200)
  revoke(@Body() body: Req<'sessions.revoke'>, @RequiredCaller() caller: Caller): Res<'sessions.revoke'> {
    state.record('sessions.revoke', body, caller, undefined);
    for (const [token, s] of state.sessions) {
      if (s.id === body.sessionId && s.userId === caller.userId) {
        state.sessions.delete(token);
        return { message: 'Session revoked' };
      }
    }
    throw new DomainError('SESSION_NOT_FOUND', 'Session not found');
  }

  @Post('users.me')
  @HttpCode(200)
  me(@OptionalCaller() caller: Caller | null, @Headers('x-request-id') rid: string): Res<'users.me'> {
    state.record('users.me', {}, caller, rid);
    const user = caller && state.users.find((u) => u.id === caller.userId);
    if (!user) throw unauthenticated();
    return state.public(user);
  }

  @Post('users.list')
  @HttpCode(200)
  list(@Body() body: Req<'users.list'>, @OptionalCaller() caller: Caller | null): Res<'users.list'> {
    state.record('users.list', body, caller, undefined);
    return state.users
      .slice(body.offset ?? 0, (body.offset ?? 0) + (body.limit ?? 20))
      .map((u) => state.public(u));
  }

  @Post('users.get')
  @HttpCode(200)
  get(@Body() body: Req<'users.get'>, @OptionalCaller() caller: Caller | null): Res<'users.get'> {
    state.record('users.get', body, caller, undefined);
    const user = state.users.find((u) => u.id === body.id);
    if (!user) throw new DomainError('USER_NOT_FOUND', 'User not found');
    return state.public(user);
  }

  @Post('users.update')
  @HttpCode(200)
  update(@Body() body: Req<'users.update'>, @RequiredCaller() caller: Caller): Res<'users.update'> {
    state.record('users.update', body, caller, undefined);
    if (caller.userId !== body.id) throw new DomainError('FORBIDDEN', 'You can only change your own profile');
    const user = state.users.find((u) => u.id === body.id);
    if (!user) throw new DomainError('USER_NOT_FOUND', 'User not found');
    Object.assign(user, { ...body, id: user.id });
    return state.public(user);
  }

  @Post('users.setPicture')
  @HttpCode(200)
  setPicture(
    @Body() body: Req<'users.setPicture'>,
    @RequiredCaller() caller: Caller,
  ): Res<'users.setPicture'> {
    state.record(
      'users.setPicture',
      { id: body.id, contentType: body.contentType, bytes: Buffer.from(body.dataBase64, 'base64').length },
      caller,
      undefined,
    );
    if (caller.userId !== body.id) throw new DomainError('FORBIDDEN', 'You can only change your own profile');
    const version = (state.pictures.size + 1).toString();
    state.pictures.set(body.id, {
      contentType: body.contentType,
      dataBase64: body.dataBase64,
      etag: `pic-${body.id}-${version}`,
    });
    return { profilePicture: `/api/users/${body.id}/profile-picture?v=${version}` };
  }

  @Post('users.getPicture')
  @HttpCode(200)
  getPicture(@Body() body: Req<'users.getPicture'>): Res<'users.getPicture'> {
    const picture = state.pictures.get(body.id);
    if (!picture) throw new DomainError('NOT_FOUND', 'Profile picture not found');
    return picture;
  }

  @Post('users.changePassword')
  @HttpCode(200)
  changePassword(
    @Body() body: Req<'users.changePassword'>,
    @RequiredCaller() caller: Caller,
  ): Res<'users.changePassword'> {
    state.record('users.changePassword', body, caller, undefined);
    return { message: 'Password updated' };
  }

  @Post('badges.setFlavor')
  @HttpCode(200)
  setFlavor(
    @Body() body: Req<'badges.setFlavor'>,
    @RequiredCaller() caller: Caller,
  ): Res<'badges.setFlavor'> {
    state.record('badges.setFlavor', body, caller, undefined);
    return body.badges.map((b, i) => ({
      id: i + 1,
      userId: body.userId,
      badgeId: b.badgeId,
      category: b.category as 'preference',
      createdAt: new Date().toISOString(),
    }));
  }
}

@Module({
  imports: [structuredLoggerModule('fake-identity', 'silent')],
  controllers: [FakeIdentityRpcController],
})
class FakeIdentityModule {}

export interface FakeIdentity {
  app: INestApplication;
  url: string;
  state: FakeIdentityState;
  close(): Promise<void>;
}

/** Starts the fake identity on a free loopback port; GET /health answers like a real service. */
export async function startFakeIdentity(internalToken: string): Promise<FakeIdentity> {
  const app = await createServiceApp(FakeIdentityModule, { internalToken });
  const url = await listenFakeService(app, () =>
    state.healthy
      ? {
          status: 200,
          body: {
            status: 'ok',
            info: { database: { status: 'up' } },
            error: {},
            details: { database: { status: 'up' } },
          },
        }
      : {
          status: 503,
          body: {
            status: 'error',
            info: {},
            error: { database: { status: 'down' } },
            details: { database: { status: 'down' } },
          },
        },
  );
  return { app, url, state, close: () => app.close() };
}
