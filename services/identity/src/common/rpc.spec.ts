import { describe, expect, it } from '@jest/globals';
import { rpcRoutesOf } from '@dinebuds/service-kit';
import { identityService } from '../identity.service-definition.js';
import { IDENTITY_PATTERNS } from './rpc.js';

describe('identity RPC surface', () => {
  it('routes every IdentityRpc pattern exactly once under /rpc', () => {
    expect(rpcRoutesOf(identityService.definition.controllers).sort()).toEqual(
      IDENTITY_PATTERNS.map((pattern) => `rpc/${pattern}`).sort(),
    );
  });
});
