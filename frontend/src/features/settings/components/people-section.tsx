import type { ReactElement, ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';

interface PeopleSectionProps<T> {
  /** The heading, e.g. "Blocked users"; also the list's name and the loading and error copy. */
  title: string;
  query: UseQueryResult<T[]>;
  empty: { icon: ReactElement; title: string; description: string };
  row: (entry: T) => ReactNode;
}

/** A Settings list of people (blocked, muted): loading, error with retry, empty, then rows. */
export function PeopleSection<T>({ title, query, empty, row }: PeopleSectionProps<T>) {
  const id = `${title.toLowerCase().replace(/\W+/g, '-')}-title`;
  const lower = title.toLowerCase();
  return (
    <section className="stack stack--tight" aria-labelledby={id}>
      <h3 className="section-title" id={id}>
        {title}
      </h3>
      {query.isPending ? (
        <LoadingState compact label={`Loading ${lower}`} />
      ) : query.isError ? (
        <ErrorState
          compact
          title={`Couldn't load ${lower}`}
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.data.length === 0 ? (
        <EmptyState compact icon={empty.icon} title={empty.title} description={empty.description} />
      ) : (
        <ul className="user-list" aria-label={title}>
          {query.data.map(row)}
        </ul>
      )}
    </section>
  );
}
