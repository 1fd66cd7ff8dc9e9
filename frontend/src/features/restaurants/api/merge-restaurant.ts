import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MergeRestaurantsResponse } from '@dinebuds/contracts';
import { reviewsQueryKey } from '@/features/reviews';
import { api } from '@/lib/api';

/** POST /api/restaurants/{id}/merge (admins): {id} joins keepId and is removed. */
export const mergeRestaurant = (restaurantId: number, keepId: number) =>
  api.post<MergeRestaurantsResponse>(`/api/restaurants/${restaurantId}/merge`, { keepId });

/**
 * Every reviews-service read (pages, saved lists, feeds) may name either entry: all refresh, not
 * awaited, so the caller's onSuccess (toast, leaving the removed page) runs before the page's
 * refetch answers 404.
 */
export function useMergeRestaurant(restaurantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keepId: number) => mergeRestaurant(restaurantId, keepId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: reviewsQueryKey });
    },
  });
}
