import { useQuery } from '@tanstack/react-query';
import type { EnvResponse } from '@dinebuds/contracts';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/env`: the operator's tile server and reservation site; fixed while the app runs. */
export function useEnv() {
  return useQuery({
    queryKey: queryKeys.env,
    queryFn: ({ signal }) => api.get<EnvResponse>('/api/env', { signal }),
    staleTime: Infinity,
  });
}
