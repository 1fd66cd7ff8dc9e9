import { describe, expect, it } from '@jest/globals';
import { DomainError } from '@dinebuds/errors';
import { RegisterRpcRequest, validateRequest } from '@dinebuds/api-dto';
import { passwordChangeProblem, registrationOf } from '../auth/auth.policy.js';
import {
  assertOwner,
  assertOwnerOrAdmin,
  fitBio,
  likeContains,
  usernameProblem,
  validBio,
  validName,
} from './user.policy.js';

function errorOf(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('expected an error');
}

describe('username rules', () => {
  it.each([
    ['ab', 'Username must be at least 3 characters'],
    ['a'.repeat(31), 'Username must be at most 30 characters'],
    ['with space', 'Username can only contain letters, numbers, dots and underscores'],
    ['slash/name', 'Username can only contain letters, numbers, dots and underscores'],
    ['émile', 'Username can only contain letters, numbers, dots and underscores'],
  ])('%s -> %s', (username, message) => {
    expect(usernameProblem(username)).toBe(message);
  });

  it.each(['abc', 'Ada.Lovelace', 'user_99', 'a'.repeat(30)])('accepts %s', (username) => {
    expect(usernameProblem(username)).toBeNull();
  });
});

describe('profile fields', () => {
  it('trims names and enforces 2-60 characters', () => {
    expect(validName('  Ada   Lovelace  ')).toBe('Ada Lovelace');
    expect(errorOf(() => validName(' a ')).message).toBe('Name must be at least 2 characters');
    expect(errorOf(() => validName('n'.repeat(61))).message).toBe('Name must be at most 60 characters');
  });

  it('clears blank bios and limits them to 160 characters', () => {
    expect(validBio(null)).toBeNull();
    expect(validBio('   ')).toBeNull();
    expect(validBio(' hi ')).toBe('hi');
    expect(errorOf(() => validBio('b'.repeat(161))).message).toBe('Bio must be at most 160 characters');
    expect(fitBio('short.')).toBe('short.');
    expect(fitBio('word '.repeat(60)).length).toBeLessThanOrEqual(160);
  });

  it('refuses control characters but keeps line breaks in a bio', () => {
    expect(errorOf(() => validName('Ada\u001b[31m')).message).toBe('Name cannot contain control characters');
    expect(validBio('Line one\nLine two')).toBe('Line one\nLine two');
    expect(errorOf(() => validBio('bell\u0007')).message).toBe('Bio cannot contain control characters');
  });

  it('escapes LIKE wildcards', () => {
    expect(likeContains('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});

describe('ownership', () => {
  it('lets only the owner change a profile, and admins toggle privacy', () => {
    expect(() => assertOwner(1, 1)).not.toThrow();
    expect(errorOf(() => assertOwner(2, 1))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You can only change your own profile',
    });
    expect(() => assertOwnerOrAdmin({ userId: 2, isAdmin: true }, 1)).not.toThrow();
    expect(errorOf(() => assertOwnerOrAdmin({ userId: 2, isAdmin: false }, 1)).code).toBe('FORBIDDEN');
  });
});

describe('registration', () => {
  const valid = { username: 'diner_1', password: 'secret1', name: 'Dee Diner' };

  /** As identity reads it: the request class first, then the domain rules. */
  async function register(body: unknown) {
    const checked = await validateRequest(RegisterRpcRequest, body);
    if (!checked.ok) throw new DomainError('VALIDATION_FAILED', checked.message);
    return registrationOf(checked.value);
  }

  it('reads a registration with defaults and normalised preferences', async () => {
    await expect(
      register({
        ...valid,
        flavorBuds: ['Sushi'],
        cityBuds: [' New York '],
        userAgent: 'UA',
        ipAddress: '::1',
      }),
    ).resolves.toEqual({
      username: 'diner_1',
      password: 'secret1',
      name: 'Dee Diner',
      bio: undefined,
      isPrivate: false,
      flavors: [{ badgeId: 'sushi', category: 'preference' }],
      cities: ['new york'],
      client: { userAgent: 'UA', ipAddress: '::1' },
    });
  });

  it.each([
    [undefined, 'Username is required'],
    [[], 'The request body must be a JSON object'],
    [{ ...valid, username: undefined }, 'Username is required'],
    [{ ...valid, password: 7 }, 'Password must be a string'],
    [{ ...valid, isPrivate: 'true' }, 'isPrivate must be true or false'],
    [{ ...valid, flavorBuds: 'sushi' }, 'flavorBuds must be a list'],
    [{ ...valid, bio: 5 }, 'Bio must be a string'],
    [{ ...valid, password: 'p'.repeat(129) }, 'Password must be at most 128 characters'],
    [{ ...valid, password: 'short' }, 'Password must be at least 6 characters'],
    [{ ...valid, password: 'Password1' }, 'This password is too common. Please choose another.'],
    [{ ...valid, password: 'QWERTY' }, 'This password is too common. Please choose another.'],
  ])('rejects %j', async (body, message) => {
    await expect(register(body)).rejects.toMatchObject({ code: 'VALIDATION_FAILED', message });
  });

  it('applies the domain rules to any caller, not only through the request class', () => {
    expect(errorOf(() => registrationOf({ ...valid, password: 'Password1' })).message).toBe(
      'This password is too common. Please choose another.',
    );
    expect(errorOf(() => registrationOf({ ...valid, flavorBuds: ['caviar'] })).message).toBe(
      'Unknown flavor badge',
    );
  });
});

describe('password change', () => {
  it('requires a strong, different, bounded new password', () => {
    expect(passwordChangeProblem('old-Pass1', 'weakpass')).toBe(
      'Password too weak / Please create a stronger password.',
    );
    expect(passwordChangeProblem('Str0ng-pass', 'Str0ng-pass')).toBe(
      'New password must be different from the current password',
    );
    expect(passwordChangeProblem('old', `A1-${'x'.repeat(130)}`)).toBe(
      'Password must be at most 128 characters',
    );
    expect(passwordChangeProblem('old', 'Str0ng-pass')).toBeNull();
    // The shared rule applies to a change too: short first, then weak, then common.
    expect(passwordChangeProblem('old', 'Ab1!')).toBe('Password must be at least 6 characters');
    expect(passwordChangeProblem('old', 'password')).toBe(
      'Password too weak / Please create a stronger password.',
    );
    expect(passwordChangeProblem('old', 'Password123')).toBe(
      'This password is too common. Please choose another.',
    );
  });
});
