import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CityBadgeDto,
  CityTierLevel,
  FlavorBadgeDto,
  SetCityBadgesRequest,
  SetFlavorBadgesRequest,
} from '@dinebuds/contracts';
import { cityKey, flavorCategoryOf } from '@dinebuds/contracts';
import { api } from '@/lib/api';
import { cityBadgesQueryKey } from './get-city-badges';
import { flavorBadgesQueryKey } from './get-flavor-badges';

export const setFlavorBadges = (body: SetFlavorBadgesRequest) =>
  api.post<FlavorBadgeDto[]>('/api/users/flavor-badges', body);
export const setCityBadges = (body: SetCityBadgesRequest) =>
  api.post<CityBadgeDto[]>('/api/users/city-badges', body);

export interface SaveBadgesInput {
  flavors: string[];
  /** Display labels of the chosen cities. */
  cities: string[];
  /** Levels the user already holds, by city key, kept for cities that stay selected. */
  currentLevels: ReadonlyMap<string, CityTierLevel>;
}

/**
 * The settings path of spec 1 §7. Each call replaces the whole set, so no clearing call is needed;
 * flavors first: if they fail, the cities are not touched.
 */
export function useSaveBadges(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ flavors, cities, currentLevels }: SaveBadgesInput) => {
      const flavorBadges = await setFlavorBadges({
        userId,
        badges: flavors.map((badgeId) => ({ badgeId, category: flavorCategoryOf(badgeId) ?? 'preference' })),
      });
      const cityBadges = await setCityBadges({
        userId,
        badges: cities.map((city) => {
          const key = cityKey(city);
          return { city: key, level: currentLevels.get(key) ?? 'bronze' };
        }),
      });
      return { flavorBadges, cityBadges };
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: flavorBadgesQueryKey(userId) }),
        queryClient.invalidateQueries({ queryKey: cityBadgesQueryKey(userId) }),
      ]),
  });
}
