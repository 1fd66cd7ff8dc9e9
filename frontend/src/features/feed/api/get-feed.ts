import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { DISCOVERY_LIMITS, type FeedPageDto } from '@dinebuds/contracts';
import { reviewsQueryKey } from '@/features/reviews';
import { api } from '@/lib/api';

/** Under the reviews prefix: a review or save anywhere refreshes the feed. */
export const feedQueryKeyAll = [...reviewsQueryKey, 'feed'] as const;
export const feedQueryKey = (city: string) => [...feedQueryKeyAll, city.trim().toLowerCase()] as const;

/** GET /api/activity/feed: my buds' reviews, saves and check-ins, newest first, paged by cursor. */
export const getFeedPage = (city: string, cursor: string | null, signal?: AbortSignal) =>
  api.get<FeedPageDto>('/api/activity/feed', {
    query: { city: city.trim() || undefined, cursor, limit: DISCOVERY_LIMITS.feedPageDefault },
    signal,
  });

export const getFeedQueryOptions = (city: string) =>
  infiniteQueryOptions({
    queryKey: feedQueryKey(city),
    queryFn: ({ pageParam, signal }) => getFeedPage(city, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useFeed(city: string) {
  return useInfiniteQuery(getFeedQueryOptions(city));
}
