import { describe, expect, it } from '@jest/globals';
import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { callsOf, jsonResponse, mockFetch, never } from '@/test/fetch-mock';
import { makeUser, renderWithProviders } from '@/test/render';
import { TasteMatchCard } from './taste-match-card';

const me = makeUser({ id: 1 });
const noRetry = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

function renderCard(enabled = true) {
  return renderWithProviders(<TasteMatchCard userId={7} name="Bruno Bistro" enabled={enabled} />, {
    signedInAs: me,
    queryClient: noRetry(),
  });
}

describe('TasteMatchCard', () => {
  it('shows the percentage and what it comes from', async () => {
    mockFetch((call) =>
      call.url === '/api/users/7/taste-match'
        ? jsonResponse({
            userId: 7,
            tasteMatch: 82,
            sharedRestaurants: 4,
            minimumShared: 3,
            meanStarDifference: 0.75,
          })
        : never(),
    );
    renderCard();
    expect(await screen.findByText('82%')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Taste match with Bruno Bistro' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Taste match' })).toBeVisible();
    expect(
      screen.getByText('From the 4 restaurants you both reviewed, 0.8 stars apart on average.'),
    ).toBeVisible();
  });

  it('says how many shared places it needs when there are too few', async () => {
    mockFetch(() =>
      jsonResponse({
        userId: 7,
        tasteMatch: null,
        sharedRestaurants: 1,
        minimumShared: 3,
        meanStarDifference: 1,
      }),
    );
    renderCard();
    expect(
      await screen.findByText(
        'Not enough in common yet: you both reviewed 1 restaurant; a taste match needs 3.',
      ),
    ).toBeVisible();
  });

  it('shows nothing when the server refuses (a private profile I do not follow)', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ message: 'This profile is private' }, 403));
    renderCard();
    expect(screen.getByText('Comparing your reviews…')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('heading', { name: /Taste match/ })).toBeNull());
    expect(callsOf(fetchMock)).toEqual(['GET /api/users/7/taste-match']);
  });

  it('asks nothing while their reviews are hidden from me', () => {
    const fetchMock = mockFetch(() => never());
    renderCard(false);
    expect(screen.queryByRole('heading', { name: /Taste match/ })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
