import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ActivityResponse } from '@dinebuds/contracts';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { makeUser, renderWithProviders } from '@/test/render';
import { ActivityTab } from './activity-tab';

const PLACE = {
  id: 4,
  name: 'Taco Town',
  address: '1 Main St, Austin, TX',
  city: 'Austin',
  latitude: null,
  longitude: null,
  locationApproximate: false,
  photoUrl: '/api/restaurants/4/photo?v=0',
};

const ACTIVITY: ActivityResponse = {
  items: [
    {
      id: 'status-3',
      type: 'status',
      restaurantId: null,
      restaurant: null,
      createdAt: '2026-11-20T12:00:00.000Z',
      message: 'Craving dumplings',
      rating: null,
    },
    {
      id: 'checkin-2',
      type: 'checkin',
      restaurantId: 4,
      restaurant: PLACE,
      createdAt: '2026-11-19T12:00:00.000Z',
      message: 'Best tacos in town',
      rating: null,
    },
    {
      id: 'review-1',
      type: 'review',
      restaurantId: 4,
      restaurant: PLACE,
      createdAt: '2026-11-18T12:00:00.000Z',
      message: null,
      rating: 4,
    },
  ],
  counts: { all: 3, reviews: 1, checkins: 1, saves: 0, statuses: 2 },
};

/** Spec 1 §Activity: a status posted alone is an item too, under All and Statuses. */
describe('ActivityTab', () => {
  it('lists a status without a place; Statuses shows it and the check-in with a status line', async () => {
    mockFetch(() => jsonResponse(ACTIVITY));
    const user = userEvent.setup();
    renderWithProviders(<ActivityTab userId={9} search="" />, { signedInAs: makeUser({ id: 1 }) });
    const list = await screen.findByRole('list', { name: 'Activity' });
    const items = () => within(list).getAllByRole('listitem');
    expect(items()).toHaveLength(3);
    expect(items()[0]).toHaveTextContent('Shared a status');
    expect(within(items()[0]!).queryByRole('link')).toBeNull();
    expect(items()[0]).toHaveTextContent('Craving dumplings');

    await user.click(screen.getByRole('button', { name: 'Statuses (2)' }));
    expect(items().map((item) => item.textContent)).toEqual([
      expect.stringContaining('Craving dumplings'),
      expect.stringContaining('Best tacos in town'),
    ]);
    await user.click(screen.getByRole('button', { name: 'Reviews (1)' }));
    expect(items()).toHaveLength(1);
  });

  it('a city search leaves statuses out (they have no place)', async () => {
    mockFetch(() => jsonResponse(ACTIVITY));
    renderWithProviders(<ActivityTab userId={9} search="austin" />, { signedInAs: makeUser({ id: 1 }) });
    const list = await screen.findByRole('list', { name: 'Activity' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(list).not.toHaveTextContent('Craving dumplings');
  });
});
