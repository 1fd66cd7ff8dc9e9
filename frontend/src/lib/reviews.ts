/**
 * The reviews service's queries and mutations, shared by the profile (List, Saved, Activity tabs)
 * and the restaurant page. Every key starts with 'reviews' (see query-keys.ts).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ActivityResponse,
  CreateReviewRequest,
  RestaurantDetailDto,
  ReviewDto,
  SavedRestaurantDto,
  ToggleSaveResponse,
} from '@dinebuds/contracts';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export function useUserReviews(userId: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.reviewsByUser(userId),
    queryFn: ({ signal }) => api.get<ReviewDto[]>('/api/reviews', { query: { userId, limit: 200 }, signal }),
    enabled,
  });
}

export function useRestaurant(id: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.restaurant(id),
    queryFn: ({ signal }) => api.get<RestaurantDetailDto>(`/api/restaurants/${id}`, { signal }),
    enabled,
  });
}

export function useSavedRestaurants(userId: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.saved(userId),
    queryFn: ({ signal }) =>
      api.get<SavedRestaurantDto[]>('/api/saved-restaurants', { query: { userId }, signal }),
    enabled,
  });
}

export function useActivity(userId: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.activity(userId),
    queryFn: ({ signal }) => api.get<ActivityResponse>('/api/activity', { query: { userId }, signal }),
    enabled,
  });
}

/**
 * A review changes the profile's count, level and city badges in identity (through its events),
 * so the user queries are refreshed too; they may lag by a moment, which the next visit shows.
 */
function useRefreshAfterReviewChange() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.reviewsAll });
    void queryClient.invalidateQueries({ queryKey: queryKeys.users });
    void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
  };
}

export function useCreateReview() {
  const refresh = useRefreshAfterReviewChange();
  return useMutation({
    mutationFn: (body: CreateReviewRequest) => api.post<ReviewDto>('/api/reviews', body),
    onSuccess: refresh,
  });
}

export function useUpdateReview() {
  const refresh = useRefreshAfterReviewChange();
  return useMutation({
    mutationFn: ({ id, rating, notes }: { id: number; rating: number; notes: string | null }) =>
      api.patch<ReviewDto>(`/api/reviews/${id}`, { rating, notes }),
    onSuccess: refresh,
  });
}

export function useDeleteReview() {
  const refresh = useRefreshAfterReviewChange();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`/api/reviews/${id}`),
    onSuccess: refresh,
  });
}

/**
 * Spec 2 §Save toggle: flips at once (optimistic), then takes the server's value, and reverts on
 * failure. The restaurant page's cached `isSaved` is the state shown.
 */
export function useToggleSave(restaurantId: number) {
  const queryClient = useQueryClient();
  const key = queryKeys.restaurant(restaurantId);
  return useMutation({
    mutationFn: () => api.post<ToggleSaveResponse>(`/api/restaurants/${restaurantId}/toggle-save`),
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<RestaurantDetailDto>(key);
      if (previous) queryClient.setQueryData(key, { ...previous, isSaved: !previous.isSaved });
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (answer) => {
      queryClient.setQueryData<RestaurantDetailDto>(key, (current) =>
        current ? { ...current, isSaved: answer.isSaved } : current,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.savedAll });
      void queryClient.invalidateQueries({ queryKey: ['reviews', 'activity'] });
    },
  });
}

export function useRemoveSaved() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (restaurantId: number) => api.delete<unknown>(`/api/saved-restaurants/${restaurantId}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.reviewsAll }),
  });
}
