import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FeedbackDto } from '@dinebuds/contracts';
import { callsOf, jsonResponse, mockFetch, never } from '@/test/fetch-mock';
import { makeUser, renderWithProviders } from '@/test/render';
import { FeedbackScreen } from './feedback-screen';

const admin = makeUser({ id: 9, username: 'root', isAdmin: true });

function feedback(id: number, type: FeedbackDto['type'], text: string, resolved = false): FeedbackDto {
  return {
    id,
    type,
    text,
    createdAt: '2026-11-20T10:00:00.000Z',
    resolved,
    resolvedAt: resolved ? '2026-11-21T10:00:00.000Z' : null,
    userId: 1,
    user: { id: 1, username: 'alice', name: 'Alice Adams', profilePicture: null },
  };
}

/** The server's GET /api/feedback: the type tab's page (limit/offset) and every type's count. */
function page(list: FeedbackDto[], url: string) {
  const query = new URL(url, 'http://x').searchParams;
  const type = query.get('type') ?? 'all';
  const matching = type === 'all' ? list : list.filter((item) => item.type === type);
  const offset = Number(query.get('offset') ?? 0);
  const limit = Number(query.get('limit') ?? 20);
  const count = (t: string) => list.filter((item) => item.type === t).length;
  return jsonResponse({
    feedback: matching.slice(offset, offset + limit),
    total: matching.length,
    counts: {
      all: list.length,
      suggestion: count('suggestion'),
      bug: count('bug'),
      compliment: count('compliment'),
      other: count('other'),
    },
  });
}

const items = [
  feedback(4, 'bug', 'The map is blank'),
  feedback(3, 'suggestion', 'Dark mode please'),
  feedback(2, 'suggestion', 'More cities', true),
  feedback(1, 'compliment', 'Love it'),
];

describe('FeedbackScreen', () => {
  it('shows Access Denied to a person who is not an admin, and reads nothing', async () => {
    const fetchMock = mockFetch(() => never());
    renderWithProviders(<FeedbackScreen />, { signedInAs: makeUser({ isAdmin: false }), route: '/feedback' });
    expect(screen.getByText('Access Denied')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to profile' })).toHaveAttribute('href', '/profile');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(callsOf(fetchMock).some((call) => call.startsWith('GET /api/feedback'))).toBe(false);
  });

  it('lists feedback under tabs with counts, and filters by type', async () => {
    const fetchMock = mockFetch((call) =>
      call.url.startsWith('/api/feedback') ? page(items, call.url) : never(),
    );
    renderWithProviders(<FeedbackScreen />, { signedInAs: admin, route: '/feedback' });

    expect(await screen.findByRole('tab', { name: 'All (4)' })).toHaveAttribute('aria-selected', 'true');
    for (const name of ['Suggestions (2)', 'Bugs (1)', 'Compliments (1)', 'Other (0)']) {
      expect(screen.getByRole('tab', { name })).toBeVisible();
    }
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByRole('listitem', { name: 'Feedback #2' })).toHaveTextContent('Resolved');
    expect(
      within(screen.getByRole('listitem', { name: 'Feedback #2' })).queryByRole('button', {
        name: 'Mark as Resolved',
      }),
    ).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Suggestions (2)' }));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getAllByRole('listitem')).toHaveLength(2);
    expect(panel).toHaveTextContent('Dark mode please');
    expect(panel).not.toHaveTextContent('The map is blank');

    expect(callsOf(fetchMock)).toContain('GET /api/feedback?type=suggestion&status=all&limit=20&offset=0');

    await user.click(screen.getByRole('tab', { name: 'Other (0)' }));
    expect(await screen.findByText('No feedback yet')).toBeVisible();
  });

  it('pages through a long list with the server: Showing 1-20 of 25, Next, Previous', async () => {
    const many = Array.from({ length: 25 }, (_, i) => feedback(25 - i, 'bug', `Bug number ${25 - i}`));
    const fetchMock = mockFetch((call) =>
      call.url.startsWith('/api/feedback') ? page(many, call.url) : never(),
    );
    renderWithProviders(<FeedbackScreen />, { signedInAs: admin, route: '/feedback' });
    expect(await screen.findByText('Showing 1-20 of 25')).toBeVisible();
    expect(screen.getAllByRole('listitem')).toHaveLength(20);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 21-25 of 25')).toBeVisible();
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(callsOf(fetchMock)).toContain('GET /api/feedback?type=all&status=all&limit=20&offset=20');

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Showing 1-20 of 25')).toBeVisible();
  });

  it('marks an item resolved with PUT /api/feedback/{id}/resolve and toasts Feedback resolved', async () => {
    let list = items;
    const fetchMock = mockFetch((call) => {
      if (call.method === 'PUT' && call.url === '/api/feedback/4/resolve') {
        const done = { ...items[0], resolved: true, resolvedAt: '2026-11-26T10:00:00.000Z' };
        list = [done, ...items.slice(1)];
        return jsonResponse(done);
      }
      if (call.url.startsWith('/api/feedback')) return page(list, call.url);
      return never();
    });
    renderWithProviders(<FeedbackScreen />, { signedInAs: admin, route: '/feedback' });
    const card = await screen.findByRole('listitem', { name: 'Feedback #4' });
    expect(card).toHaveTextContent('Pending');

    await userEvent.setup().click(within(card).getByRole('button', { name: 'Mark as Resolved' }));

    expect(await screen.findByText('Feedback resolved')).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('listitem', { name: 'Feedback #4' })).toHaveTextContent('Resolved'),
    );
    expect(
      within(screen.getByRole('listitem', { name: 'Feedback #4' })).queryByRole('button', {
        name: 'Mark as Resolved',
      }),
    ).not.toBeInTheDocument();
    expect(callsOf(fetchMock)).toContain('PUT /api/feedback/4/resolve');
  });

  it('toasts Failed to resolve feedback when the server refuses', async () => {
    mockFetch((call) => {
      if (call.method === 'PUT') {
        return jsonResponse(
          { statusCode: 409, message: 'This feedback is already resolved', error: 'Conflict' },
          409,
        );
      }
      if (call.url.startsWith('/api/feedback')) return page(items, call.url);
      return never();
    });
    renderWithProviders(<FeedbackScreen />, { signedInAs: admin, route: '/feedback' });
    const card = await screen.findByRole('listitem', { name: 'Feedback #3' });
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Mark as Resolved' }));
    expect(await screen.findByText('Failed to resolve feedback')).toBeVisible();
    expect(screen.getByText('This feedback is already resolved')).toBeVisible();
  });

  it('shows the error state when the list cannot be read', async () => {
    mockFetch(() => jsonResponse({ statusCode: 500, message: 'Internal server error', error: 'x' }, 500));
    renderWithProviders(<FeedbackScreen />, { signedInAs: admin, route: '/feedback' });
    expect(await screen.findByText('Failed to fetch feedback', {}, { timeout: 5000 })).toBeVisible();
  });
});
