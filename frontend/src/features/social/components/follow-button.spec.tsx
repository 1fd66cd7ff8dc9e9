import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FollowStatus } from '@dinebuds/contracts';
import type { FollowTarget } from '../api/toggle-follow';
import { deferred, jsonResponse, mockFetch, never, type FetchCall } from '@/test/fetch-mock';
import { makeUser, renderWithProviders } from '@/test/render';
import { FollowButton } from './follow-button';

const me = makeUser({ id: 1, username: 'alice' });
const bob: FollowTarget = { id: 2, username: 'bob', name: 'Bob', isPrivate: false };
const carol: FollowTarget = { id: 3, username: 'carol', name: 'Carol', isPrivate: true };

const STATUS_URL = (targetId: number) => `/api/users/1/is-following/${targetId}`;

/**
 * The server: GET /api/user answers `me`; the first follow-status read answers `status`, later
 * ones (the re-check after an action) never answer, so what the button shows after an action
 * comes from the button's own optimistic update and rollback, not from a refetch.
 */
function server(status: FollowStatus, action: (call: FetchCall) => Promise<Response>) {
  let statusReads = 0;
  return mockFetch((call) => {
    if (call.method === 'GET' && call.url === '/api/user') return jsonResponse(me);
    if (call.method === 'GET' && call.url.startsWith('/api/users/1/is-following/')) {
      statusReads += 1;
      return statusReads === 1 ? jsonResponse({ isFollowing: status === 'following', status }) : never();
    }
    if (call.method === 'POST') return action(call);
    // Lists and counts refreshed after an action: not on screen here.
    return never();
  });
}

function followButton(): HTMLButtonElement {
  return document.querySelector('button.follow-button') as HTMLButtonElement;
}

