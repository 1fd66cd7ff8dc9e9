import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CityBadgeDto } from '@dinebuds/contracts';
import { usersQueryKey } from '@/features/auth';
import { api } from '@/lib/api';

export const cityBadgesQueryKey = (userId: number) => [...usersQueryKey, userId, 'city-badges'] as const;

export const getCityBadges = (userId: number) => api.get<CityBadgeDto[]>(`/api/users/${userId}/city-badges`);

export const getCityBadgesQueryOptions = (userId: number) =>
  queryOptions({ queryKey: cityBadgesQueryKey(userId), queryFn: () => getCityBadges(userId) });

export const useCityBadges = (userId: number) => useQuery(getCityBadgesQueryOptions(userId));
