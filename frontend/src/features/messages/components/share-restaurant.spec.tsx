import { afterEach, describe, expect, it } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { FollowUserDto } from '@dinebuds/contracts';
import { currentUserQueryKey } from '@/features/auth';
import { createQueryClient } from '@/lib/query-client';
import { jsonResponse, mockFetch, never, type FetchCall } from '@/test/fetch-mock';
import { makeUser, renderWithProviders } from '@/test/render';
import { message } from '../test-fixtures';
import { ShareRestaurantButton } from './share-restaurant-button';

const me = makeUser({ id: 1, username: 'alice' });
const NOPA = { id: 42, name: 'Nopa' };

const follow = (id: number, username: string, name: string): FollowUserDto => ({
  id,
  username,
  name,
  profilePicture: null,
  isPrivate: false,
});
const FOLLOWING = [
  follow(2, 'bob', 'Bob Brown'),
  follow(3, 'carol', 'Carol Chen'),
  follow(4, 'dave', 'Dave Diaz'),
];

function server(send: (call: FetchCall) => Response | Promise<Response>) {
  return mockFetch((call) => {
    if (call.url.startsWith('/api/users/1/following')) return jsonResponse(FOLLOWING);
    if (call.method === 'POST' && call.url === '/api/messages/send') return send(call);
    return never();
  });
}

const sends = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .filter(([url, init]) => String(url) === '/api/messages/send' && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

async function openDialog() {
  const user = userEvent.setup();
  renderWithProviders(<ShareRestaurantButton restaurant={NOPA} />, { signedInAs: me });
  await user.click(screen.getByRole('button', { name: 'Share' }));
  const dialog = await screen.findByRole('dialog', { name: 'Share Restaurant' });
  await within(dialog).findByRole('list', { name: 'People you follow' });
  return { user, dialog };
}

describe('sharing a restaurant', () => {
  afterEach(() => {
    act(() => toast.dismiss());
  });

  it('needs a signed-in user', async () => {
    const fetchMock = mockFetch(() => never());
    const user = userEvent.setup();
    const queryClient = createQueryClient();
    queryClient.setQueryData(currentUserQueryKey, null);
    renderWithProviders(<ShareRestaurantButton restaurant={NOPA} />, { queryClient });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('You need to be logged in')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for a recipient, searches the people I follow, selects with chips and shares to each', async () => {
    const fetchMock = server((call) => {
      const body = JSON.parse(String(call.init.body)) as { receiverId: number };
      return jsonResponse(message({ id: body.receiverId, senderId: 1 }), 201);
    });
    const { user, dialog } = await openDialog();

    expect(within(dialog).getByRole('textbox', { name: 'Message (optional)' })).toHaveValue(
      "Let's go to Nopa soon!",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please select at least one recipient');
    expect(sends(fetchMock)).toEqual([]);

    await user.type(within(dialog).getByRole('searchbox', { name: 'Search people you follow' }), 'CAR');
    const people = within(dialog).getByRole('list', { name: 'People you follow' });
    expect(within(people).getAllByRole('checkbox')).toHaveLength(1);
    await user.click(within(people).getByRole('checkbox', { name: /Carol Chen/ }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.clear(within(dialog).getByRole('searchbox', { name: 'Search people you follow' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Bob Brown/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Dave Diaz/ }));

    const chips = within(dialog).getByRole('list', { name: 'Selected buds' });
    expect(chips).toHaveTextContent('Carol Chen');
    await user.click(within(chips).getByRole('button', { name: 'Remove Dave Diaz' }));
    expect(within(dialog).getByRole('checkbox', { name: /Dave Diaz/ })).not.toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Restaurant shared!')).toBeVisible();
    expect(screen.getByText('Shared with 2 buds.')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const bodies = sends(fetchMock);
    expect(bodies.map((body) => body.receiverId)).toEqual([3, 2]);
    for (const body of bodies) {
      expect(body).toMatchObject({
        messageType: 'restaurant_share',
        restaurantId: 42,
        restaurantName: 'Nopa',
        content: "Let's go to Nopa soon!",
      });
      expect(body.clientMessageId).toEqual(expect.any(String));
    }
  });

  it('says "Failed to share restaurant" with the reason and keeps who it failed for', async () => {
    server((call) => {
      const body = JSON.parse(String(call.init.body)) as { receiverId: number };
      return body.receiverId === 2
        ? jsonResponse({ statusCode: 403, message: 'You cannot message this user' }, 403)
        : jsonResponse(message({ id: 7, senderId: 1 }), 201);
    });
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('checkbox', { name: /Bob Brown/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Carol Chen/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));

    expect(await screen.findByText('Failed to share restaurant')).toBeVisible();
    expect(screen.getByText('You cannot message this user (sent to 1 of 2)')).toBeVisible();
    expect(within(dialog).getByRole('checkbox', { name: /Bob Brown/ })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: /Carol Chen/ })).not.toBeChecked();
  });

  it('sends no content when the message is cleared (the server writes the default)', async () => {
    const fetchMock = server(() => jsonResponse(message({ id: 8, senderId: 1 }), 201));
    const { user, dialog } = await openDialog();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Message (optional)' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Bob Brown/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Shared with 1 bud.')).toBeVisible();
    expect(sends(fetchMock)[0]).not.toHaveProperty('content');
  });
});
