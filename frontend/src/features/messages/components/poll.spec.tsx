import { afterEach, describe, expect, it } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { PollDto, RestaurantSummaryDto, SavedRestaurantDto } from '@dinebuds/contracts';
import { jsonResponse, mockFetch, never, type FetchCall } from '@/test/fetch-mock';
import { makeUser, renderWithProviders } from '@/test/render';
import { message } from '../test-fixtures';
import { MessageContent } from './message-content';
import { PollCard, PollLauncher } from './poll';

const me = makeUser({ id: 1, username: 'alice' });
const bob = { id: 2, username: 'bob', name: 'Bob Brown', profilePicture: null };

function saved(restaurantId: number, name: string): SavedRestaurantDto {
  return {
    id: restaurantId,
    userId: 1,
    restaurantId,
    notes: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    restaurant: { id: restaurantId, name, address: `${restaurantId} Main St` } as RestaurantSummaryDto,
  };
}
const SAVED = ['Nopa', 'Zuni', 'Tartine', 'Delfina', 'Flour + Water'].map((name, index) =>
  saved(10 + index, name),
);

const POLL: PollDto = {
  id: 5,
  proposerId: 2,
  receiverId: 1,
  status: 'open',
  options: [
    { id: 51, restaurantId: 10, restaurantName: 'Nopa' },
    { id: 52, restaurantId: 11, restaurantName: 'Zuni' },
  ],
  chosenOptionId: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  decidedAt: null,
};

const bodyOf = (call: FetchCall) => JSON.parse(String(call.init.body)) as unknown;

describe('"Let\'s eat" polls', () => {
  afterEach(() => {
    act(() => toast.dismiss());
  });

  it('proposes up to four saved places', async () => {
    const posted: unknown[] = [];
    mockFetch((call) => {
      if (call.url === '/api/saved-restaurants?userId=1') return jsonResponse(SAVED);
      if (call.method === 'POST' && call.url === '/api/messages/polls') {
        posted.push(bodyOf(call));
        return jsonResponse({ ...POLL, proposerId: 1, receiverId: 2 }, 201);
      }
      return never();
    });
    const user = userEvent.setup();
    renderWithProviders(<PollLauncher partner={bob} />, { signedInAs: me });
    await user.click(screen.getByRole('button', { name: "Let's eat" }));
    const dialog = await screen.findByRole('dialog', { name: "Let's eat" });
    const propose = within(dialog).getByRole('button', { name: 'Propose' });
    expect(propose).toBeDisabled();
    for (const name of ['Nopa', 'Zuni', 'Tartine', 'Delfina'])
      await user.click(await within(dialog).findByRole('checkbox', { name: new RegExp(name) }));
    expect(within(dialog).getByRole('checkbox', { name: /Flour \+ Water/ })).toBeDisabled();
    expect(dialog).toHaveTextContent('4 of 4 chosen');
    await user.click(propose);
    expect(await screen.findByText('Poll sent')).toBeVisible();
    expect(posted).toEqual([
      {
        receiverId: 2,
        options: [
          { restaurantId: 10, restaurantName: 'Nopa' },
          { restaurantId: 11, restaurantName: 'Zuni' },
          { restaurantId: 12, restaurantName: 'Tartine' },
          { restaurantId: 13, restaurantName: 'Delfina' },
        ],
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('proposes a place found by a search beside a saved one', async () => {
    const posted: unknown[] = [];
    mockFetch((call) => {
      if (call.url === '/api/saved-restaurants?userId=1') return jsonResponse(SAVED.slice(0, 1));
      if (call.url === '/api/restaurants/search?q=ramen&limit=10')
        return jsonResponse([{ id: 77, name: 'Ramen Shop', address: '5 Oak St' }]);
      if (call.method === 'POST' && call.url === '/api/messages/polls') {
        posted.push(bodyOf(call));
        return jsonResponse({ ...POLL, proposerId: 1, receiverId: 2 }, 201);
      }
      return never();
    });
    const user = userEvent.setup();
    renderWithProviders(<PollLauncher partner={bob} />, { signedInAs: me });
    await user.click(screen.getByRole('button', { name: "Let's eat" }));
    const dialog = await screen.findByRole('dialog', { name: "Let's eat" });
    await user.click(await within(dialog).findByRole('checkbox', { name: /Nopa/ }));
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search restaurants' }), 'ramen');
    const results = await within(dialog).findByRole('list', { name: 'Search results' });
    await user.click(within(results).getByRole('checkbox', { name: /Ramen Shop/ }));
    expect(within(dialog).getByRole('list', { name: 'Chosen places' })).toHaveTextContent('NopaRamen Shop');
    await user.click(within(dialog).getByRole('button', { name: 'Propose' }));
    await screen.findByText('Poll sent');
    expect(posted).toEqual([
      {
        receiverId: 2,
        options: [
          { restaurantId: 10, restaurantName: 'Nopa' },
          { restaurantId: 77, restaurantName: 'Ramen Shop' },
        ],
      },
    ]);
  });

  it('lets the invited person vote, then shows the chosen place with its reservation link', async () => {
    const votes: unknown[] = [];
    let poll = POLL;
    mockFetch((call) => {
      if (call.url === '/api/messages/polls/5' && call.method === 'GET') return jsonResponse(poll);
      if (call.url === '/api/messages/polls/5/vote') {
        votes.push(bodyOf(call));
        poll = { ...POLL, status: 'decided', chosenOptionId: 52, decidedAt: '2025-01-02T00:00:00.000Z' };
        return jsonResponse(poll);
      }
      return never();
    });
    const user = userEvent.setup();
    renderWithProviders(<PollCard pollId={5} meId={1} />, { signedInAs: me });
    await user.click(await screen.findByRole('button', { name: 'Vote for Zuni' }));
    expect(await screen.findByText(/Chosen:/)).toHaveTextContent('Chosen: Zuni');
    expect(screen.getByRole('link', { name: /Reserve a table/ })).toHaveAttribute(
      'href',
      '/restaurant/11?reserve=1',
    );
    expect(screen.queryByRole('button', { name: /Vote for/ })).toBeNull();
    expect(votes).toEqual([{ optionId: 52 }]);
  });

  it('shows the proposer the places and that the vote is awaited', async () => {
    mockFetch((call) => (call.url === '/api/messages/polls/5' ? jsonResponse(POLL) : never()));
    renderWithProviders(<PollCard pollId={5} meId={2} />, { signedInAs: makeUser({ id: 2 }) });
    expect(await screen.findByText('Waiting for the vote')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Nopa' })).toHaveAttribute('href', '/restaurant/10');
    expect(screen.queryByRole('button', { name: /Vote for/ })).toBeNull();
  });

  it('announces the chosen place in the thread with links to its page and its reservation dialog', () => {
    renderWithProviders(
      <MessageContent
        message={message({
          content: "Let's go to Zuni soon!",
          messageType: 'poll_result',
          restaurantId: 11,
          restaurantName: 'Zuni',
          pollId: 5,
        })}
      />,
    );
    expect(screen.getByRole('link', { name: 'Zuni' })).toHaveAttribute('href', '/restaurant/11');
    expect(screen.getByRole('link', { name: 'Reserve a table' })).toHaveAttribute(
      'href',
      '/restaurant/11?reserve=1',
    );
  });
});
