import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ModerationDecisionDto } from '@dinebuds/contracts';
import { api } from '@/lib/api';

export const decisionsQueryKey = ['moderation', 'decisions'] as const;

/** GET /api/moderation/decisions: what admins decided about my content, with my appeals. */
export const getDecisions = () => api.get<ModerationDecisionDto[]>('/api/moderation/decisions');

export const getDecisionsQueryOptions = () =>
  queryOptions({ queryKey: decisionsQueryKey, queryFn: getDecisions, staleTime: 0 });

export function useDecisions() {
  return useQuery(getDecisionsQueryOptions());
}
