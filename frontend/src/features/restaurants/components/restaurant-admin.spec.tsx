import { afterEach, describe, expect, it } from '@jest/globals';
import { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { Route, Routes } from 'react-router-dom';
import type { RestaurantSearchItemDto } from '@dinebuds/contracts';
import { jsonResponse, mockFetch, never, type FetchCall } from '@/test/fetch-mock';
import { makeUser, renderWithProviders } from '@/test/render';
import { EMPTY_RESTAURANT } from './restaurant-fixture';
import { RestaurantScreen } from './restaurant-screen';

const PLACE = EMPTY_RESTAURANT;

const OTHER: RestaurantSearchItemDto = {
  ...PLACE,
  id: 9,
  name: 'The Noodle Nook',
  address: '5 Elm Street, Boston, MA',
  totalReviews: 4,
  budReviewCount: 0,
  budAverageRating: null,
  budFavoriteCount: 0,
  matchScore: 0.8,
};

function renderPage(handler: (call: FetchCall) => Response | Promise<Response>, isAdmin: boolean) {
  const fetchMock = mockFetch(handler);
  renderWithProviders(
    <Routes>
      <Route path="/restaurants/:restaurantId" element={<RestaurantScreen />} />
    </Routes>,
    {
      route: '/restaurants/5',
      signedInAs: makeUser({ isAdmin }),
      queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    },
  );
  return fetchMock;
}

const bodyOf = (call: FetchCall) => JSON.parse(String(call.init.body)) as unknown;

/** Issue 27: admins edit a restaurant's details and merge entries from its page. */
describe('RestaurantScreen admin actions', () => {
  afterEach(() => {
    act(() => toast.dismiss());
  });

  it('shows phone and website when set, and no admin buttons to others', async () => {
    renderPage(
      (call) =>
        call.url === '/api/restaurants/5'
          ? jsonResponse({ ...PLACE, phone: '+1 617 555 0100', website: 'https://nook.example.com/' })
          : never(),
      false,
    );
    await screen.findByRole('heading', { name: 'Noodle Nook', level: 1 });
    expect(screen.getByRole('link', { name: '+1 617 555 0100' })).toHaveAttribute('href', 'tel:+16175550100');
    expect(screen.getByRole('link', { name: /nook\.example\.com/ })).toHaveAttribute(
      'href',
      'https://nook.example.com/',
    );
    expect(screen.queryByRole('button', { name: 'Edit details' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Merge into…' })).toBeNull();
  });

  it('an admin edits the details: the server sentence on a bad value, then the page shows them', async () => {
    const sent: unknown[] = [];
    renderPage((call) => {
      if (call.method === 'PATCH' && call.url === '/api/restaurants/5') {
        const body = bodyOf(call) as { phone: string };
        sent.push(body);
        return body.phone === 'call me'
          ? jsonResponse({ statusCode: 400, message: 'Phone must be a phone number' }, 400)
          : jsonResponse({
              ...PLACE,
              ...(body as object),
              priceRange: '$$',
              priceRangeLabel: '$$ Mid-range',
            });
      }
      if (call.url === '/api/restaurants/5') return jsonResponse(PLACE);
      return never();
    }, true);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit details' });
    await user.type(within(dialog).getByLabelText('Cuisine'), 'Ramen');
    await user.selectOptions(within(dialog).getByLabelText('Price range'), '$$');
    await user.type(within(dialog).getByLabelText('Phone'), 'call me');
    await user.click(within(dialog).getByRole('button', { name: 'Save details' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Phone must be a phone number');
    expect(await screen.findByText('Failed to save restaurant details')).toBeVisible();

    await user.clear(within(dialog).getByLabelText('Phone'));
    await user.type(within(dialog).getByLabelText('Phone'), '617 555 0100');
    await user.click(within(dialog).getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Restaurant details saved')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent[1]).toEqual({
      cuisine: 'Ramen',
      priceRange: '$$',
      category: '',
      phone: '617 555 0100',
      website: '',
    });
    expect(screen.getByText('Ramen')).toBeVisible();
    expect(screen.getByText('$$ Mid-range')).toBeVisible();
  });

  it('an admin merges into an entry picked with the search and lands on the kept page', async () => {
    let mergedBody: unknown = null;
    renderPage((call) => {
      if (call.url.startsWith('/api/restaurants/search'))
        return jsonResponse([{ ...PLACE, ...OTHER, id: 5 }, OTHER]);
      if (call.method === 'POST' && call.url === '/api/restaurants/5/merge') {
        mergedBody = bodyOf(call);
        return jsonResponse({
          keptId: 9,
          removedId: 5,
          movedReviews: 1,
          deletedReviews: 0,
          movedSaves: 0,
          movedCheckIns: 0,
        });
      }
      if (call.url === '/api/restaurants/5') return jsonResponse(PLACE);
      if (call.url === '/api/restaurants/9')
        return jsonResponse({ ...PLACE, id: 9, name: 'The Noodle Nook', totalReviews: 5 });
      return never();
    }, true);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Merge into…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge into…' });
    expect(within(dialog).getByRole('button', { name: 'Merge' })).toBeDisabled();
    // The page's own entry is not offered.
    const choice = await within(dialog).findByRole('radio', { name: /The Noodle Nook/ });
    expect(within(dialog).getAllByRole('radio')).toHaveLength(1);
    await user.click(choice);
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(mergedBody).toEqual({ keepId: 9 }));
    expect(await screen.findByText('Restaurants merged')).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'The Noodle Nook', level: 1 })).toBeVisible();
  });
});
