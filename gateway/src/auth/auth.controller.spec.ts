import { describe, expect, it } from '@jest/globals';
import type { Caller, CurrentUserDto } from '@dinebuds/contracts';
import type { ResolvedGatewayOptions } from '../gateway-options.js';
import type { ServiceClients } from '../upstream/service-clients.js';
import { AuthController } from './auth.controller.js';
import { SessionCache } from './session-cache.js';

const caller: Caller = { userId: 7, isAdmin: false, sessionId: 's1' };
const user = { id: 7, username: 'ada' } as CurrentUserDto;

/** Service clients whose identity records its calls and answers users.me with `answer`. */
function identityAnswering(answer: CurrentUserDto) {
  const calls: string[] = [];
  const identity = {
    call: (pattern: string) => {
      calls.push(pattern);
      return Promise.resolve(answer);
    },
  };
  const client = { for: () => identity } as unknown as ServiceClients;
  return { client, calls };
}

describe('GET /api/user (AuthController.me)', () => {
  it('answers with the user the session guard resolved, without calling identity again', async () => {
    const identity = identityAnswering({ ...user, username: 'from-users.me' });
    const controller = new AuthController(
      identity.client,
      {} as ResolvedGatewayOptions,
      new SessionCache(null, 0),
    );
    await expect(Promise.resolve(controller.me(user, { caller, requestId: 'req-1' }))).resolves.toBe(user);
    expect(identity.calls).toEqual([]);
  });

  it('asks identity for the user when the resolve carried none (an older identity mid-deploy)', async () => {
    const fromIdentity = { ...user, username: 'from-users.me' };
    const identity = identityAnswering(fromIdentity);
    const controller = new AuthController(
      identity.client,
      {} as ResolvedGatewayOptions,
      new SessionCache(null, 0),
    );
    await expect(Promise.resolve(controller.me(null, { caller, requestId: 'req-1' }))).resolves.toBe(
      fromIdentity,
    );
    expect(identity.calls).toEqual(['users.me']);
  });
});
