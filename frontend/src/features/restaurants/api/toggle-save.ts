import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RestaurantDetailDto, ToggleSaveResponse } from '@dinebuds/contracts';
import { activityQueryKeyAll, savedRestaurantsQueryKeyAll } from '@/features/reviews';
import { api } from '@/lib/api';
import { restaurantQueryKey } from './get-restaurant';

export const toggleSave = (restaurantId: number) =>
  api.post<ToggleSaveResponse>(`/api/restaurants/${restaurantId}/toggle-save`);

/**
 * Spec 2 §Save toggle: flips at once (optimistic), then takes the server's value, and reverts on
 * failure. The restaurant page's cached `isSaved` is the state shown.
 */
export function useToggleSave(restaurantId: number) {
  const queryClient = useQueryClient();
  const key = restaurantQueryKey(restaurantId);
  return useMutation({
    mutationFn: () => toggleSave(restaurantId),
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
      void queryClient.invalidateQueries({ queryKey: savedRestaurantsQueryKeyAll });
      void queryClient.invalidateQueries({ queryKey: activityQueryKeyAll });
    },
  });
}
