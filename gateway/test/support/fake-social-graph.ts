import { Body, Controller, HttpCode, Inject, type INestApplication, Module, Post } from '@nestjs/common';
import type { BlockedUserDto, Caller, FollowRequestDto, FollowUserDto, SocialRpc } from '@dinebuds/contracts';
import { DomainError, badRequest, forbidden } from '@dinebuds/errors';
import { structuredLoggerModule } from '@dinebuds/logging';
import { OptionalCaller, RequiredCaller, createServiceApp } from '@dinebuds/service-client';
import type { RecordedCall } from './fake-identity.js';
import { listenFakeService } from './fake-service.js';

type Req<P extends keyof SocialRpc> = SocialRpc[P]['request'];
type Res<P extends keyof SocialRpc> = SocialRpc[P]['response'];

const key = (a: number, b: number) => `${a}:${b}`;

/**
 * In-memory stand-in for the social-graph service: the rules of its RPC contract in their
 * simplest form, and a record of every call (pattern, body, caller), for gateway tests.
 */
export class FakeSocialGraphState {
  readonly calls: RecordedCall[] = [];
  /** Users social-graph knows (the real one learns them from identity's events). */
  readonly users = new Map<number, FollowUserDto>();
  readonly follows = new Set<string>();
  readonly requests = new Map<string, string>();
  readonly blocks = new Map<string, string>();
  healthy = true;

  addUser(id: number, username: string, isPrivate = false): void {
    this.users.set(id, { id, username, name: username, profilePicture: null, isPrivate });
  }

  record(pattern: string, body: unknown, caller: Caller | null): void {
    this.calls.push({ pattern, body, caller, requestId: undefined });
  }

  callsTo(pattern: string): RecordedCall[] {
    return this.calls.filter((c) => c.pattern === pattern);
  }

  user(id: number): FollowUserDto {
    const user = this.users.get(id);
    if (!user) throw new DomainError('USER_NOT_FOUND', 'User not found');
    return user;
  }

  listOf(userId: number, direction: 'followers' | 'following', caller: Caller | null): FollowUserDto[] {
    const owner = this.user(userId);
    const approved = caller && (caller.userId === userId || this.follows.has(key(caller.userId, userId)));
    if (owner.isPrivate && !approved) throw forbidden('This account is private');
    return [...this.follows]
      .map((edge) => edge.split(':').map(Number))
      .filter(([follower, following]) => (direction === 'followers' ? following : follower) === userId)
      .map(([follower, following]) => this.user(direction === 'followers' ? follower : following));
  }

  follow(userId: number, targetId: number): Res<'follows.follow'> {
    if (userId === targetId) throw badRequest('You cannot follow yourself');
    const target = this.user(targetId);
    if (this.blocks.has(key(userId, targetId))) throw forbidden('Unblock this user to follow them');
    if (this.blocks.has(key(targetId, userId))) throw forbidden('You cannot follow this user');
    if (this.follows.has(key(userId, targetId))) return { status: 'following' };
    if (target.isPrivate) {
      if (!this.requests.has(key(userId, targetId)))
        this.requests.set(key(userId, targetId), new Date().toISOString());
      return { status: 'requested' };
    }
    this.follows.add(key(userId, targetId));
    return { status: 'following' };
  }
}

const STATE = Symbol('FAKE_SOCIAL_GRAPH_STATE');

function selfOnly(caller: Caller, userId: number): void {
  if (caller.userId !== userId) throw forbidden('You can only act for yourself');
}

@Controller('rpc')
class FakeSocialGraphRpcController {
  constructor(@Inject(STATE) private readonly state: FakeSocialGraphState) {}

  @Post('follows.status')
  @HttpCode(200)
  status(@Body() body: Req<'follows.status'>, @RequiredCaller() caller: Caller): Res<'follows.status'> {
    this.state.record('follows.status', body, caller);
    selfOnly(caller, body.userId);
    this.state.user(body.targetId);
    if (this.state.follows.has(key(body.userId, body.targetId)))
      return { isFollowing: true, status: 'following' };
    if (this.state.requests.has(key(body.userId, body.targetId)))
      return { isFollowing: false, status: 'requested' };
    return { isFollowing: false, status: 'not_following' };
  }

