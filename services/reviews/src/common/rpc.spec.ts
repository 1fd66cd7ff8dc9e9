import { describe, expect, it } from '@jest/globals';
import { PATH_METADATA } from '@nestjs/common/constants.js';
import { ActivityRpcController } from '../activity/activity.rpc-controller.js';
import { RestaurantsRpcController } from '../restaurants/restaurants.rpc-controller.js';
import { ReviewsRpcController } from '../reviews/reviews.rpc-controller.js';
import { SavedRpcController } from '../saved/saved.rpc-controller.js';
import { REVIEWS_PATTERNS, windowOf } from './rpc.js';

describe('reviews RPC surface', () => {
  it('routes every ReviewsRpc pattern exactly once under /rpc', () => {
    const routes: string[] = [];
    for (const controller of [
      ReviewsRpcController,
      RestaurantsRpcController,
      SavedRpcController,
      ActivityRpcController,
    ]) {
      expect(Reflect.getMetadata(PATH_METADATA, controller)).toBe('rpc');
      const prototype = controller.prototype as unknown as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(prototype).filter((n) => n !== 'constructor')) {
        const path = Reflect.getMetadata(PATH_METADATA, prototype[name] as object) as string | undefined;
        if (path !== undefined) routes.push(path);
      }
    }
    expect(routes.sort()).toEqual([...REVIEWS_PATTERNS].sort());
  });

  it('windows a list: default, maximum and no negative offset', () => {
    const limits = { listDefault: 50, listMax: 200 };
    expect(windowOf({}, limits)).toEqual({ limit: 50, offset: 0 });
    expect(windowOf({ limit: 1000, offset: 10 }, limits)).toEqual({ limit: 200, offset: 10 });
    expect(windowOf({ limit: 0, offset: -5 }, limits)).toEqual({ limit: 1, offset: 0 });
  });
});
