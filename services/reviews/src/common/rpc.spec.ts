import { describe, expect, it } from '@jest/globals';
import { rpcRoutesOf } from '@dinebuds/service-kit';
import { reviewsService } from '../reviews.service-definition.js';
import { REVIEWS_PATTERNS, windowOf } from './rpc.js';

describe('reviews RPC surface', () => {
  it('routes every ReviewsRpc pattern exactly once under /rpc', () => {
    expect(rpcRoutesOf(reviewsService.definition.controllers).sort()).toEqual(
      REVIEWS_PATTERNS.map((pattern) => `rpc/${pattern}`).sort(),
    );
  });

  it('windows a list: default, maximum and no negative offset', () => {
    const limits = { listDefault: 50, listMax: 200 };
    expect(windowOf({}, limits)).toEqual({ limit: 50, offset: 0 });
    expect(windowOf({ limit: 1000, offset: 10 }, limits)).toEqual({ limit: 200, offset: 10 });
    expect(windowOf({ limit: 0, offset: -5 }, limits)).toEqual({ limit: 1, offset: 0 });
  });
});
