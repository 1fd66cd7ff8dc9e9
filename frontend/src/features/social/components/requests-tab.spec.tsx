import { afterEach, describe, expect, it } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { FollowRequestDto } from '@dinebuds/contracts';
import { deferred, jsonResponse, mockFetch, never, type FetchCall } from '@/test/fetch-mock';
import { makeUser, renderWithProviders } from '@/test/render';
import { RequestsTab } from './requests-tab';

const me = makeUser({ id: 1, username: 'alice', isPrivate: true });

function request(id: number, requesterId: number, username: string, name: string): FollowRequestDto {
  return {
    id,
    requesterId,
    recipientId: me.id,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    requester: {
      id: requesterId,
      username,
      name,
      profilePicture: null,
      profileImage: null,
      isPrivate: false,
    },
  };
}

const REQUESTS = [
  request(11, 21, 'bob', 'Bob Brown'),
  request(12, 22, 'carol', 'Carol Chen'),
  request(13, 23, 'dave', 'Dave Diaz'),
];

/**
 * The server: the first read of the requests answers REQUESTS, later reads (the refresh after an
 * answer) never answer, so what the list shows comes from the optimistic update and its undo.
 */
function server(answer: (call: FetchCall) => Promise<Response>) {
  let reads = 0;
  return mockFetch((call) => {
    if (call.method === 'GET' && call.url === '/api/users/1/follow-requests') {
      reads += 1;
      return reads === 1 ? jsonResponse(REQUESTS) : never();
    }
    if (call.method === 'POST') return answer(call);
    return never();
  });
}

const shownRequests = () =>
  within(screen.getByRole('list', { name: 'Follow requests' }))
    .queryAllByRole('listitem')
    .map((row) => row.querySelector('.user-row__name')?.textContent);

const answerButton = (name: string, action: string) =>
  within(screen.getByRole('group', { name: `Answer ${name}'s request` })).getByRole('button', {
    name: action,
  });

function renderTab() {
  return renderWithProviders(<RequestsTab user={me} />, { signedInAs: me, route: '/social?tab=requests' });
}

describe('RequestsTab', () => {
  afterEach(() => {
    act(() => toast.dismiss());
  });

  it('lists the pending follow requests', async () => {
    server(() => never());
    renderTab();

    await screen.findByRole('list', { name: 'Follow requests' });
    expect(shownRequests()).toEqual(['Bob Brown', 'Carol Chen', 'Dave Diaz']);
    expect(screen.getByRole('link', { name: /Carol Chen/ })).toHaveAttribute('href', '/profile/carol');
  });

  it('says so when there are no requests', async () => {
    mockFetch(() => jsonResponse([]));
    renderTab();
    expect(await screen.findByText('No pending follow requests')).toBeVisible();
  });

  it('removes a deleted request at once and keeps it gone when the server agrees', async () => {
    const answer = deferred<Response>();
    const fetchMock = server(() => answer.promise);
    const user = userEvent.setup();
    renderTab();
    await screen.findByRole('list', { name: 'Follow requests' });

    await user.click(answerButton('Carol Chen', 'Delete'));

    // Gone before the server has answered.
    await waitFor(() => expect(shownRequests()).toEqual(['Bob Brown', 'Dave Diaz']));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toBe('/api/users/1/reject-request/22');
    expect(post?.[1]).toMatchObject({ credentials: 'include' });

    await act(async () => answer.resolve(jsonResponse({ message: 'Follow request deleted' })));

    expect(await screen.findByText('Request deleted')).toBeVisible();
    expect(shownRequests()).toEqual(['Bob Brown', 'Dave Diaz']);
  });

  it('puts a request back in its place when deleting it fails', async () => {
    const answer = deferred<Response>();
    server(() => answer.promise);
    const user = userEvent.setup();
    renderTab();
    await screen.findByRole('list', { name: 'Follow requests' });

    await user.click(answerButton('Carol Chen', 'Delete'));
    await waitFor(() => expect(shownRequests()).toEqual(['Bob Brown', 'Dave Diaz']));

    await act(async () =>
      answer.resolve(jsonResponse({ message: 'The request no longer exists' }, 404, 'Not Found')),
    );

    await waitFor(() => expect(shownRequests()).toEqual(['Bob Brown', 'Carol Chen', 'Dave Diaz']));
    expect(await screen.findByText('Could not delete the request')).toBeVisible();
    expect(screen.getByText('The request no longer exists')).toBeVisible();
  });

  it('puts the first request back first when accepting it fails', async () => {
    const answer = deferred<Response>();
    const fetchMock = server(() => answer.promise);
    const user = userEvent.setup();
    renderTab();
    await screen.findByRole('list', { name: 'Follow requests' });

    await user.click(answerButton('Bob Brown', 'Accept & Follow'));
    await waitFor(() => expect(shownRequests()).toEqual(['Carol Chen', 'Dave Diaz']));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toBe('/api/users/1/accept-request/21');
    expect(JSON.parse(post?.[1]?.body as string)).toEqual({ followBack: true });

    await act(async () => answer.reject(new TypeError('Failed to fetch')));

    await waitFor(() => expect(shownRequests()).toEqual(['Bob Brown', 'Carol Chen', 'Dave Diaz']));
    expect(await screen.findByText('Could not accept the request')).toBeVisible();
  });

  it('accepts a request, removing it and saying what happened', async () => {
    const answer = deferred<Response>();
    const fetchMock = server(() => answer.promise);
    const user = userEvent.setup();
    renderTab();
    await screen.findByRole('list', { name: 'Follow requests' });

    await user.click(answerButton('Dave Diaz', 'Accept'));
    await waitFor(() => expect(shownRequests()).toEqual(['Bob Brown', 'Carol Chen']));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toBe('/api/users/1/accept-request/23');
    expect(post?.[1]?.body).toBeUndefined();

    await act(async () => answer.resolve(jsonResponse({ status: 'accepted', followBack: null })));

    expect(await screen.findByText('Request accepted')).toBeVisible();
    expect(screen.getByText('Dave Diaz can now see your reviews and saved restaurants.')).toBeVisible();
    expect(shownRequests()).toEqual(['Bob Brown', 'Carol Chen']);
  });
});
