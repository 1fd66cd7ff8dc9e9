import { QueryClient } from '@tanstack/react-query';

/** Spec 1 §7 / §9: reads cached 5 minutes, a failed read retried once, no refetch on focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60 * 1000,
        retry: 1,
        refetchOnWindowFocus: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