describe('FollowButton', () => {
  // A failed follow action is logged (spec 1 §8); anything else on console.error (a React
  // warning, say) fails the test.
  let consoleError: ReturnType<typeof jest.spyOn>;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    const unexpected = consoleError.mock.calls.filter(
      (args: unknown[]) => !String(args[0]).startsWith('Follow action on @'),
    );
    consoleError.mockRestore();
    expect(unexpected).toEqual([]);
  });

  it('shows Follow, Following or Requested from the follow status', async () => {
    server('not_following', () => never());
    const { unmount } = renderWithProviders(<FollowButton user={bob} />);
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeVisible();
    unmount();

    server('following', () => never());
    const following = renderWithProviders(<FollowButton user={bob} />);
    expect(await screen.findByRole('button', { name: 'Following' })).toBeVisible();
    following.unmount();

    server('requested', () => never());
    renderWithProviders(<FollowButton user={carol} />);
    const requested = await screen.findByRole('button', { name: 'Requested' });
    expect(requested).toHaveAttribute('title', 'Follow request sent. Click to cancel it.');
  });

  it('reads the status for the signed-in user and the target, sending the session cookie', async () => {
    const fetchMock = server('not_following', () => never());
    renderWithProviders(<FollowButton user={bob} />);
    await screen.findByRole('button', { name: 'Follow' });

    const statusCall = fetchMock.mock.calls.find(([url]) => url === STATUS_URL(2));
    expect(statusCall?.[1]).toMatchObject({ method: 'GET', credentials: 'include' });
  });

  it('shows Unfollow while Following is hovered or focused', async () => {
    server('following', () => never());
    const user = userEvent.setup();
    renderWithProviders(<FollowButton user={bob} />);
    const button = await screen.findByRole('button', { name: 'Following' });

    await user.hover(button);
    expect(followButton()).toHaveTextContent(/^Unfollow$/);
    expect(followButton()).toHaveClass('follow-button--unfollow');

    await user.unhover(button);
    expect(followButton()).toHaveTextContent(/^Following$/);

    act(() => button.focus());
    expect(followButton()).toHaveTextContent(/^Unfollow$/);
    act(() => button.blur());
    expect(followButton()).toHaveTextContent(/^Following$/);
  });

  it('does not offer Unfollow on hover when not following', async () => {
    server('not_following', () => never());
    const user = userEvent.setup();
    renderWithProviders(<FollowButton user={bob} />);
    const button = await screen.findByRole('button', { name: 'Follow' });

    await user.hover(button);
    expect(followButton()).toHaveTextContent(/^Follow$/);
  });

  it('follows: shows Following at once, stays disabled while the call runs, then shows the answer', async () => {
    const answer = deferred<Response>();
    const fetchMock = server('not_following', () => answer.promise);
    const user = userEvent.setup();
    renderWithProviders(<FollowButton user={bob} />);

    await user.click(await screen.findByRole('button', { name: 'Follow' }));

    await waitFor(() => expect(followButton()).toHaveTextContent(/^Following$/));
    expect(followButton()).toBeDisabled();
    expect(followButton()).toHaveAttribute('aria-busy', 'true');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toBe('/api/users/1/follow/2');
    expect(post?.[1]).toMatchObject({ credentials: 'include' });

    // A second click while pending does nothing.
    await user.click(followButton());
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);

    await act(async () => answer.resolve(jsonResponse({ status: 'following' })));
    await waitFor(() => expect(followButton()).toBeEnabled());
    expect(followButton()).toHaveTextContent(/^Following$/);
  });

  it('shows Requested after following a private account', async () => {
    const answer = deferred<Response>();
    server('not_following', () => answer.promise);
    const user = userEvent.setup();
    renderWithProviders(<FollowButton user={carol} />);

    await user.click(await screen.findByRole('button', { name: 'Follow' }));
    await waitFor(() => expect(followButton()).toHaveTextContent(/^Requested$/));

    await act(async () => answer.resolve(jsonResponse({ status: 'requested' })));
    await waitFor(() => expect(followButton()).toBeEnabled());
    expect(followButton()).toHaveTextContent(/^Requested$/);
  });

  it('restores Following when an unfollow fails', async () => {
    const answer = deferred<Response>();
    const fetchMock = server('following', () => answer.promise);
    const user = userEvent.setup();
    renderWithProviders(<FollowButton user={bob} />);

    await user.click(await screen.findByRole('button', { name: 'Following' }));

    await waitFor(() => expect(followButton()).toHaveTextContent(/^Follow$/));
    expect(followButton()).toBeDisabled();
    expect(fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')?.[0]).toBe(
      '/api/users/1/unfollow/2',
    );

    await act(async () =>
      answer.resolve(jsonResponse({ message: 'Something went wrong' }, 500, 'Internal Server Error')),
    );

    await waitFor(() => expect(followButton()).toBeEnabled());
    expect(followButton()).toHaveTextContent(/^Following$/);
    expect(consoleError).toHaveBeenCalledWith(
      'Follow action on @bob (from following) failed:',
      expect.objectContaining({ message: 'Something went wrong' }),
    );
  });

  it('restores Follow when a follow fails', async () => {
    const answer = deferred<Response>();
    server('not_following', () => answer.promise);
    const user = userEvent.setup();
    renderWithProviders(<FollowButton user={carol} />);

    await user.click(await screen.findByRole('button', { name: 'Follow' }));
    await waitFor(() => expect(followButton()).toHaveTextContent(/^Requested$/));

    await act(async () => answer.reject(new TypeError('Failed to fetch')));

    await waitFor(() => expect(followButton()).toBeEnabled());
    expect(followButton()).toHaveTextContent(/^Follow$/);
  });

  it('renders nothing on one’s own profile or for an anonymous visitor', async () => {
    const fetchMock = server('not_following', () => never());
    const own = renderWithProviders(<FollowButton user={{ ...bob, id: me.id }} />, { signedInAs: me });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('is-following'))).toBe(false);
    own.unmount();

    mockFetch(() => jsonResponse({ message: 'Not signed in' }, 401, 'Unauthorized'));
    const anonymous = renderWithProviders(<FollowButton user={bob} />);
    await waitFor(() => expect(anonymous.queryClient.getQueryData(['current-user'])).toBeNull());
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
