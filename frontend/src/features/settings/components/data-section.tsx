import type { ReactNode } from 'react';

interface DataSectionProps {
  id: string;
  title: string;
  description: ReactNode;
  /** The section's buttons. */
  children: ReactNode;
}

/** One part of the Your Data card: a titled, labelled section with a sentence and its actions. */
export function DataSection({ id, title, description, children }: DataSectionProps) {
  return (
    <section className="data-section" aria-labelledby={id}>
      <h3 id={id} className="data-section__title">
        {title}
      </h3>
      <p className="muted">{description}</p>
      <div className="data-section__actions">{children}</div>
    </section>
  );
}
