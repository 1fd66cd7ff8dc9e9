import { afterEach, describe, expect, it } from '@jest/globals';
import { QueryClient } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { MutedUserDto } from '@dinebuds/contracts';
import { callsOf, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { makeUser, renderWithProviders } from '@/test/render';
import { MutedUsers } from './muted-users';

const BOB: MutedUserDto = {
  mutedId: 7,
  createdAt: '2024-05-01T12:00:00.000Z',
  user: { id: 7, username: 'bob', name: 'Bob Brown', profilePicture: null, isPrivate: false },
};

/** Settings → Privacy: the muted list (GET /api/users/muted) with Unmute, and its empty and error states. */
describe('MutedUsers', () => {
  afterEach(() => {
    act(() => toast.dismiss());
  });

  it('lists muted people and unmutes one', async () => {
    let muted = [BOB];
    const fetchMock = mockFetch((call) => {
      if (call.method === 'DELETE' && call.url === '/api/users/7/mute') {
        muted = [];
        return jsonResponse({ muted: false });
      }
      return jsonResponse(muted);
    });
    const user = userEvent.setup();
    renderWithProviders(<MutedUsers />, { signedInAs: makeUser() });

    const list = await screen.findByRole('list', { name: 'Muted users' });
    expect(list).toHaveTextContent('Bob Brown');
    await user.click(screen.getByRole('button', { name: 'Unmute Bob Brown' }));
    expect(await screen.findByText('User unmuted')).toBeVisible();
    expect(await screen.findByText("You haven't muted anyone")).toBeVisible();
    expect(callsOf(fetchMock)).toContain('DELETE /api/users/7/mute');
  });

  it('shows a failed load with its message', async () => {
    mockFetch(() => jsonResponse({ statusCode: 500, message: 'Social graph is resting' }, 500));
    renderWithProviders(<MutedUsers />, {
      signedInAs: makeUser(),
      queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    });
    expect(await screen.findByText("Couldn't load muted users")).toBeVisible();
    expect(screen.getByText('Social graph is resting')).toBeVisible();
  });
});
