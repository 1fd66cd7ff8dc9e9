import { describe, expect, it } from '@jest/globals';
import { busy } from '@dinebuds/errors';
import { Transactions } from '@dinebuds/service-kit';
import { newTestService } from '@dinebuds/testing';
import type { EntityManager } from 'typeorm';
import { UsersRepository } from '../users/users.repository.js';
import { AuthService } from './auth.service.js';
import { LoginThrottle } from './login-throttle.js';
import { PasswordHasher } from './password-hasher.js';

/** Reads outside a transaction go through this manager. */
const outside = {} as EntityManager;

/** AuthService with a real throttle; the hasher refuses when the password work is full. */
function authWith(passwordWorkFull: boolean) {
  const throttle = new LoginThrottle({ freeFailures: 3, baseLockMs: 1000, maxLockMs: 1000, maxTracked: 10 });
  const { sut, mock } = newTestService(AuthService, [
    [LoginThrottle, throttle],
    [Transactions, { outside }],
  ]);
  const hasher = mock(PasswordHasher);
  hasher.refuseIfBusy.mockImplementation(() => {
    if (passwordWorkFull) throw busy('Sign-in is busy right now. Please try again in a moment.', 1);
  });
  const users = mock(UsersRepository);
  users.findCredentialsByUsername.mockResolvedValue(null);
  return { auth: sut, users, hasher };
}

const client = { userAgent: null, ipAddress: null };

describe('AuthService.login', () => {
  it('refuses a sign-in the password queue would refuse before looking the account up', async () => {
    const { auth, users, hasher } = authWith(true);
    await expect(auth.login('alice', 'secret1', client)).rejects.toMatchObject({ status: 503, code: 'BUSY' });
    expect(users.findCredentialsByUsername).not.toHaveBeenCalled();
    expect(hasher.verifyDummy).not.toHaveBeenCalled();
  });

  it('looks the account up when there is room for its verification', async () => {
    const { auth, users, hasher } = authWith(false);
    await expect(auth.login('alice', 'secret1', client)).rejects.toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
    expect(users.findCredentialsByUsername).toHaveBeenCalledWith(outside, 'alice');
    expect(hasher.verifyDummy).toHaveBeenCalledTimes(1);
  });
});
