import { RouterProvider } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import { AppProvider } from './provider';
import type { AppRouter } from './router';

/** The app: the providers and the router, both built before React first renders (`main.tsx`). */
export function App({ queryClient, router }: { queryClient: QueryClient; router: AppRouter }) {
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
