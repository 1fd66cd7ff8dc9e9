import { useQueryClient } from '@tanstack/react-query';
import { currentUserQueryKey, usersQueryKey } from '@/features/auth';
import { reviewsQueryKey } from './get-user-reviews';

/**
 * A review changes the profile's count, level and city badges in identity (through its events),
 * so the user queries are refreshed too; they may lag by a moment, which the next visit shows.
 */
export function useRefreshAfterReviewChange() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: reviewsQueryKey });
    void queryClient.invalidateQueries({ queryKey: usersQueryKey });
    void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
  };
}
