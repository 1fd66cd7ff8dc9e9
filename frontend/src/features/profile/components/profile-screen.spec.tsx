import { describe, expect, it } from '@jest/globals';
import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { answerArrived, watchAnswerDelivery } from '@/test/answer-delivery';
import { jsonResponse, mockFetch, never } from '@/test/fetch-mock';
import { makeUser, renderWithProviders } from '@/test/render';
import { ProfileScreen } from './profile-screen';

const BOB_URL = '/api/users/by-username/bob';

/** No automatic retry by default (the user query sets its own). */
const noRetry = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

function renderBobsProfile() {
  return renderWithProviders(
    <Routes>
      <Route path="/profile/:username" element={<ProfileScreen />} />
    </Routes>,
    { route: '/profile/bob', queryClient: noRetry(), signedInAs: makeUser({ id: 1, username: 'alice' }) },
  );
}

describe("ProfileScreen (another user's profile: loading, not found, error)", () => {
  it('spins while the profile loads', () => {
    mockFetch(() => never());
    renderBobsProfile();
    expect(screen.getByRole('status', { name: 'Loading profile' })).toBeVisible();
  });

  it('says "User Not Found" with a way home when the server answers 404', async () => {
    mockFetch((call) =>
      call.url === BOB_URL ? jsonResponse({ statusCode: 404, message: 'No such user' }, 404) : never(),
    );
    renderBobsProfile();
    expect(await screen.findByText('User Not Found')).toBeVisible();
    expect(screen.getByText("The user you're looking for doesn't exist or has been removed.")).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go Back Home' })).toHaveAttribute('href', '/');
  });

  it('shows any other failure with its message and a retry that reads again', async () => {
    let reads = 0;
    mockFetch((call) => {
      if (call.url !== BOB_URL) return never();
      reads += 1;
      // The first read and the query's own retry fail; the reader's retry stays open.
      return reads <= 2 ? jsonResponse({ statusCode: 500, message: 'Database down' }, 500) : never();
    });
    const user = userEvent.setup();
    renderBobsProfile();

    // The user query retries once by itself (about a second) before it shows as failed.
    const alert = await screen.findByRole('alert', undefined, { timeout: 4000 });
    expect(alert).toHaveTextContent("Couldn't load this profile");
    expect(alert).toHaveTextContent('Database down');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(reads).toBe(3));
  });
});

describe('ProfileScreen (first paint, issue 28)', () => {
  it('does not build the profile in the task that delivers the user: React renders it in a transition', async () => {
    const bob = makeUser({ id: 2, username: 'bob', name: 'Bob Baker' });
    let queryClient: QueryClient | null = null;
    const watch = watchAnswerDelivery(
      answerArrived(
        () => queryClient,
        (data) => (data as { username?: string } | undefined)?.username === 'bob',
      ),
      () => screen.queryByRole('heading', { name: 'Bob Baker' }) !== null,
    );
    try {
      mockFetch((call) => (call.url === BOB_URL ? jsonResponse(bob) : never()));
      ({ queryClient } = renderBobsProfile());
      expect(await screen.findByRole('heading', { name: 'Bob Baker' })).toBeVisible();
      expect(watch.seen).toEqual([false]);
    } finally {
      watch.restore();
    }
  });
});
