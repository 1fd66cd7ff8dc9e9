import type { SocialPattern, SocialRpc } from '@dinebuds/contracts';
import { rpcRoute, type EveryPatternListed, type RpcAnswer } from '@dinebuds/service-kit';

/** Every pattern of SocialRpc; the type below fails to compile when one is missing. */
export const SOCIAL_PATTERNS = [
  'follows.status',
  'follows.follow',
  'follows.unfollow',
  'follows.followers',
  'follows.following',
  'follows.followersPage',
  'follows.followingPage',
  'follows.followersCount',
  'follows.followingCount',
  'requests.list',
  'requests.accept',
  'requests.reject',
  'blocks.block',
  'blocks.unblock',
  'blocks.list',
  'recommendations.list',
] as const satisfies readonly SocialPattern[];

export const everyPatternListed: EveryPatternListed<SocialPattern, typeof SOCIAL_PATTERNS> = true;

/** `POST /rpc/{pattern}` answering 200, for a pattern of SocialRpc only. */
export const Rpc: (pattern: SocialPattern) => MethodDecorator = rpcRoute;

/** The promised answer of a pattern, so a handler cannot drift from the contract. */
export type RpcResult<P extends SocialPattern> = RpcAnswer<SocialRpc, P>;
