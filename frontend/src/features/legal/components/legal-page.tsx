import type { ReactNode } from 'react';
import { PageHeader } from '@/components/page-header';
import { useDocumentTitle } from '@/hooks/use-document-title';

export const LAST_UPDATED = 'April 29, 2025';

interface LegalPageProps {
  title: string;
  children: ReactNode;
}

export function LegalPage({ title, children }: LegalPageProps) {
  useDocumentTitle(title);
  return (
    <div className="page page--narrow">
      <PageHeader title={title} description={`Last updated: ${LAST_UPDATED}`} back />
      <article className="card prose">{children}</article>
    </div>
  );
}
