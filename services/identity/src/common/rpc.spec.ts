import { describe, expect, it } from '@jest/globals';
import { PATH_METADATA } from '@nestjs/common/constants.js';
import { AuthRpcController } from '../auth/auth.rpc-controller.js';
import { BadgesRpcController } from '../badges/badges.rpc-controller.js';
import { SessionsRpcController } from '../sessions/sessions.rpc-controller.js';
import { UsersRpcController } from '../users/users.rpc-controller.js';
import { IDENTITY_PATTERNS } from './rpc.js';

describe('identity RPC surface', () => {
  it('routes every IdentityRpc pattern exactly once under /rpc', () => {
    const routes: string[] = [];
    for (const controller of [
      AuthRpcController,
      SessionsRpcController,
      UsersRpcController,
      BadgesRpcController,
    ]) {
      expect(Reflect.getMetadata(PATH_METADATA, controller)).toBe('rpc');
      const prototype = controller.prototype as unknown as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(prototype).filter((n) => n !== 'constructor')) {
        const path = Reflect.getMetadata(PATH_METADATA, prototype[name] as object) as string | undefined;
        if (path !== undefined) routes.push(path);
      }
    }
    expect(routes.sort()).toEqual([...IDENTITY_PATTERNS].sort());
  });
});
