import { Check, X } from 'lucide-react';
import { passwordStrength } from '@dinebuds/contracts';
import { cn } from '@/lib/cn';

const RULES = [
  { key: 'length', text: 'At least 8 characters' },
  { key: 'uppercase', text: 'An uppercase letter' },
  { key: 'digit', text: 'A number' },
  { key: 'special', text: 'A special character' },
] as const;

/** Spec 1 §5: four rules, labels Very weak .. Very strong; three rules make a password acceptable. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const strength = passwordStrength(password);
  return (
    <div className="strength" aria-live="polite">
      <div className="strength__bars" aria-hidden="true">
        {[1, 2, 3, 4].map((step) => (
          <span
            key={step}
            className={cn('strength__bar', step <= strength.score && `strength__bar--${strength.score}`)}
          />
        ))}
      </div>
      <p className="strength__label">
        Password strength: <strong data-score={strength.score}>{strength.label}</strong>
      </p>
      <ul className="strength__rules">
        {RULES.map((rule) => {
          const ok = strength.rules[rule.key];
          return (
            <li key={rule.key} className={ok ? 'strength__rule strength__rule--ok' : 'strength__rule'}>
              {ok ? <Check aria-hidden="true" /> : <X aria-hidden="true" />}
              <span>
                {rule.text}
                <span className="sr-only">{ok ? ' (met)' : ' (not met)'}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
