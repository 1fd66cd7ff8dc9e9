import { useEffect } from 'react';
import { RouterProvider } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import { AppProvider } from './provider';
import { hydrationCommitted } from '@/hooks/use-hydrated';
import type { AppRouter } from './router';

/** The app: the providers and the router, both built before React first renders (`main.tsx`). */
export function App({ queryClient, router }: { queryClient: QueryClient; router: AppRouter }) {
  // After the first commit (a hydration's, if the server rendered the page), what mounts is the
  // browser's own rendering (hooks/use-hydrated.ts).
  useEffect(() => hydrationCommitted(), []);
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
