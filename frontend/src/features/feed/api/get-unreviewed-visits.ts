import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnreviewedVisitDto } from '@dinebuds/contracts';
import { reviewsQueryKey } from '@/features/reviews';
import { api } from '@/lib/api';

/** Under the reviews prefix: writing a review refreshes it (and removes the place). */
export const unreviewedVisitsQueryKey = [...reviewsQueryKey, 'check-ins', 'unreviewed'] as const;

/** GET /api/check-ins/unreviewed: my ended check-ins at places I have not reviewed since. */
export const getUnreviewedVisits = (signal?: AbortSignal) =>
  api.get<UnreviewedVisitDto[]>('/api/check-ins/unreviewed', { signal });

export const getUnreviewedVisitsQueryOptions = () =>
  queryOptions({ queryKey: unreviewedVisitsQueryKey, queryFn: ({ signal }) => getUnreviewedVisits(signal) });

export function useUnreviewedVisits() {
  return useQuery(getUnreviewedVisitsQueryOptions());
}
