import { describe, expect, it } from '@jest/globals';
import { rpcRoutesOf } from '@dinebuds/service-kit';
import { socialGraphService } from '../social-graph.service-definition.js';
import { SOCIAL_PATTERNS } from './rpc.js';

describe('social-graph RPC surface', () => {
  it('routes every SocialRpc pattern exactly once under /rpc', () => {
    expect(rpcRoutesOf(socialGraphService.definition.controllers).sort()).toEqual(
      SOCIAL_PATTERNS.map((pattern) => `rpc/${pattern}`).sort(),
    );
  });
});
