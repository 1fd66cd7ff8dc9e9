import { useCallback } from 'react';
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  CountResponse,
  FollowResponse,
  FollowStatus,
  FollowUserDto,
  IsFollowingResponse,
  UnfollowResponse,
} from '@dinebuds/contracts';
import { api } from './api';
import { useCurrentUser } from './auth';
import { queryKeys } from './query-keys';

/**
 * The follow relationship, shared by the profile (follow button, counts, lists) and the Social
 * screen (search results, recommendations, requests). Spec 1 §4 and §7.
 */

/** Spec 1 §9: the follow status is checked again this long after a follow action. */
export const FOLLOW_RECHECK_MS = 200;
/** Entries fetched per page of a followers / following list. */
export const FOLLOW_LIST_PAGE_SIZE = 50;

export type FollowListKind = 'followers' | 'following';

/** What a follow control needs to know about the other user. */
export interface FollowTarget {
  id: number;
  username: string;
  name: string | null;
  isPrivate: boolean;
}

export const getFollowStatus = (userId: number, targetId: number) =>
  api.get<IsFollowingResponse>(`/api/users/${userId}/is-following/${targetId}`);
export const followUser = (userId: number, targetId: number) =>
  api.post<FollowResponse>(`/api/users/${userId}/follow/${targetId}`);
export const unfollowUser = (userId: number, targetId: number) =>
  api.post<UnfollowResponse>(`/api/users/${userId}/unfollow/${targetId}`);
export const getFollowersCount = (userId: number) =>
  api.get<CountResponse>(`/api/users/${userId}/followers/count`);
export const getFollowingCount = (userId: number) =>
  api.get<CountResponse>(`/api/users/${userId}/following/count`);
export const getFollowList = (kind: FollowListKind, userId: number, offset: number) =>
  api.get<FollowUserDto[]>(`/api/users/${userId}/${kind}`, {
    query: { limit: FOLLOW_LIST_PAGE_SIZE, offset },
  });

export const statusAnswer = (status: FollowStatus): IsFollowingResponse => ({
  isFollowing: status === 'following',
  status,
});

export const followStatusQueryOptions = (userId: number, targetId: number) =>
  queryOptions({
    queryKey: queryKeys.followStatus(userId, targetId),
    queryFn: () => getFollowStatus(userId, targetId),
  });

export const followersCountQueryOptions = (userId: number) =>
  queryOptions({ queryKey: queryKeys.followersCount(userId), queryFn: () => getFollowersCount(userId) });

export const followingCountQueryOptions = (userId: number) =>
  queryOptions({ queryKey: queryKeys.followingCount(userId), queryFn: () => getFollowingCount(userId) });

export const followListQueryOptions = (kind: FollowListKind, userId: number) =>
  infiniteQueryOptions({
    queryKey: kind === 'followers' ? queryKeys.followers(userId) : queryKeys.following(userId),
    queryFn: ({ pageParam }) => getFollowList(kind, userId, pageParam),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) =>
      lastPage.length < FOLLOW_LIST_PAGE_SIZE ? undefined : pages.length * FOLLOW_LIST_PAGE_SIZE,
  });

/**
 * The signed-in viewer's relationship to `targetId`. Disabled (status undefined) for anonymous
 * visitors and on one's own profile, where no follow control shows (spec 1 §4).
 */
export function useFollowStatus(targetId: number, initialStatus?: FollowStatus) {
  const session = useCurrentUser();
  const me = session.data ?? null;
  const enabled = me !== null && me.id !== targetId;
  const query = useQuery({
    ...followStatusQueryOptions(me?.id ?? 0, targetId),
    enabled,
    ...(initialStatus ? { initialData: statusAnswer(initialStatus) } : {}),
  });
  return { me, enabled, query, status: enabled ? query.data?.status : undefined };
}

export function useFollowCounts(userId: number) {
  const followers = useQuery(followersCountQueryOptions(userId));
  const following = useQuery(followingCountQueryOptions(userId));
  return { followers, following };
}

/**
 * Spec 1 §7: after a follow change the users list, following, followers and both counts are
 * refreshed. Recommendations are only marked stale, so a card does not vanish under the pointer.
 */
export function refreshFollowData(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.usersList }),
    queryClient.invalidateQueries({ queryKey: queryKeys.usersSearchAll }),
    queryClient.invalidateQueries({ queryKey: queryKeys.followersAll }),
    queryClient.invalidateQueries({ queryKey: queryKeys.followingAll }),
    queryClient.invalidateQueries({ queryKey: queryKeys.followersCountAll }),
    queryClient.invalidateQueries({ queryKey: queryKeys.followingCountAll }),
    queryClient.invalidateQueries({ queryKey: queryKeys.recommendations, refetchType: 'none' }),
  ]);
}

export function useRefreshFollowData() {
  const queryClient = useQueryClient();
  return useCallback(() => refreshFollowData(queryClient), [queryClient]);
}

/** Asks the server again for one relationship, FOLLOW_RECHECK_MS after an action (spec 1 §4). */
export function scheduleFollowRecheck(queryClient: QueryClient, userId: number, targetId: number) {
  window.setTimeout(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.followStatus(userId, targetId) });
  }, FOLLOW_RECHECK_MS);
}

interface ToggleContext {
  key: ReturnType<typeof queryKeys.followStatus>;
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
      const key = queryKeys.followStatus(me.id, target.id);
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
