import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckInDto, CheckInRequest, CurrentCheckInDto } from '@dinebuds/contracts';
import { activityQueryKeyAll, reviewsQueryKey } from '@/features/reviews';
import { api } from '@/lib/api';

export const currentCheckInQueryKey = [...reviewsQueryKey, 'check-ins', 'current'] as const;

/** GET /api/check-ins/current: my open check-in, if any. */
export const getCurrentCheckIn = (signal?: AbortSignal) =>
  api.get<CurrentCheckInDto>('/api/check-ins/current', { signal });

export const getCurrentCheckInQueryOptions = () =>
  queryOptions({ queryKey: currentCheckInQueryKey, queryFn: ({ signal }) => getCurrentCheckIn(signal) });

export function useCurrentCheckIn(enabled = true) {
  return useQuery({ ...getCurrentCheckInQueryOptions(), enabled });
}

/** POST /api/check-ins: check in (ending any open check-in), with an optional status line. */
export const checkIn = (request: CheckInRequest) => api.post<CheckInDto>('/api/check-ins', request);

/** POST /api/check-ins/check-out: end my open check-in. */
export const checkOut = () => api.post<CheckInDto>('/api/check-ins/check-out');

/** Both take the server's answer as my current check-in, and refresh the feed and hotspots. */
export function useCheckInActions() {
  const queryClient = useQueryClient();
  const settle = (answer: CheckInDto) => {
    queryClient.setQueryData<CurrentCheckInDto>(currentCheckInQueryKey, {
      checkIn: answer.isActive ? answer : null,
    });
    void queryClient.invalidateQueries({ queryKey: [...reviewsQueryKey, 'live-hotspots'] });
    void queryClient.invalidateQueries({ queryKey: [...reviewsQueryKey, 'feed'] });
    // My own activity, and "How was it?": a check-out may add a place to it.
    void queryClient.invalidateQueries({ queryKey: activityQueryKeyAll });
    void queryClient.invalidateQueries({ queryKey: [...reviewsQueryKey, 'check-ins', 'unreviewed'] });
  };
  return {
    checkIn: useMutation({ mutationFn: checkIn, onSuccess: settle }),
    checkOut: useMutation({ mutationFn: checkOut, onSuccess: settle }),
  };
}
