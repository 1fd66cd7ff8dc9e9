import { applyDecorators, HttpCode, Post } from '@nestjs/common';
import type { SocialPattern, SocialRpc } from '@dinebuds/contracts';

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

type Missing = Exclude<SocialPattern, (typeof SOCIAL_PATTERNS)[number]>;
export const everyPatternListed: [Missing] extends [never] ? true : Missing = true;

/** `POST /rpc/{pattern}` answering 200 (it is a call, not a resource creation). */
export function Rpc(pattern: SocialPattern): MethodDecorator {
  return applyDecorators(Post(pattern), HttpCode(200));
}

/** The promised answer of a pattern, so a handler cannot drift from the contract. */
export type RpcResult<P extends SocialPattern> = Promise<SocialRpc[P]['response']>;
