import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RestaurantDetailDto, UpdateRestaurantDetailsRequest } from '@dinebuds/contracts';
import { api } from '@/lib/api';
import { restaurantQueryKey } from './get-restaurant';

export type RestaurantDetailsChange = Omit<UpdateRestaurantDetailsRequest, 'restaurantId'>;

/** PATCH /api/restaurants/{id} (admins): answers the restaurant page with the new details. */
export const updateRestaurantDetails = (restaurantId: number, change: RestaurantDetailsChange) =>
  api.patch<RestaurantDetailDto>(`/api/restaurants/${restaurantId}`, change);

/** The page takes the server's answer at once (its search results refresh on their own). */
export function useUpdateRestaurantDetails(restaurantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: RestaurantDetailsChange) => updateRestaurantDetails(restaurantId, change),
    onSuccess: (page) => queryClient.setQueryData(restaurantQueryKey(restaurantId), page),
  });
}
