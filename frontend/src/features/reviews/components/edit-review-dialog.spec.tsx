import { describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReviewDto } from '@dinebuds/contracts';
import { REVIEW_LIMITS, REVIEW_MESSAGES } from '@dinebuds/contracts';
import { deferred, jsonResponse, mockFetch, never } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { EditReviewDialog } from './edit-review-dialog';

function makeReview(overrides: Partial<ReviewDto> = {}): ReviewDto {
  return {
    id: 7,
    userId: 1,
    restaurantId: 3,
    restaurant: {
      id: 3,
      name: 'Ramen Bar',
      address: '12 Main St, Chicago',
      city: 'Chicago',
      latitude: null,
      longitude: null,
      locationApproximate: false,
      photoUrl: '/api/restaurants/3/photo?v=0',
    },
    rating: 3,
    notes: 'Good',
    comment: 'Good',
    visitDate: null,
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('EditReviewDialog', () => {
  it('asks for a rating under the stars when the review has none', async () => {
    const fetchMock = mockFetch(() => never());
    const user = userEvent.setup();
    renderWithProviders(
      <EditReviewDialog review={makeReview({ rating: 0 })} open onOpenChange={() => undefined} />,
    );

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    const stars = screen.getByRole('radiogroup', { name: 'Rating *' });
    const error = screen.getByText(REVIEW_MESSAGES.ratingRequired, { selector: '[role="alert"]' });
    expect(stars).toHaveAttribute('aria-describedby', error.id);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('starts from the review, sends the change, says "Saving..." meanwhile, then closes', async () => {
    const answer = deferred<Response>();
    const fetchMock = mockFetch((call) => (call.method === 'PATCH' ? answer.promise : never()));
    const onOpenChange = jest.fn();
    const user = userEvent.setup();
    renderWithProviders(<EditReviewDialog review={makeReview()} open onOpenChange={onOpenChange} />);

    expect(screen.getByRole('radio', { name: '3 stars' })).toHaveAttribute('aria-checked', 'true');
    const notes = screen.getByLabelText('Notes (Optional)') as HTMLTextAreaElement;
    expect(notes).toHaveValue('Good');
    expect(notes.maxLength).toBe(REVIEW_LIMITS.notesMax);
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    await user.clear(notes);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    const busy = await screen.findByRole('button', { name: 'Saving...' });
    expect(busy).toBeDisabled();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(String(patch?.[0])).toBe('/api/reviews/7');
    // Emptied notes are sent as null.
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ rating: 5, notes: null });

    answer.resolve(jsonResponse(makeReview({ rating: 5, notes: null })));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });
});
