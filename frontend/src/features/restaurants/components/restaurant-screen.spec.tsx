import { describe, expect, it } from '@jest/globals';
import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { answerArrived, watchAnswerDelivery } from '@/test/answer-delivery';
import { jsonResponse, mockFetch, never } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { EMPTY_RESTAURANT } from './restaurant-fixture';
import { RestaurantScreen } from './restaurant-screen';

const RESTAURANT_URL = '/api/restaurants/5';

/** No automatic retry: each test decides what every read answers. */
const noRetry = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

function renderAt(route: string, queryClient = noRetry()) {
  return renderWithProviders(
    <Routes>
      <Route path="/restaurant/:restaurantId" element={<RestaurantScreen />} />
    </Routes>,
    { route, queryClient },
  );
}

async function expectNotFound() {
  expect(await screen.findByText('Restaurant Not Found')).toBeVisible();
  expect(screen.getByText("This restaurant doesn't exist or has been removed.")).toBeVisible();
  expect(screen.getByRole('link', { name: 'Go Back Home' })).toHaveAttribute('href', '/');
}

describe('RestaurantScreen (loading, not found, error)', () => {
  it('spins while the restaurant loads', () => {
    mockFetch(() => never());
    renderAt('/restaurant/5');
    expect(screen.getByRole('status', { name: 'Loading restaurant' })).toBeVisible();
  });

  it('says "not found" for a malformed id without asking the server', async () => {
    const fetchMock = mockFetch(() => never());
    renderAt('/restaurant/abc');
    await expectNotFound();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/restaurants'))).toEqual([]);
  });

  it.each([404, 400])('says "not found" when the server answers %i', async (status) => {
    mockFetch((call) =>
      call.url === RESTAURANT_URL ? jsonResponse({ statusCode: status, message: 'Nope' }, status) : never(),
    );
    renderAt('/restaurant/5');
    await expectNotFound();
  });

  it('shows any other failure with its message and a retry that reads again', async () => {
    let reads = 0;
    mockFetch((call) => {
      if (call.url !== RESTAURANT_URL) return never();
      reads += 1;
      return reads === 1 ? jsonResponse({ statusCode: 500, message: 'Database down' }, 500) : never();
    });
    const user = userEvent.setup();
    renderAt('/restaurant/5');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Couldn't load this restaurant");
    expect(alert).toHaveTextContent('Database down');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(reads).toBe(2));
  });
});

describe('RestaurantScreen (first paint, issue 28)', () => {
  it('does not build the page in the task that delivers the answer: React renders it in a transition', async () => {
    let queryClient: QueryClient | null = null;
    const watch = watchAnswerDelivery(
      answerArrived(
        () => queryClient,
        (data) => (data as { id?: number } | undefined)?.id === EMPTY_RESTAURANT.id,
      ),
      () => screen.queryByRole('heading', { name: 'Noodle Nook' }) !== null,
    );
    try {
      mockFetch((call) =>
        call.url === RESTAURANT_URL ? jsonResponse(EMPTY_RESTAURANT) : jsonResponse(null),
      );
      ({ queryClient } = renderAt('/restaurant/5'));
      expect(await screen.findByRole('heading', { name: 'Noodle Nook' })).toBeVisible();
      expect(watch.seen).toEqual([false]);
    } finally {
      watch.restore();
    }
  });
});
