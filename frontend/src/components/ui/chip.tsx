import type { ButtonHTMLAttributes, HTMLAttributes, ReactNode } from 'react';
import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';

interface ToggleChipProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onChange'> {
  selected: boolean;
  onToggle: () => void;
  children: ReactNode;
}

/** A selectable option (aria-pressed), used by the flavor and city pickers. */
export function ToggleChip({ selected, onToggle, children, className, ...props }: ToggleChipProps) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      className={cn('chip', 'chip--toggle', selected && 'chip--selected', className)}
      onClick={onToggle}
      {...props}
    >
      {selected ? <Check className="chip__check" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: 'brand' | 'neutral' | 'success' | 'warning' | 'info';
}

export function Badge({ tone = 'neutral', className, ...props }: BadgeProps) {
  return <span className={cn('badge', `badge--${tone}`, className)} {...props} />;
}
