import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RestaurantDetailDto, RestaurantPhotoResponse } from '@dinebuds/contracts';
import { reviewsQueryKey } from '@/features/reviews';
import { api } from '@/lib/api';
import { restaurantQueryKey } from './get-restaurant';

export const uploadRestaurantPhoto = (restaurantId: number, file: File) => {
  const form = new FormData();
  form.append('photo', file);
  return api.post<RestaurantPhotoResponse>(`/api/restaurants/${restaurantId}/photo`, form);
};

/** Shows the new photo at once, then refreshes every list that carries this restaurant's photo. */
export function useUploadRestaurantPhoto(restaurantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadRestaurantPhoto(restaurantId, file),
    onSuccess: ({ photoUrl }) => {
      queryClient.setQueryData<RestaurantDetailDto>(restaurantQueryKey(restaurantId), (current) =>
        current ? { ...current, photoUrl, hasPhoto: true } : current,
      );
      void queryClient.invalidateQueries({ queryKey: reviewsQueryKey });
    },
  });
}
