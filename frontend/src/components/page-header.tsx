import type { ReactNode } from 'react';
import { BackButton } from './back-button';

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  back?: boolean | string;
  action?: ReactNode;
}

export function PageHeader({ title, description, back, action }: PageHeaderProps) {
  return (
    <header className="page-header">
      {back ? <BackButton fallback={typeof back === 'string' ? back : '/'} /> : null}
      <div className="page-header__text">
        <h1 className="page-header__title">{title}</h1>
        {description ? <p className="page-header__description">{description}</p> : null}
      </div>
      {action ? <div className="page-header__action">{action}</div> : null}
    </header>
  );
}
