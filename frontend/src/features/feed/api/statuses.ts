import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StatusDto } from '@dinebuds/contracts';
import { reviewsQueryKey } from '@/features/reviews';
import { api } from '@/lib/api';

export const statusesQueryKey = [...reviewsQueryKey, 'statuses'] as const;

/** GET /api/statuses: mine and my buds' statuses posted without a check-in, newest first. */
export const getStatuses = (signal?: AbortSignal) => api.get<StatusDto[]>('/api/statuses', { signal });

/** POST /api/statuses. */
export const postStatus = (text: string) => api.post<StatusDto>('/api/statuses', { text });

export const getStatusesQueryOptions = () =>
  queryOptions({ queryKey: statusesQueryKey, queryFn: ({ signal }) => getStatuses(signal) });

export function useStatuses() {
  return useQuery(getStatusesQueryOptions());
}

/** Puts the new status first in the list at once (the server's answer is the status). */
export function usePostStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postStatus,
    onSuccess: (status) =>
      queryClient.setQueryData<StatusDto[]>(statusesQueryKey, (current) => [status, ...(current ?? [])]),
  });
}
