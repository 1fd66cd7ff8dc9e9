import { afterEach, describe, expect, it } from '@jest/globals';
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { Route, Routes } from 'react-router-dom';
import { jsonResponse, mockFetch, never } from '@/test/fetch-mock';
import { makeUser, renderWithProviders } from '@/test/render';
import { EMPTY_RESTAURANT } from './restaurant-fixture';
import { RestaurantScreen } from './restaurant-screen';

const PLACE = EMPTY_RESTAURANT;

/** The restaurant page of PLACE (id 5), signed in, without query retries. */
function renderPage() {
  renderWithProviders(
    <Routes>
      <Route path="/restaurant/:restaurantId" element={<RestaurantScreen />} />
    </Routes>,
    {
      route: '/restaurant/5',
      signedInAs: makeUser(),
      queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    },
  );
}

/** Spec 2 §8: the detail page's save toggle names the place in both toasts. */
describe('RestaurantScreen save toggle', () => {
  afterEach(() => {
    act(() => toast.dismiss());
  });

  it('says "Restaurant saved" and "Restaurant removed from saved list" with the name', async () => {
    let saved = false;
    mockFetch((call) => {
      if (call.url === '/api/restaurants/5') return jsonResponse({ ...PLACE, isSaved: saved });
      if (call.method === 'POST' && call.url === '/api/restaurants/5/toggle-save') {
        saved = !saved;
        return jsonResponse({ restaurantId: 5, isSaved: saved, saved });
      }
      return never();
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Noodle Nook', level: 1 });

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Restaurant saved')).toBeVisible();
    await screen.findByRole('button', { name: 'Saved' });

    await user.click(screen.getByRole('button', { name: 'Saved' }));
    expect(await screen.findByText('Restaurant removed from saved list')).toBeVisible();
    expect(screen.getAllByText('Noodle Nook').length).toBeGreaterThan(1);
  });
  it('says "Failed to save restaurant" or "Failed to unsave restaurant" and reverts', async () => {
    let saved = false;
    mockFetch((call) => {
      if (call.url === '/api/restaurants/5') return jsonResponse({ ...PLACE, isSaved: saved });
      if (call.method === 'POST' && call.url === '/api/restaurants/5/toggle-save')
        return jsonResponse({ message: 'Down' }, 500);
      return never();
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Noodle Nook', level: 1 });

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to save restaurant. Please try again.')).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Save' })).toHaveAttribute('aria-pressed', 'false');
    act(() => toast.dismiss());

    saved = true;
    cleanup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Saved' }));
    expect(await screen.findByText('Failed to unsave restaurant. Please try again.')).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
  });
});
