import { describe, it, expect } from '@jest/globals';
import { COMMON_PASSWORDS, isCommonPassword } from './common-passwords.js';
import { LIMITS, VALIDATION_MESSAGES } from './limits.js';
import {
  PASSWORD_MIN_STRENGTH,
  PASSWORD_TOO_COMMON,
  newPasswordProblem,
  passwordStrength,
} from './password.js';

describe('passwordStrength', () => {
  it('checks each of the four rules', () => {
    expect(passwordStrength('').rules).toEqual({
      length: false,
      uppercase: false,
      digit: false,
      special: false,
    });
    expect(passwordStrength('abcdefgh').rules).toEqual({
      length: true,
      uppercase: false,
      digit: false,
      special: false,
    });
    expect(passwordStrength('aB').rules.uppercase).toBe(true);
    expect(passwordStrength('a7').rules.digit).toBe(true);
    expect(passwordStrength('a!').rules.special).toBe(true);
    expect(passwordStrength('a b').rules.special).toBe(true);
    expect(passwordStrength('abcdefg').rules.length).toBe(false);
  });

  it.each([
    ['', 0, 'Very weak'],
    ['abcdefgh', 1, 'Weak'],
    ['Abcdefgh', 2, 'Medium'],
    ['abcdefg1', 2, 'Medium'],
    ['Abcdefg1', 3, 'Strong'],
    ['Abcdef1!', 4, 'Very strong'],
  ])('scores %j as %i (%s)', (password, score, label) => {
    const result = passwordStrength(password);
    expect(result.score).toBe(score);
    expect(result.label).toBe(label);
  });

  it('accepts a password passing at least three of the four rules', () => {
    expect(PASSWORD_MIN_STRENGTH).toBe(3);
    expect(passwordStrength('Abcdefg1').acceptable).toBe(true); // length, uppercase, digit
    expect(passwordStrength('abcdef1!').acceptable).toBe(true); // length, digit, special
    expect(passwordStrength('Abcdefg!').acceptable).toBe(true); // length, uppercase, special
    expect(passwordStrength('Ab1!').acceptable).toBe(true); // short but the other three pass
    expect(passwordStrength('Abcdef1!').acceptable).toBe(true);
  });

  it('rejects a password passing two rules or fewer', () => {
    expect(passwordStrength('Abcdefgh').acceptable).toBe(false);
    expect(passwordStrength('abcdefg1').acceptable).toBe(false);
    expect(passwordStrength('ABCDEFGH').acceptable).toBe(false);
    expect(passwordStrength('Ab1').acceptable).toBe(false);
    expect(passwordStrength('password').acceptable).toBe(false);
    expect(passwordStrength('').acceptable).toBe(false);
  });
});

describe('newPasswordProblem (register, change, admin account)', () => {
  it('keeps the spec length limits and their messages', () => {
    expect(newPasswordProblem('x'.repeat(LIMITS.passwordMin - 1))).toBe(VALIDATION_MESSAGES.passwordMin);
    expect(newPasswordProblem('')).toBe(VALIDATION_MESSAGES.passwordMin);
    expect(newPasswordProblem('k9-'.repeat(43))).toBe(VALIDATION_MESSAGES.passwordMax);
    expect(newPasswordProblem('secret1')).toBeNull();
    expect(newPasswordProblem('x'.repeat(LIMITS.passwordMax))).toBeNull();
  });

  it.each(['password', 'PASSWORD', 'Password1', 'qwerty123', '123456', 'P@ssw0rd', 'LetMeIn', 'DineBuds1'])(
    'refuses the common password %j, whatever its case',
    (password) => {
      expect(newPasswordProblem(password)).toBe(PASSWORD_TOO_COMMON);
    },
  );

  it('says too weak before too common on a change (the spec message of the strength rule)', () => {
    expect(newPasswordProblem('password', { strength: true })).toBe(VALIDATION_MESSAGES.passwordTooWeak);
    expect(newPasswordProblem('Password1', { strength: true })).toBe(PASSWORD_TOO_COMMON);
    expect(newPasswordProblem('P@ssw0rd', { strength: true })).toBe(PASSWORD_TOO_COMMON);
    expect(newPasswordProblem('abc', { strength: true })).toBe(VALIDATION_MESSAGES.passwordMin);
    expect(newPasswordProblem('Abcdefg1', { strength: true })).toBeNull();
    expect(newPasswordProblem('secret1', { strength: true })).toBe(VALIDATION_MESSAGES.passwordTooWeak);
  });

  it('keeps a short list of lower-case entries the length rule would not already refuse', () => {
    expect(COMMON_PASSWORDS.length).toBeGreaterThanOrEqual(100);
    expect(COMMON_PASSWORDS.length).toBeLessThanOrEqual(200);
    expect(new Set(COMMON_PASSWORDS).size).toBe(COMMON_PASSWORDS.length);
    for (const entry of COMMON_PASSWORDS) {
      expect(entry).toBe(entry.toLowerCase());
      expect(entry.length).toBeGreaterThanOrEqual(LIMITS.passwordMin);
    }
    expect(isCommonPassword('QWERTY')).toBe(true);
    expect(isCommonPassword('qwerty-but-longer')).toBe(false);
  });
});
