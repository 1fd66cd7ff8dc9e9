import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FeedbackPageDto, FeedbackType } from '@dinebuds/contracts';
import { api } from '@/lib/api';

/** Feedback items per page of /feedback (the server's page; the tab counts come with it). */
export const FEEDBACK_PAGE_SIZE = 20;

export type FeedbackTab = 'all' | FeedbackType;

/** Every feedback query starts with this (a resolve refreshes them all). */
export const feedbackQueryKey = ['feedback'] as const;

/** One page of one /feedback tab, newest first, and every tab's count (admins only). */
export const getFeedback = (type: FeedbackTab, offset: number) =>
  api.get<FeedbackPageDto>(
    `/api/feedback?type=${type}&status=all&limit=${FEEDBACK_PAGE_SIZE}&offset=${offset}`,
  );

export const getFeedbackQueryOptions = (type: FeedbackTab, offset: number) =>
  queryOptions({
    queryKey: [...feedbackQueryKey, type, offset],
    queryFn: () => getFeedback(type, offset),
    staleTime: 0,
    // Keeps the page shown while the next one loads (no flash of the loading state between pages).
    placeholderData: keepPreviousData,
  });

export function useFeedbackList(type: FeedbackTab, offset: number, enabled: boolean) {
  return useQuery({ ...getFeedbackQueryOptions(type, offset), enabled });
}
