import type { UseQueryResult } from '@tanstack/react-query';

/** What a screen that loads one thing shows: a spinner, "not found", an error, or the thing. */
export type ScreenState<Ready extends object> =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'error'; message: string; retry: () => void; retrying: boolean }
  | ({ status: 'ready' } & Ready);

/**
 * A react-query result as a screen state. `isNotFound` says which failures mean "no such thing"
 * (a 404, say) rather than an error worth a retry button.
 */
export function screenStateOf<T, E extends Error>(
  query: UseQueryResult<T, E>,
  isNotFound: (error: E) => boolean,
): ScreenState<{ data: T }> {
  if (query.isPending) return { status: 'loading' };
  if (query.isError) {
    if (isNotFound(query.error)) return { status: 'not-found' };
    return {
      status: 'error',
      message: query.error.message,
      retry: () => void query.refetch(),
      retrying: query.isFetching,
    };
  }
  return { status: 'ready', data: query.data };
}
