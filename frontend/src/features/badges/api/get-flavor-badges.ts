import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FlavorBadgeDto } from '@dinebuds/contracts';
import { usersQueryKey } from '@/features/auth';
import { api } from '@/lib/api';

export const flavorBadgesQueryKey = (userId: number) => [...usersQueryKey, userId, 'flavor-badges'] as const;

export const getFlavorBadges = (userId: number) =>
  api.get<FlavorBadgeDto[]>(`/api/users/${userId}/flavor-badges`);

export const getFlavorBadgesQueryOptions = (userId: number) =>
  queryOptions({ queryKey: flavorBadgesQueryKey(userId), queryFn: () => getFlavorBadges(userId) });

export const useFlavorBadges = (userId: number) => useQuery(getFlavorBadgesQueryOptions(userId));
