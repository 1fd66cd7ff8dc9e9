import { describe, expect, it } from '@jest/globals';
import { PATH_METADATA } from '@nestjs/common/constants.js';
import { BlocksRpcController } from '../blocks/blocks.rpc-controller.js';
import { FollowsRpcController } from '../follows/follows.rpc-controller.js';
import { RequestsRpcController } from '../follows/requests.rpc-controller.js';
import { RecommendationsRpcController } from '../recommendations/recommendations.rpc-controller.js';
import { SOCIAL_PATTERNS } from './rpc.js';
import { rowsOf } from './sql.js';

describe('social-graph RPC surface', () => {
  it('routes every SocialRpc pattern exactly once under /rpc', () => {
    const routes: string[] = [];
    for (const controller of [
      FollowsRpcController,
      RequestsRpcController,
      BlocksRpcController,
      RecommendationsRpcController,
    ]) {
      expect(Reflect.getMetadata(PATH_METADATA, controller)).toBe('rpc');
      const prototype = controller.prototype as unknown as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(prototype).filter((n) => n !== 'constructor')) {
        const path = Reflect.getMetadata(PATH_METADATA, prototype[name] as object) as string | undefined;
        if (path !== undefined) routes.push(path);
      }
    }
    expect(routes.sort()).toEqual([...SOCIAL_PATTERNS].sort());
  });

  it('reads rows from both shapes of TypeORM raw answers', () => {
    expect(rowsOf([{ id: 1 }])).toEqual([{ id: 1 }]);
    expect(rowsOf([[{ id: 1 }, { id: 2 }], 2])).toEqual([{ id: 1 }, { id: 2 }]);
    expect(rowsOf([[], 0])).toEqual([]);
    expect(rowsOf(undefined)).toEqual([]);
  });
});
