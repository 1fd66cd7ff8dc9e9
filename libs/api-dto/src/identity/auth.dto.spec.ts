import { describe, expect, it } from '@jest/globals';
import { plainToInstance } from 'class-transformer';
import { PASSWORD_TOO_COMMON, VALIDATION_MESSAGES } from '@dinebuds/contracts';
import { checkRequest } from '../validation/validate-request.js';
import { ChangePasswordDto, LoginDto, RegisterDto } from './auth.dto.js';

/** The sentence the gateway answers for a body, or null when it is valid. */
async function messageFor<T extends object>(dto: new () => T, plain: object): Promise<string | null> {
  const checked = await checkRequest(dto, plain, 'edge');
  return checked.ok ? null : checked.message;
}

const valid = { username: 'alice', password: 'secret1', name: 'Alice' };

describe('LoginDto', () => {
  it.each([
    [{ username: 'alice', password: 'secret1' }, null],
    [{ username: 'ab', password: 'secret1' }, VALIDATION_MESSAGES.usernameMin],
    [{ username: '  ab  ', password: 'secret1' }, VALIDATION_MESSAGES.usernameMin],
    [{ username: 'alice', password: '12345' }, VALIDATION_MESSAGES.passwordMin],
    [{ username: 'ab', password: '1' }, VALIDATION_MESSAGES.usernameMin],
    [{}, 'Username is required'],
    [{ username: 'alice' }, 'Password is required'],
    [{ username: null, password: 'secret1' }, 'Username is required'],
    [{ username: ['alice'], password: 'secret1' }, 'Username must be a string'],
    [{ username: 'alice', password: 123456 }, 'Password must be a string'],
    [{ username: 'alice', password: 'x'.repeat(129) }, VALIDATION_MESSAGES.passwordMax],
    [{ username: 'alice', password: 'secret1', role: 'admin' }, "Unexpected field 'role'"],
  ])('%j -> %s', async (plain, message) => {
    expect(await messageFor(LoginDto, plain)).toBe(message);
  });
});

describe('RegisterDto', () => {
  it.each([
    [valid, null],
    [
      {
        ...valid,
        confirmPassword: 'secret1',
        bio: null,
        isPrivate: true,
        flavorBuds: ['Sushi', 'vegan'],
        cityBuds: ['New York'],
      },
      null,
    ],
    [{ ...valid, username: 'al' }, VALIDATION_MESSAGES.usernameMin],
    [{ ...valid, username: 'a'.repeat(31) }, VALIDATION_MESSAGES.usernameMax],
    [{ ...valid, username: 'alice smith' }, VALIDATION_MESSAGES.usernamePattern],
    [{ ...valid, password: 'short' }, VALIDATION_MESSAGES.passwordMin],
    [{ ...valid, name: 'A' }, VALIDATION_MESSAGES.nameMin],
    [{ ...valid, name: ' A ' }, VALIDATION_MESSAGES.nameMin],
    [{ ...valid, name: 'x'.repeat(61) }, VALIDATION_MESSAGES.nameMax],
    [{ ...valid, confirmPassword: 'secret2' }, VALIDATION_MESSAGES.passwordsDontMatch],
    [{ ...valid, bio: 'x'.repeat(161) }, VALIDATION_MESSAGES.bioMax],
    [{ ...valid, isPrivate: 'true' }, 'isPrivate must be true or false'],
    [{ ...valid, isPrivate: null }, 'isPrivate must be true or false'],
    [{ ...valid, flavorBuds: 'sushi' }, 'flavorBuds must be a list'],
    [
      { ...valid, flavorBuds: ['sushi', 'pasta', 'pizza', 'taco', 'burger', 'bbq'] },
      VALIDATION_MESSAGES.registrationFlavorsMax,
    ],
    [{ ...valid, flavorBuds: ['caviar'] }, VALIDATION_MESSAGES.unknownFlavor],
    [{ ...valid, cityBuds: ['a', 'b', 'c', 'd', 'e', 'f'] }, VALIDATION_MESSAGES.registrationCitiesMax],
    [{ ...valid, cityBuds: ['  '] }, VALIDATION_MESSAGES.emptyCity],
  ])('%j -> %s', async (plain, message) => {
    expect(await messageFor(RegisterDto, plain)).toBe(message);
  });

  it.each([
    [{ ...valid, password: 'password' }, PASSWORD_TOO_COMMON],
    [{ ...valid, password: 'Password1', confirmPassword: 'Password1' }, PASSWORD_TOO_COMMON],
    [{ ...valid, password: 'QWERTY123' }, PASSWORD_TOO_COMMON],
    [{ ...valid, password: '123456' }, PASSWORD_TOO_COMMON],
    [{ ...valid, password: 'x'.repeat(129) }, VALIDATION_MESSAGES.passwordMax],
    [{ ...valid, password: 12345678 }, 'Password must be a string'],
    [{ ...valid, password: undefined }, 'Password is required'],
  ])('applies the shared password rule: %j -> %s', async (plain, message) => {
    expect(await messageFor(RegisterDto, plain)).toBe(message);
  });

  it('lower-cases preference names as stored', () => {
    const dto = plainToInstance(RegisterDto, { ...valid, flavorBuds: [' Sushi '], cityBuds: ['New York'] });
    expect(dto.flavorBuds).toEqual(['sushi']);
    expect(dto.cityBuds).toEqual(['new york']);
  });
});

describe('ChangePasswordDto', () => {
  it.each([
    [{ currentPassword: 'old-secret', newPassword: 'N3w#Secret' }, null],
    [{ currentPassword: 'old-secret', newPassword: 'N3w#Secret', confirmPassword: 'N3w#Secret' }, null],
    [
      { currentPassword: 'old-secret', newPassword: 'N3w#Secret', confirmPassword: 'other' },
      VALIDATION_MESSAGES.passwordsDontMatch,
    ],
    [{ currentPassword: '', newPassword: 'N3w#Secret' }, 'Current password is required'],
    [{ currentPassword: 'old-secret', newPassword: 'abc' }, VALIDATION_MESSAGES.passwordMin],
    [{ currentPassword: 'old-secret', newPassword: 'abcdefgh' }, VALIDATION_MESSAGES.passwordTooWeak],
    [{ currentPassword: 'old-secret', newPassword: 'Abcdefgh1' }, null],
    [{ currentPassword: 'old-secret', newPassword: 'Password1' }, PASSWORD_TOO_COMMON],
    [{ currentPassword: 'old-secret', newPassword: 'P@ssw0rd' }, PASSWORD_TOO_COMMON],
    [{ currentPassword: 'old-secret', newPassword: 'password' }, VALIDATION_MESSAGES.passwordTooWeak],
    [
      { currentPassword: 'old-secret', newPassword: `A1!${'x'.repeat(126)}` },
      VALIDATION_MESSAGES.passwordMax,
    ],
  ])('%j -> %s', async (plain, message) => {
    expect(await messageFor(ChangePasswordDto, plain)).toBe(message);
  });
});
