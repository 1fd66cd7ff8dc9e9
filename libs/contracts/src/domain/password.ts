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
