import type { ReviewsPattern, ReviewsRpc } from '@dinebuds/contracts';
import { rpcRoute, type EveryPatternListed, type RpcAnswer } from '@dinebuds/service-kit';

/** Every pattern of ReviewsRpc; the type below fails to compile when one is missing. */
export const REVIEWS_PATTERNS = [
  'reviews.byUser',
  'reviews.create',
  'reviews.update',
  'reviews.delete',
  'restaurants.list',
  'restaurants.detail',
  'restaurants.photo',
  'restaurants.setPhoto',
  'restaurants.toggleSave',
  'restaurants.isSaved',
  'saved.list',
  'saved.save',
  'saved.remove',
  'activity.ofUser',
] as const satisfies readonly ReviewsPattern[];

export const everyPatternListed: EveryPatternListed<ReviewsPattern, typeof REVIEWS_PATTERNS> = true;

/** `POST /rpc/{pattern}` answering 200, for a pattern of ReviewsRpc only. */
export const Rpc: (pattern: ReviewsPattern) => MethodDecorator = rpcRoute;

/** The promised answer of a pattern, so a handler cannot drift from the contract. */
export type RpcResult<P extends ReviewsPattern> = RpcAnswer<ReviewsRpc, P>;

/** A list window from a request: default and maximum from REVIEW_LIMITS. */
export function windowOf(
  request: { limit?: number; offset?: number },
  limits: { listDefault: number; listMax: number },
): { limit: number; offset: number } {
  const limit = Math.min(Math.max(request.limit ?? limits.listDefault, 1), limits.listMax);
  return { limit, offset: Math.max(request.offset ?? 0, 0) };
}
