import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminAppealDto } from '@dinebuds/contracts';
import { jsonResponse, mockFetch, never, type FetchCall } from '@/test/fetch-mock';
import { makeUser, renderWithProviders } from '@/test/render';
import { AppealsSection } from './appeals-section';

const appeal: AdminAppealDto = {
  id: 4,
  reportId: null,
  auditEntryId: 12,
  userId: 2,
  text: 'It was a real visit',
  status: 'pending',
  createdAt: '2026-11-20T10:00:00.000Z',
  decidedAt: null,
  decisionReason: null,
  user: { id: 2, username: 'bob', name: 'Bob Brown', profilePicture: null },
  action: 'review.deleted',
  type: 'review',
  contentId: 40,
  content: 'A 1-star review of restaurant #5',
  reason: 'Spam',
};

describe('AppealsSection', () => {
  it('lists pending appeals and overturns one for real, then it leaves the list', async () => {
    let pending = [appeal];
    const decided: FetchCall[] = [];
    mockFetch((call) => {
      if (call.method === 'POST' && call.url === '/api/admin/appeals/4/decide') {
        decided.push(call);
        pending = [];
        return jsonResponse({ ...appeal, status: 'overturned' });
      }
      if (call.url === '/api/admin/appeals?status=pending') return jsonResponse(pending);
      return never();
    });
    renderWithProviders(<AppealsSection />, { signedInAs: makeUser({ isAdmin: true }) });
    const card = await screen.findByRole('listitem', { name: 'Appeal #4' });
    expect(screen.getByRole('region', { name: 'Appeals (1)' })).toBeVisible();
    expect(card).toHaveTextContent('Review removed');
    expect(card).toHaveTextContent('Bob Brown (@bob)');
    expect(card).toHaveTextContent('It was a real visit');

    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Overturn' }));
    const confirm = await screen.findByRole('dialog', { name: 'Overturn this decision?' });
    await user.type(within(confirm).getByLabelText(/Note/), 'Honest review');
    await user.click(within(confirm).getByRole('button', { name: 'Overturn' }));

    expect(await screen.findByText('Appeal overturned')).toBeVisible();
    expect(JSON.parse(String(decided[0].init.body))).toEqual({
      outcome: 'overturned',
      reason: 'Honest review',
    });
    await waitFor(() => expect(screen.queryByRole('region', { name: /Appeals/ })).not.toBeInTheDocument());
  });

  it('shows nothing when no appeal waits', async () => {
    mockFetch((call) => (call.url === '/api/admin/appeals?status=pending' ? jsonResponse([]) : never()));
    const { container } = renderWithProviders(<AppealsSection />, {
      signedInAs: makeUser({ isAdmin: true }),
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container).not.toHaveTextContent('Appeals');
  });
});
