import { useQuery } from '@tanstack/react-query';
import type { CityBadgeDto, FlavorBadgeDto } from '@dinebuds/contracts';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const getFlavorBadges = (userId: number) =>
  api.get<FlavorBadgeDto[]>(`/api/users/${userId}/flavor-badges`);
export const getCityBadges = (userId: number) => api.get<CityBadgeDto[]>(`/api/users/${userId}/city-badges`);

export const useFlavorBadges = (userId: number) =>
  useQuery({ queryKey: queryKeys.flavorBadges(userId), queryFn: () => getFlavorBadges(userId) });

export const useCityBadges = (userId: number) =>
  useQuery({ queryKey: queryKeys.cityBadges(userId), queryFn: () => getCityBadges(userId) });
