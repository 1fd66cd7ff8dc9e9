import { useId, type ReactNode } from 'react';
import { AlertTriangle } from 'lucide-react';
import { Button } from './button';
import { Spinner } from './spinner';

interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  compact?: boolean;
}

export function EmptyState({ title, description, icon, action, compact }: EmptyStateProps) {
  return (
    <div className={compact ? 'state state--compact' : 'state'}>
      {icon ? (
        <div className="state__icon" aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <p className="state__title">{title}</p>
      {description ? <p className="state__description">{description}</p> : null}
      {action ? <div className="state__action">{action}</div> : null}
    </div>
  );
}

interface ErrorStateProps {
  title?: string;
  message?: string;
  onRetry?: () => void;
  retrying?: boolean;
  compact?: boolean;
}

export function ErrorState({
  title = 'Something went wrong',
  message,
  onRetry,
  retrying,
  compact,
}: ErrorStateProps) {
  return (
    <div className={compact ? 'state state--error state--compact' : 'state state--error'} role="alert">
      <div className="state__icon" aria-hidden="true">
        <AlertTriangle />
      </div>
      <p className="state__title">{title}</p>
      {message ? <p className="state__description">{message}</p> : null}
      {onRetry ? (
        <div className="state__action">
          <Button variant="outline" size="sm" onClick={onRetry} loading={retrying}>
            Try again
          </Button>
        </div>
      ) : null}
    </div>
  );
}

interface LoadingStateProps {
  label?: string;
  /** Shown under the label, which is then visible too: what is happening and what comes next. */
  description?: ReactNode;
  compact?: boolean;
}

export function LoadingState({ label = 'Loading', description, compact }: LoadingStateProps) {
  const labelId = useId();
  const className = compact ? 'state state--compact' : 'state';
  if (description === undefined)
    return (
      <div className={className}>
        <Spinner label={label} />
      </div>
    );
  return (
    <div className={className} role="status" aria-labelledby={labelId}>
      <Spinner size="lg" decorative />
      <p className="state__title" id={labelId}>
        {label}
      </p>
      <p className="state__description">{description}</p>
    </div>
  );
}
