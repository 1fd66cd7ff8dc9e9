/**
 * Renders a component inside the providers the app gives it (`app/provider.tsx`): the app's own
 * QueryClient settings, the toaster, and a router (for the links in rows).
 */
import type { ReactElement, ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { render } from '@testing-library/react';
import type { CurrentUserDto } from '@dinebuds/contracts';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { currentUserQueryKey } from '@/features/auth';

export function makeUser(overrides: Partial<CurrentUserDto> = {}): CurrentUserDto {
  return {
    id: 1,
    username: 'alice',
    name: 'Alice Adams',
    bio: null,
    profilePicture: null,
    reviewCount: 0,
    isAdmin: false,
    isPrivate: false,
    createdAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

interface Options {
  queryClient?: QueryClient;
  /** Puts this user in the session cache, as after GET /api/user. */
  signedInAs?: CurrentUserDto;
  route?: string;
}

export function renderWithProviders(ui: ReactElement, options: Options = {}) {
  const queryClient = options.queryClient ?? createQueryClient();
  if (options.signedInAs) queryClient.setQueryData(currentUserQueryKey, options.signedInAs);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[options.route ?? '/']}>{children}</MemoryRouter>
      <Toaster />
    </QueryClientProvider>
  );
  return { queryClient, ...render(ui, { wrapper }) };
}
