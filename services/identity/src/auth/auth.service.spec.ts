import { describe, expect, it, jest } from '@jest/globals';
import { busy } from '@dinebuds/errors';
import { AuthService } from './auth.service.js';
import { LoginThrottle } from './login-throttle.js';
import type { PasswordHasher } from './password-hasher.js';
import type { UsersRepository } from '../users/users.repository.js';

/** AuthService with only what a sign-in touches before its password is verified. */
function authWith(passwordWorkFull: boolean) {
  const findCredentialsByUsername = jest.fn(async (_username: string) => null);
  const verifyDummy = jest.fn(async () => undefined);
  const hasher = {
    refuseIfBusy: () => {
      if (passwordWorkFull) throw busy('Sign-in is busy right now. Please try again in a moment.', 1);
    },
    verifyDummy,
  } as unknown as PasswordHasher;
  const users = { findCredentialsByUsername } as unknown as UsersRepository;
  const throttle = new LoginThrottle({ freeFailures: 3, baseLockMs: 1000, maxLockMs: 1000, maxTracked: 10 });
  const never = {} as never;
  const auth = new AuthService(never, users, hasher, never, never, never, throttle);
  return { auth, findCredentialsByUsername, verifyDummy };
}

const client = { userAgent: null, ipAddress: null };

describe('AuthService.login', () => {
  it('refuses a sign-in the password queue would refuse before looking the account up', async () => {
    const { auth, findCredentialsByUsername, verifyDummy } = authWith(true);
    await expect(auth.login('alice', 'secret1', client)).rejects.toMatchObject({ status: 503, code: 'BUSY' });
    expect(findCredentialsByUsername).not.toHaveBeenCalled();
    expect(verifyDummy).not.toHaveBeenCalled();
  });

  it('looks the account up when there is room for its verification', async () => {
    const { auth, findCredentialsByUsername, verifyDummy } = authWith(false);
    await expect(auth.login('alice', 'secret1', client)).rejects.toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
    expect(findCredentialsByUsername).toHaveBeenCalledWith('alice');
    expect(verifyDummy).toHaveBeenCalledTimes(1);
  });
});
