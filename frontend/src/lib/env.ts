import { useQuery } from '@tanstack/react-query';
import type { EnvResponse } from '@dinebuds/contracts';
import { api } from '@/lib/api';

export const envQueryKey = ['env'] as const;

/** `GET /api/env`: the operator's tile server and reservation site; fixed while the app runs. */
export function useEnv() {
  return useQuery({
    queryKey: envQueryKey,
    queryFn: ({ signal }) => api.get<EnvResponse>('/api/env', { signal }),
    staleTime: Infinity,
  });
}
