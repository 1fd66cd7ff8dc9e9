import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '@/lib/cn';

export function Card({ className, ...props }: HTMLAttributes<HTMLElement>) {
  return <section className={cn('card', className)} {...props} />;
}

interface CardHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  /** Heading level; sections inside a page use h2. */
  as?: 'h2' | 'h3';
  id?: string;
}

export function CardHeader({ title, description, icon, action, as: Heading = 'h2', id }: CardHeaderProps) {
  return (
    <header className="card__header">
      <div className="card__heading">
        {icon ? (
          <span className="card__icon" aria-hidden="true">
            {icon}
          </span>
        ) : null}
        <div>
          <Heading className="card__title" id={id}>
            {title}
          </Heading>
          {description ? <p className="card__description">{description}</p> : null}
        </div>
      </div>
      {action ? <div className="card__action">{action}</div> : null}
    </header>
  );
}
