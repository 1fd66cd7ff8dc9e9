import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  FollowResponse,
  FollowStatus,
  IsFollowingResponse,
  UnfollowResponse,
} from '@dinebuds/contracts';
import { useCurrentUser } from '@/features/auth';
import { api } from '@/lib/api';
import { followStatusQueryKey, statusAnswer } from './get-follow-status';
import { refreshFollowData } from './refresh-follow-data';

/** Spec 1 §9: the follow status is checked again this long after a follow action. */
export const FOLLOW_RECHECK_MS = 200;

/** What a follow control needs to know about the other user. */
export interface FollowTarget {
  id: number;
  username: string;
  name: string | null;
  isPrivate: boolean;
}

export const followUser = (userId: number, targetId: number) =>
  api.post<FollowResponse>(`/api/users/${userId}/follow/${targetId}`);
export const unfollowUser = (userId: number, targetId: number) =>
  api.post<UnfollowResponse>(`/api/users/${userId}/unfollow/${targetId}`);

/** Asks the server again for one relationship, FOLLOW_RECHECK_MS after an action (spec 1 §4). */
function scheduleFollowRecheck(queryClient: QueryClient, userId: number, targetId: number) {
  window.setTimeout(() => {
    void queryClient.invalidateQueries({ queryKey: followStatusQueryKey(userId, targetId) });
  }, FOLLOW_RECHECK_MS);
}

interface ToggleContext {
  key: ReturnType<typeof followStatusQueryKey>;
  previous: IsFollowingResponse | undefined;
}

/**
 * Follow (from not_following) or unfollow / cancel the request (from following or requested).
 * The new state shows at once; a failure restores the previous one and is only logged (spec 1 §8).
 */
export function useToggleFollow(target: FollowTarget) {
  const queryClient = useQueryClient();
  const { data: me } = useCurrentUser();
  return useMutation<FollowResponse | UnfollowResponse, Error, FollowStatus, ToggleContext | undefined>({
    mutationFn: (from) => {
      if (!me) return Promise.reject(new Error('Sign in to follow buds.'));
      return from === 'not_following' ? followUser(me.id, target.id) : unfollowUser(me.id, target.id);
    },
    onMutate: async (from) => {
      if (!me) return undefined;
      const key = followStatusQueryKey(me.id, target.id);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<IsFollowingResponse>(key);
      const expected: FollowStatus =
        from === 'not_following' ? (target.isPrivate ? 'requested' : 'following') : 'not_following';
      queryClient.setQueryData(key, statusAnswer(expected));
      return { key, previous };
    },
    onSuccess: (answer, _from, context) => {
      if (context) queryClient.setQueryData(context.key, statusAnswer(answer.status));
    },
    onError: (error, from, context) => {
      console.error(`Follow action on @${target.username} (from ${from}) failed:`, error);
      if (context?.previous) queryClient.setQueryData(context.key, context.previous);
      else if (context) void queryClient.invalidateQueries({ queryKey: context.key });
    },
    onSettled: () => {
      if (!me) return;
      void refreshFollowData(queryClient);
      scheduleFollowRecheck(queryClient, me.id, target.id);
    },
  });
}
