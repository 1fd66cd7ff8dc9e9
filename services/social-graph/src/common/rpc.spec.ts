import { describe, expect, it } from '@jest/globals';
import { PATH_METADATA } from '@nestjs/common/constants.js';
import { BlocksRpcController } from '../blocks/blocks.rpc-controller.js';
import { FollowsRpcController } from '../follows/follows.rpc-controller.js';
import { RequestsRpcController } from '../follows/requests.rpc-controller.js';
import { RecommendationsRpcController } from '../recommendations/recommendations.rpc-controller.js';
import { asOptionalBody, readLimit, readPage } from '@dinebuds/service-client';
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

  it('pages with a default and a cap', () => {
    expect(readPage({}, 50, 100)).toEqual({ limit: 50, offset: 0 });
    expect(readPage({ limit: 500, offset: 10 }, 50, 100)).toEqual({ limit: 100, offset: 10 });
    expect(readPage({ limit: '20', offset: '3' }, 50, 100)).toEqual({ limit: 20, offset: 3 });
    expect(readPage({ limit: 0 }, 50, 100)).toEqual({ limit: 50, offset: 0 });
    expect(() => readPage({ offset: -1 }, 50, 100)).toThrow('offset must be a non-negative integer');
    expect(() => readPage({ limit: 'lots' }, 50, 100)).toThrow('limit must be a non-negative integer');
    expect(readLimit({}, 20, 50)).toBe(20);
    expect(readLimit({ limit: 80 }, 20, 50)).toBe(50);
    expect(readLimit({ limit: 5 }, 20, 50)).toBe(5);
  });

  it('reads an absent body as empty and refuses non-objects', () => {
    expect(asOptionalBody(undefined)).toEqual({});
    expect(asOptionalBody(null)).toEqual({});
    expect(() => asOptionalBody([])).toThrow('Request body must be a JSON object');
  });

  it('reads rows from both shapes of TypeORM raw answers', () => {
    expect(rowsOf([{ id: 1 }])).toEqual([{ id: 1 }]);
    expect(rowsOf([[{ id: 1 }, { id: 2 }], 2])).toEqual([{ id: 1 }, { id: 2 }]);
    expect(rowsOf([[], 0])).toEqual([]);
    expect(rowsOf(undefined)).toEqual([]);
  });
});
