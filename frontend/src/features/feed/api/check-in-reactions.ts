import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckInCommentDto, CheckInLikeDto } from '@dinebuds/contracts';
import { reviewsQueryKey } from '@/features/reviews';
import { api } from '@/lib/api';

/** A feed item's id ('checkin-7') names its check-in. */
export function checkInIdOf(feedItemId: string): number | null {
  const match = /^checkin-(\d+)$/.exec(feedItemId);
  return match ? Number(match[1]) : null;
}

export const checkInCommentsQueryKey = (checkInId: number) =>
  [...reviewsQueryKey, 'check-ins', checkInId, 'comments'] as const;

/** POST /api/check-ins/{id}/like: toggles my like; answers the new state and count. */
export const toggleCheckInLike = (checkInId: number) =>
  api.post<CheckInLikeDto>(`/api/check-ins/${checkInId}/like`);

/** GET /api/check-ins/{id}/comments. */
export const getCheckInComments = (checkInId: number, signal?: AbortSignal) =>
  api.get<CheckInCommentDto[]>(`/api/check-ins/${checkInId}/comments`, { signal });

/** POST /api/check-ins/{id}/comments. */
export const postCheckInComment = (checkInId: number, text: string) =>
  api.post<CheckInCommentDto>(`/api/check-ins/${checkInId}/comments`, { text });

export const getCheckInCommentsQueryOptions = (checkInId: number) =>
  queryOptions({
    queryKey: checkInCommentsQueryKey(checkInId),
    queryFn: ({ signal }) => getCheckInComments(checkInId, signal),
  });

export function useCheckInComments(checkInId: number) {
  return useQuery(getCheckInCommentsQueryOptions(checkInId));
}

export function useToggleCheckInLike(checkInId: number) {
  return useMutation({ mutationFn: () => toggleCheckInLike(checkInId) });
}

/** Adds the new comment to the open list at once (the server's answer is the comment). */
export function usePostCheckInComment(checkInId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => postCheckInComment(checkInId, text),
    onSuccess: (comment) =>
      queryClient.setQueryData<CheckInCommentDto[]>(checkInCommentsQueryKey(checkInId), (current) =>
        current ? [...current, comment] : [comment],
      ),
  });
}
