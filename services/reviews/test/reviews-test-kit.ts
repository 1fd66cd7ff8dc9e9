import type { ReviewsRpc } from '@dinebuds/contracts';
import type { EventBus } from '@dinebuds/events';
import { startTestService, type RpcMapOf, type TestService } from '@dinebuds/testing';
import { startReviewsService, type ReviewsServiceOptions, type RunningReviewsService } from '../src/index.js';

/** The reviews service's own test helpers; the generic ones are in @dinebuds/testing. */
export type ReviewsRpcMap = RpcMapOf<ReviewsRpc>;
export type TestReviews = TestService<RunningReviewsService, ReviewsRpcMap>;

export function startTestReviews(
  databaseUrl: string,
  bus: EventBus,
  extra: Partial<ReviewsServiceOptions> = {},
): Promise<TestReviews> {
  return startTestService<ReviewsRpcMap, typeof startReviewsService>(startReviewsService, {
    name: 'reviews',
    databaseUrl,
    bus,
    options: { relayIntervalMs: 50, ...extra },
  });
}
