import { infiniteQueryOptions } from '@tanstack/react-query';
import type { FollowUserDto } from '@dinebuds/contracts';
import { api } from '@/lib/api';

/** Entries fetched per page of a followers / following list. */
export const FOLLOW_LIST_PAGE_SIZE = 50;

export type FollowListKind = 'followers' | 'following';

/** `['social', 'followers']` or `['social', 'following']`: that list for every user. */
export const followListQueryKeyAll = (kind: FollowListKind) => ['social', kind] as const;
export const followListQueryKey = (kind: FollowListKind, userId: number) =>
  [...followListQueryKeyAll(kind), userId] as const;

export const getFollowList = (kind: FollowListKind, userId: number, offset: number) =>
  api.get<FollowUserDto[]>(`/api/users/${userId}/${kind}`, {
    query: { limit: FOLLOW_LIST_PAGE_SIZE, offset },
  });

export const getFollowListQueryOptions = (kind: FollowListKind, userId: number) =>
  infiniteQueryOptions({
    queryKey: followListQueryKey(kind, userId),
    queryFn: ({ pageParam }) => getFollowList(kind, userId, pageParam),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) =>
      lastPage.length < FOLLOW_LIST_PAGE_SIZE ? undefined : pages.length * FOLLOW_LIST_PAGE_SIZE,
  });