  @Post('follows.follow')
  @HttpCode(200)
  follow(@Body() body: Req<'follows.follow'>, @RequiredCaller() caller: Caller): Res<'follows.follow'> {
    this.state.record('follows.follow', body, caller);
    selfOnly(caller, body.userId);
    return this.state.follow(body.userId, body.targetId);
  }

  @Post('follows.unfollow')
  @HttpCode(200)
  unfollow(@Body() body: Req<'follows.unfollow'>, @RequiredCaller() caller: Caller): Res<'follows.unfollow'> {
    this.state.record('follows.unfollow', body, caller);
    selfOnly(caller, body.userId);
    this.state.follows.delete(key(body.userId, body.targetId));
    this.state.requests.delete(key(body.userId, body.targetId));
    return { status: 'not_following' };
  }

  @Post('follows.followers')
  @HttpCode(200)
  followers(
    @Body() body: Req<'follows.followers'>,
    @OptionalCaller() caller: Caller | null,
  ): Res<'follows.followers'> {
    this.state.record('follows.followers', body, caller);
    return this.state.listOf(body.userId, 'followers', caller);
  }

  @Post('follows.following')
  @HttpCode(200)
  following(
    @Body() body: Req<'follows.following'>,
    @OptionalCaller() caller: Caller | null,
  ): Res<'follows.following'> {
    this.state.record('follows.following', body, caller);
    return this.state.listOf(body.userId, 'following', caller);
  }

  @Post('follows.followersCount')
  @HttpCode(200)
  followersCount(
    @Body() body: Req<'follows.followersCount'>,
    @OptionalCaller() caller: Caller | null,
  ): Res<'follows.followersCount'> {
    this.state.record('follows.followersCount', body, caller);
    return {
      count: this.state.listOf(body.userId, 'followers', {
        userId: body.userId,
        isAdmin: false,
        sessionId: null,
      }).length,
    };
  }

  @Post('follows.followingCount')
  @HttpCode(200)
  followingCount(
    @Body() body: Req<'follows.followingCount'>,
    @OptionalCaller() caller: Caller | null,
  ): Res<'follows.followingCount'> {
    this.state.record('follows.followingCount', body, caller);
    return {
      count: this.state.listOf(body.userId, 'following', {
        userId: body.userId,
        isAdmin: false,
        sessionId: null,
      }).length,
    };
  }

  @Post('requests.list')
  @HttpCode(200)
  requests(@Body() body: Req<'requests.list'>, @RequiredCaller() caller: Caller): Res<'requests.list'> {
    this.state.record('requests.list', body, caller);
    selfOnly(caller, body.userId);
    return [...this.state.requests]
      .map(([edge, createdAt]) => [...edge.split(':').map(Number), createdAt] as [number, number, string])
      .filter(([, recipientId]) => recipientId === body.userId)
      .map(([requesterId, recipientId, createdAt], i): FollowRequestDto => {
        const requester = this.state.user(requesterId);
        return {
          id: i + 1,
          requesterId,
          recipientId,
          createdAt,
          requester: { ...requester, profileImage: requester.profilePicture },
        };
      });
  }

  @Post('requests.accept')
  @HttpCode(200)
  accept(@Body() body: Req<'requests.accept'>, @RequiredCaller() caller: Caller): Res<'requests.accept'> {
    this.state.record('requests.accept', body, caller);
    selfOnly(caller, body.userId);
    if (!this.state.requests.delete(key(body.requesterId, body.userId)))
      throw new DomainError('NOT_FOUND', 'Follow request not found');
    this.state.follows.add(key(body.requesterId, body.userId));
    const followBack = body.followBack ? this.state.follow(body.userId, body.requesterId) : null;
    return { status: 'accepted', followBack };
  }

