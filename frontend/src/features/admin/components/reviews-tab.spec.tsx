import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminReviewDto, AdminReviewListDto } from '@dinebuds/contracts';
import { callsOf, jsonResponse, mockFetch, never, type FetchCall } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { ReviewsTab } from './reviews-tab';

function review(
  id: number,
  rating: number,
  comment: string | null,
  visitDate: string | null = null,
): AdminReviewDto {
  return {
    id,
    userId: 7,
    restaurantId: 3,
    restaurant: {
      id: 3,
      name: 'Harbor Chowder House',
      address: '1 Main St',
      city: 'Boston',
      latitude: null,
      longitude: null,
      locationApproximate: true,
      photoUrl: '/api/restaurants/3/photo?v=0',
    },
    rating,
    notes: comment,
    comment,
    visitDate,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    user: { id: 7, username: 'bob', name: 'Bob Brown', profilePicture: null },
  };
}

const long = 'A very long comment about the chowder that goes on and on for quite a while';
const all: AdminReviewListDto = {
  reviews: [review(12, 5, null), review(11, 2, long, '2026-11-01')],
  total: 2,
  overall: 2,
};

function server(
  onDelete: (call: FetchCall) => Response | Promise<Response>,
  list: (url: string) => AdminReviewListDto = () => all,
) {
  return mockFetch((call) => {
    if (call.method === 'DELETE') return onDelete(call);
    if (call.url.startsWith('/api/admin/reviews')) return jsonResponse(list(call.url));
    return never();
  });
}

describe('ReviewsTab', () => {
  it('lists reviews with stars, truncated comment or "No comment", and the count', async () => {
    server(() => never());
    renderWithProviders(<ReviewsTab />);
    expect(await screen.findByText('Showing all 2 reviews')).toBeVisible();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('No comment');
    expect(within(rows[0]).getByRole('img', { name: '5 out of 5 stars' })).toBeVisible();
    expect(rows[1]).toHaveTextContent(`${long.slice(0, 50)}...`);
    expect(rows[1]).toHaveTextContent('Bob Brown (@bob)');
    expect(screen.getByRole('button', { name: /Delete Selected/ })).toBeDisabled();
  });

  it('searches and filters on the server, and shows the filtered count and empty copy', async () => {
    const fetchMock = server(
      () => never(),
      (url) =>
        url.includes('rating=1')
          ? { reviews: [], total: 0, overall: 2 }
          : url.includes('search')
            ? { reviews: [all.reviews[1]], total: 1, overall: 2 }
            : all,
    );
    const user = userEvent.setup();
    renderWithProviders(<ReviewsTab />);
    await screen.findByText('Showing all 2 reviews');
    await user.type(screen.getByRole('searchbox', { name: 'Search reviews' }), 'chowder');
    expect(await screen.findByText('Showing 1 of 2 reviews')).toBeVisible();
    expect(callsOf(fetchMock)).toContain('GET /api/admin/reviews?limit=100&search=chowder');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by rating' }), '1');
    expect(await screen.findByText('No reviews found matching your criteria.')).toBeVisible();
  });

  it('opens the details dialog on a row click with the full review', async () => {
    server(() => never());
    const user = userEvent.setup();
    renderWithProviders(<ReviewsTab />);
    await user.click(await screen.findByText(`${long.slice(0, 50)}...`));
    const dialog = await screen.findByRole('dialog', { name: 'Review details' });
    expect(dialog).toHaveTextContent('Harbor Chowder House');
    expect(dialog).toHaveTextContent('1 Main St, Boston');
    expect(dialog).toHaveTextContent('2 out of 5');
    expect(dialog).toHaveTextContent(long);
    expect(dialog).toHaveTextContent('2026-11-01');
    expect(within(dialog).getByRole('button', { name: 'Delete Review' })).toBeVisible();
    // The footer's Close (the dialog's corner X is named Close too).
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('bulk deletes the selection after the confirmation, one call per review', async () => {
    const fetchMock = server(() => jsonResponse({ message: 'Review deleted' }));
    const user = userEvent.setup();
    renderWithProviders(<ReviewsTab />);
    await user.click(await screen.findByRole('checkbox', { name: 'Select all reviews' }));
    await user.click(screen.getByRole('button', { name: 'Delete Selected (2)' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Are you sure you want to delete 2 review(s)?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Review(s) deleted successfully')).toBeVisible();
    expect(callsOf(fetchMock).filter((c) => c.startsWith('DELETE'))).toEqual([
      'DELETE /api/reviews/12',
      'DELETE /api/reviews/11',
    ]);
  });

  it('asks about one review from its row and shows the failure toast', async () => {
    server(() =>
      jsonResponse({ statusCode: 403, message: 'Only admins can do this', error: 'Forbidden' }, 403),
    );
    const user = userEvent.setup();
    renderWithProviders(<ReviewsTab />);
    await user.click(await screen.findByRole('button', { name: 'Delete review 11' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Are you sure you want to delete this review?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete review(s)')).toBeVisible();
  });

  it('says "No reviews found" when there are none at all', async () => {
    server(
      () => never(),
      () => ({ reviews: [], total: 0, overall: 0 }),
    );
    renderWithProviders(<ReviewsTab />);
    expect(await screen.findByText('No reviews found')).toBeVisible();
  });
});
