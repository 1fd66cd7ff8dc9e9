import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REVIEW_LIMITS, REVIEW_MESSAGES } from '@dinebuds/contracts';
import { deferred, jsonResponse, mockFetch, never } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { AddReviewSheet } from './add-review-sheet';

const initial = { restaurantName: 'Ramen Bar', address: '12 Main St, Chicago' };

describe('AddReviewSheet', () => {
  // A wide screen, so the sheet is a dialog: jsdom cannot lay out vaul's phone drawer.
  const narrowMatchMedia = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = (query: string) => ({ ...narrowMatchMedia(query), matches: true });
  });
  afterEach(() => {
    window.matchMedia = narrowMatchMedia;
  });

  it('asks for a rating under the stars before sending anything', async () => {
    const fetchMock = mockFetch(() => never());
    const user = userEvent.setup();
    renderWithProviders(<AddReviewSheet open onOpenChange={() => undefined} initial={initial} />);

    await user.click(screen.getByRole('button', { name: 'Submit Review' }));

    const stars = screen.getByRole('radiogroup', { name: 'Rating *' });
    const error = screen.getByText(REVIEW_MESSAGES.ratingRequired, { selector: '[role="alert"]' });
    expect(stars).toHaveAttribute('aria-describedby', error.id);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends rating and trimmed notes, says "Submitting..." meanwhile, then closes', async () => {
    const answer = deferred<Response>();
    const fetchMock = mockFetch((call) => (call.method === 'POST' ? answer.promise : never()));
    const onOpenChange = jest.fn();
    const user = userEvent.setup();
    renderWithProviders(<AddReviewSheet open onOpenChange={onOpenChange} initial={initial} />);

    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    const notes = screen.getByLabelText('Notes (Optional)') as HTMLTextAreaElement;
    expect(notes.tagName).toBe('TEXTAREA');
    expect(notes.maxLength).toBe(REVIEW_LIMITS.notesMax);
    await user.type(notes, '  Rich broth ');
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));

    const busy = await screen.findByRole('button', { name: 'Submitting...' });
    expect(busy).toBeDisabled();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ ...initial, rating: 4, notes: 'Rich broth' });

    answer.resolve(jsonResponse({ id: 9, restaurant: { locationApproximate: false } }, 201));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });
  it('offers known places while a name is typed; picking one sends its exact name and address', async () => {
    const known = { id: 7, name: 'Ramen Bar', address: '12 Main St, Chicago', city: 'chicago' };
    const fetchMock = mockFetch((call) => {
      if (call.url.startsWith('/api/restaurants/search?')) {
        const q = new URL(call.url, 'http://localhost').searchParams.get('q');
        return jsonResponse(q === 'Ramn bar' ? [{ ...known, averageRating: 4.5, totalReviews: 2 }] : []);
      }
      if (call.method === 'POST')
        return jsonResponse({ id: 9, restaurant: { locationApproximate: false } }, 201);
      return never();
    });
    const onOpenChange = jest.fn();
    const user = userEvent.setup();
    renderWithProviders(<AddReviewSheet open onOpenChange={onOpenChange} />);

    await user.type(screen.getByLabelText('Restaurant Name *'), 'Ramn bar');
    const matches = await screen.findByRole('list', { name: /Already on DineBuds/ });
    await user.click(within(matches).getByRole('button', { name: /Ramen Bar\s*12 Main St, Chicago/ }));

    expect(screen.getByLabelText('Restaurant Name *')).toHaveValue('Ramen Bar');
    expect(screen.getByLabelText(/^Address \*/)).toHaveValue('12 Main St, Chicago');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your review will be added to Ramen Bar at 12 Main St, Chicago.',
    );
    expect(screen.queryByRole('list', { name: /Already on DineBuds/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      restaurantName: 'Ramen Bar',
      address: '12 Main St, Chicago',
      rating: 5,
      notes: null,
    });
  });

  it('offers nothing for the page’s own place or under the search’s minimum length', async () => {
    const fetchMock = mockFetch(() => never());
    const user = userEvent.setup();
    renderWithProviders(<AddReviewSheet open onOpenChange={() => undefined} initial={initial} />);
    await user.click(screen.getByRole('radio', { name: '3 stars' }));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fetchMock).not.toHaveBeenCalled();

    const name = screen.getByLabelText('Restaurant Name *');
    await user.clear(name);
    await user.type(name, 'R');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
