import { describe, expect, it } from '@jest/globals';
import { rpcRoutesOf } from '@dinebuds/service-kit';
import { socialGraphService } from '../social-graph.service-definition.js';
import { SOCIAL_PATTERNS } from './rpc.js';
import { rowsOf } from './sql.js';

describe('social-graph RPC surface', () => {
  it('routes every SocialRpc pattern exactly once under /rpc', () => {
    expect(rpcRoutesOf(socialGraphService.definition.controllers).sort()).toEqual(
      SOCIAL_PATTERNS.map((pattern) => `rpc/${pattern}`).sort(),
    );
  });

  it('reads rows from both shapes of TypeORM raw answers', () => {
    expect(rowsOf([{ id: 1 }])).toEqual([{ id: 1 }]);
    expect(rowsOf([[{ id: 1 }, { id: 2 }], 2])).toEqual([{ id: 1 }, { id: 2 }]);
    expect(rowsOf([[], 0])).toEqual([]);
    expect(rowsOf(undefined)).toEqual([]);
  });
});
