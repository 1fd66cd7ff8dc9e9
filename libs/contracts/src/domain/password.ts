import { isCommonPassword } from './common-passwords.js';
import { LIMITS, VALIDATION_MESSAGES } from './limits.js';

/** Password strength of document 1 §5: four rules; a new password must pass at least three. */
export const PASSWORD_STRENGTH_LABELS = ['Very weak', 'Weak', 'Medium', 'Strong', 'Very strong'] as const;
export type PasswordStrengthLabel = (typeof PASSWORD_STRENGTH_LABELS)[number];

export interface PasswordStrength {
  /** How many of the four rules pass (0-4). */
  score: number;
  label: PasswordStrengthLabel;
  rules: { length: boolean; uppercase: boolean; digit: boolean; special: boolean };
  acceptable: boolean;
}

export const PASSWORD_MIN_STRENGTH = 3;

export function passwordStrength(password: string): PasswordStrength {
  const rules = {
    length: password.length >= 8,
    uppercase: /[A-Z]/.test(password),
    digit: /[0-9]/.test(password),
    special: /[^A-Za-z0-9]/.test(password),
  };
  const score = Object.values(rules).filter(Boolean).length;
  return { score, label: PASSWORD_STRENGTH_LABELS[score], rules, acceptable: score >= PASSWORD_MIN_STRENGTH };
}

export const PASSWORD_TOO_COMMON = 'This password is too common. Please choose another.';

export interface NewPasswordRule {
  /** Also require three of the four strength rules (the password-change form of the spec). */
  strength?: boolean;
}

/**
 * The one server rule for a password being set (registration, password change, admin account):
 * the message of the first rule it breaks, or null. Length first, then (for a change) strength,
 * then the common-password list, compared case-insensitively.
 */
export function newPasswordProblem(password: string, rule: NewPasswordRule = {}): string | null {
  if (password.length < LIMITS.passwordMin) return VALIDATION_MESSAGES.passwordMin;
  if (password.length > LIMITS.passwordMax) return VALIDATION_MESSAGES.passwordMax;
  if (rule.strength && !passwordStrength(password).acceptable) return VALIDATION_MESSAGES.passwordTooWeak;
  if (isCommonPassword(password)) return PASSWORD_TOO_COMMON;
  return null;
}
