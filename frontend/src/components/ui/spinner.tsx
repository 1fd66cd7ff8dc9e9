import { cn } from '@/lib/cn';

interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  label?: string;
  /** Inside a button that already says what is happening. */
  decorative?: boolean;
  className?: string;
}

export function Spinner({ size = 'md', label = 'Loading', decorative, className }: SpinnerProps) {
  if (decorative) return <span className={cn('spinner', `spinner--${size}`, className)} aria-hidden="true" />;
  return <span role="status" aria-label={label} className={cn('spinner', `spinner--${size}`, className)} />;
}

export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="page-spinner">
      <Spinner size="lg" label={label} />
    </div>
  );
}
