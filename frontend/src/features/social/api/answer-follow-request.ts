import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AcceptRequestResponse, FollowRequestDto, MessageResponse } from '@dinebuds/contracts';
import { useCurrentUser } from '@/features/auth';
import { api } from '@/lib/api';
import { followRequestsQueryKey } from './get-follow-requests';
import { followStatusQueryKey, statusAnswer } from './get-follow-status';
import { refreshFollowData } from './refresh-follow-data';

export const acceptFollowRequest = (userId: number, requesterId: number, followBack: boolean) =>
  api.post<AcceptRequestResponse>(
    `/api/users/${userId}/accept-request/${requesterId}`,
    followBack ? { followBack: true } : undefined,
  );
export const rejectFollowRequest = (userId: number, requesterId: number) =>
  api.post<MessageResponse>(`/api/users/${userId}/reject-request/${requesterId}`);

/** Accept & Follow, Accept, or Delete (spec 2 §2, §4). */
export type RequestAnswer = 'accept-and-follow' | 'accept' | 'delete';

export interface AnswerVariables {
  request: FollowRequestDto;
  answer: RequestAnswer;
}

export type AnswerResult = AcceptRequestResponse | MessageResponse;

interface AnswerContext {
  index: number;
}

interface AnswerCallbacks {
  /** Run on the mutation itself, so they fire even after the answered row has unmounted. */
  onAnswered?: (result: AnswerResult, variables: AnswerVariables) => void;
  onFailed?: (error: Error, variables: AnswerVariables) => void;
}

/**
 * Spec 1 §4: an answered request leaves the list at once and comes back (in its place) if the
 * call fails. Afterwards the counts and lists are refreshed like after any follow change.
 */
export function useAnswerFollowRequest({ onAnswered, onFailed }: AnswerCallbacks = {}) {
  const queryClient = useQueryClient();
  const { data: me } = useCurrentUser();
  const userId = me?.id ?? 0;
  const key = followRequestsQueryKey(userId);
  return useMutation<AnswerResult, Error, AnswerVariables, AnswerContext>({
    mutationFn: ({ request, answer }) =>
      answer === 'delete'
        ? rejectFollowRequest(userId, request.requesterId)
        : acceptFollowRequest(userId, request.requesterId, answer === 'accept-and-follow'),
    onMutate: async ({ request }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const current = queryClient.getQueryData<FollowRequestDto[]>(key) ?? [];
      queryClient.setQueryData<FollowRequestDto[]>(
        key,
        current.filter((r) => r.id !== request.id),
      );
      return { index: current.findIndex((r) => r.id === request.id) };
    },
    onError: (error, variables, context) => {
      const { request } = variables;
      onFailed?.(error, variables);
      queryClient.setQueryData<FollowRequestDto[]>(key, (list = []) => {
        if (list.some((r) => r.id === request.id)) return list;
        const at = context && context.index >= 0 ? Math.min(context.index, list.length) : list.length;
        return [...list.slice(0, at), request, ...list.slice(at)];
      });
    },
    onSuccess: (result, variables) => {
      const { request } = variables;
      onAnswered?.(result, variables);
      const followBack = 'followBack' in result ? result.followBack : null;
      if (followBack) {
        queryClient.setQueryData(
          followStatusQueryKey(userId, request.requesterId),
          statusAnswer(followBack.status),
        );
      }
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: key });
      void refreshFollowData(queryClient);
    },
  });
}
