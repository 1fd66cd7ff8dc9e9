import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StoryDto } from '@dinebuds/contracts';
import { reviewsQueryKey } from '@/features/reviews';
import { api } from '@/lib/api';

export const storiesQueryKey = [...reviewsQueryKey, 'stories'] as const;

/** GET /api/activity/stories: my buds who reviewed or checked in during the last 24 hours. */
export const getStories = (signal?: AbortSignal) => api.get<StoryDto[]>('/api/activity/stories', { signal });

export const getStoriesQueryOptions = () =>
  queryOptions({ queryKey: storiesQueryKey, queryFn: ({ signal }) => getStories(signal) });

export function useStories() {
  return useQuery(getStoriesQueryOptions());
}
