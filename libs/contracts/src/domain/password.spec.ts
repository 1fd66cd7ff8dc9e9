import { describe, it, expect } from '@jest/globals';
import { PASSWORD_MIN_STRENGTH, passwordStrength } from './password.js';

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
