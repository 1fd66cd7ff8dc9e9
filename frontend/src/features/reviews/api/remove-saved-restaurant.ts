import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { reviewsQueryKey } from './get-user-reviews';

export const removeSavedRestaurant = (restaurantId: number) =>
  api.delete<unknown>(`/api/saved-restaurants/${restaurantId}`);

export function useRemoveSaved() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSavedRestaurant,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reviewsQueryKey }),
  });
}
