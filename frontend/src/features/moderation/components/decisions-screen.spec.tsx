import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppealDto, ModerationDecisionDto } from '@dinebuds/contracts';
import { callsOf, jsonResponse, mockFetch, never } from '@/test/fetch-mock';
import { makeUser, renderWithProviders } from '@/test/render';
import { DecisionsScreen } from './decisions-screen';

const removed: ModerationDecisionDto = {
  reportId: null,
  auditEntryId: 12,
  action: 'review.deleted',
  type: 'review',
  contentId: 40,
  content: 'A 1-star review of restaurant #5',
  reportReason: null,
  decisionReason: 'Spam links',
  decidedAt: '2026-11-20T10:00:00.000Z',
  appeal: null,
};

const appealOf = (status: AppealDto['status'], decisionReason: string | null = null): AppealDto => ({
  id: 3,
  reportId: null,
  auditEntryId: 12,
  userId: 1,
  text: 'It was a real visit',
  status,
  createdAt: '2026-11-21T10:00:00.000Z',
  decidedAt: status === 'pending' ? null : '2026-11-22T10:00:00.000Z',
  decisionReason,
});

describe('DecisionsScreen', () => {
  it('lists a removed review with the reason, appeals it once at its action, and shows it pending', async () => {
    let decisions = [removed];
    const fetchMock = mockFetch((call) => {
      if (call.method === 'POST' && call.url === '/api/moderation/actions/12/appeal') {
        decisions = [{ ...removed, appeal: appealOf('pending') }];
        return jsonResponse(appealOf('pending'), 201);
      }
      if (call.url === '/api/moderation/decisions') return jsonResponse(decisions);
      return never();
    });
    renderWithProviders(<DecisionsScreen />, { signedInAs: makeUser(), route: '/moderation' });
    const card = await screen.findByRole('listitem', { name: 'An admin removed your review' });
    expect(card).toHaveTextContent('A 1-star review of restaurant #5');
    expect(card).toHaveTextContent('Spam links');

    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Appeal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Appeal this decision' });
    const send = within(dialog).getByRole('button', { name: 'Send appeal' });
    expect(send).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Why should it change?'), 'It was a real visit');
    await user.click(send);

    expect(await screen.findByText('Appeal sent')).toBeVisible();
    expect(await within(card).findByText('Your appeal is waiting for an admin.')).toBeVisible();
    expect(within(card).queryByRole('button', { name: 'Appeal' })).not.toBeInTheDocument();
    expect(callsOf(fetchMock)).toContain('POST /api/moderation/actions/12/appeal');
  });

  it('shows the outcome once an admin decided, and the empty state', async () => {
    mockFetch((call) =>
      call.url === '/api/moderation/decisions'
        ? jsonResponse([
            { ...removed, appeal: appealOf('overturned', 'Honest review') },
            {
              ...removed,
              auditEntryId: null,
              reportId: 8,
              action: 'report.resolved',
              type: 'user',
              reportReason: 'Spam',
              appeal: appealOf('upheld'),
            },
          ])
        : never(),
    );
    renderWithProviders(<DecisionsScreen />, { signedInAs: makeUser(), route: '/moderation' });
    expect(await screen.findByText('Appeal overturned: the decision was reversed.')).toBeVisible();
    expect(screen.getByText("Admin's note: Honest review")).toBeVisible();
    const report = screen.getByRole('listitem', { name: 'A report about your profile was upheld' });
    expect(report).toHaveTextContent('Appeal upheld: the decision stands.');
    expect(report).toHaveTextContent('Spam');
  });

  it('says when there is nothing, and shows the error state when the list cannot be read', async () => {
    mockFetch(() => jsonResponse([]));
    const { unmount } = renderWithProviders(<DecisionsScreen />, {
      signedInAs: makeUser(),
      route: '/moderation',
    });
    expect(await screen.findByText('No moderation decisions')).toBeVisible();
    unmount();
    mockFetch(() => jsonResponse({ statusCode: 500, message: 'Internal server error', error: 'x' }, 500));
    renderWithProviders(<DecisionsScreen />, { signedInAs: makeUser(), route: '/moderation' });
    expect(
      await screen.findByText('Failed to fetch moderation decisions', {}, { timeout: 5000 }),
    ).toBeVisible();
  });
});
