import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LiveHotspotDto } from '@dinebuds/contracts';
import { reviewsQueryKey } from '@/features/reviews';
import { api } from '@/lib/api';

export const liveHotspotsQueryKey = [...reviewsQueryKey, 'live-hotspots'] as const;

/** GET /api/live-hotspots: places where my buds are checked in now, and how busy they are. */
export const getLiveHotspots = (signal?: AbortSignal) =>
  api.get<LiveHotspotDto[]>('/api/live-hotspots', { signal });

export const getLiveHotspotsQueryOptions = () =>
  queryOptions({ queryKey: liveHotspotsQueryKey, queryFn: ({ signal }) => getLiveHotspots(signal) });

/** "Live": read again every minute while the tab is open. */
export function useLiveHotspots() {
  return useQuery({ ...getLiveHotspotsQueryOptions(), refetchInterval: 60_000 });
}