  @Post('requests.reject')
  @HttpCode(200)
  reject(@Body() body: Req<'requests.reject'>, @RequiredCaller() caller: Caller): Res<'requests.reject'> {
    this.state.record('requests.reject', body, caller);
    selfOnly(caller, body.userId);
    if (!this.state.requests.delete(key(body.requesterId, body.userId)))
      throw new DomainError('NOT_FOUND', 'Follow request not found');
    return { message: 'Follow request rejected' };
  }

  @Post('blocks.block')
  @HttpCode(200)
  block(@Body() body: Req<'blocks.block'>, @RequiredCaller() caller: Caller): Res<'blocks.block'> {
    this.state.record('blocks.block', body, caller);
    if (body.blockedId === caller.userId) throw badRequest('You cannot block yourself');
    const user = this.state.user(body.blockedId);
    const createdAt = new Date().toISOString();
    this.state.blocks.set(key(caller.userId, body.blockedId), createdAt);
    for (const edge of [key(caller.userId, body.blockedId), key(body.blockedId, caller.userId)]) {
      this.state.follows.delete(edge);
      this.state.requests.delete(edge);
    }
    return {
      id: this.state.blocks.size,
      blockerId: caller.userId,
      blockedId: body.blockedId,
      createdAt,
      user,
    };
  }

  @Post('blocks.unblock')
  @HttpCode(200)
  unblock(@Body() body: Req<'blocks.unblock'>, @RequiredCaller() caller: Caller): Res<'blocks.unblock'> {
    this.state.record('blocks.unblock', body, caller);
    this.state.user(body.blockedId);
    this.state.blocks.delete(key(caller.userId, body.blockedId));
    return { message: 'User unblocked' };
  }

  @Post('blocks.list')
  @HttpCode(200)
  blocked(@Body() body: Req<'blocks.list'>, @RequiredCaller() caller: Caller): Res<'blocks.list'> {
    this.state.record('blocks.list', body, caller);
    return [...this.state.blocks]
      .map(([edge, createdAt]) => [...edge.split(':').map(Number), createdAt] as [number, number, string])
      .filter(([blockerId]) => blockerId === caller.userId)
      .map(([blockerId, blockedId, createdAt], i): BlockedUserDto => ({
        id: i + 1,
        blockerId,
        blockedId,
        createdAt,
        user: this.state.user(blockedId),
      }));
  }

  @Post('recommendations.list')
  @HttpCode(200)
  recommendations(
    @Body() body: Req<'recommendations.list'>,
    @RequiredCaller() caller: Caller,
  ): Res<'recommendations.list'> {
    this.state.record('recommendations.list', body, caller);
    return [...this.state.users.values()]
      .filter((u) => u.id !== caller.userId && !this.state.follows.has(key(caller.userId, u.id)))
      .slice(0, body.limit ?? 20)
      .map((u) => ({
        user: { ...u, bio: null },
        reason: 'shared_flavors',
        reasonText: 'Also loves sushi',
        mutualBuds: 0,
        sharedFlavors: ['sushi'],
        sharedCities: [],
      }));
  }
}

export interface FakeSocialGraph {
  app: INestApplication;
  url: string;
  state: FakeSocialGraphState;
  close(): Promise<void>;
}

/** Starts a fake social-graph (own state) on a free loopback port; GET /health like a real service. */
export async function startFakeSocialGraph(internalToken: string): Promise<FakeSocialGraph> {
  const state = new FakeSocialGraphState();
  @Module({
    imports: [structuredLoggerModule('fake-social-graph', 'silent')],
    controllers: [FakeSocialGraphRpcController],
    providers: [{ provide: STATE, useValue: state }],
  })
  class FakeSocialGraphModule {}

  const app = await createServiceApp(FakeSocialGraphModule, { internalToken });
  const url = await listenFakeService(app, () =>
    state.healthy
      ? { status: 200, body: { status: 'ok', info: {}, error: {}, details: { database: { status: 'up' } } } }
      : {
          status: 503,
          body: { status: 'error', info: {}, error: { database: { status: 'down' } }, details: {} },
        },
  );
  return { app, url, state, close: () => app.close() };
}
