import { lazy, Suspense, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BusyNotice } from '@/components/ui/busy-notice';
import { useHydrated } from '@/hooks/use-hydrated';

// Toasts only follow a user's action, so the toaster's code need not hold up the first paint.
const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  // The toaster is the browser's: on the server its chunk may or may not be loaded yet, and a page
  // rendered either way must hydrate the same.
  const hydrated = useHydrated();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <BusyNotice />
      {hydrated ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </QueryClientProvider>
  );
}
