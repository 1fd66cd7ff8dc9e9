import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReportedMessageDto } from '@dinebuds/contracts';
import { callsOf, jsonResponse, mockFetch, never } from '@/test/fetch-mock';
import { makeUser, renderWithProviders } from '@/test/render';
import { MessagesTab } from './messages-tab';

const long = 'x'.repeat(120);
const reported: ReportedMessageDto = {
  id: 77,
  content: long,
  messageType: 'text',
  reportReason: 'Harassment and threats',
  createdAt: '2026-11-20T10:00:00.000Z',
  reportedAt: '2026-11-20T11:00:00.000Z',
  senderId: 2,
  receiverId: 1,
  sender: { id: 2, username: 'bob', name: 'Bob Brown', profilePicture: null },
  receiver: { id: 1, username: 'alice', name: 'Alice Adams', profilePicture: null },
};

describe('MessagesTab', () => {
  it('cuts the message at 50 and the reason at 15, and dismisses a report for real', async () => {
    let pending = [reported];
    const fetchMock = mockFetch((call) => {
      if (call.method === 'POST') {
        pending = [];
        return jsonResponse({ message: 'Report dismissed' });
      }
      if (call.url.startsWith('/api/admin/messages/reported')) return jsonResponse(pending);
      return never();
    });
    renderWithProviders(<MessagesTab />, { signedInAs: makeUser({ isAdmin: true }) });
    expect(await screen.findByText(`${'x'.repeat(50)}...`)).toBeVisible();
    expect(screen.getByText('Harassment and ...')).toBeVisible();
    expect(screen.getByText('Alice Adams (@alice)')).toBeVisible();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'View Details' }));
    const details = await screen.findByRole('dialog', { name: 'Reported message' });
    expect(within(details).getByText(`${'x'.repeat(100)}...`)).toBeVisible();
    await user.click(within(details).getByRole('button', { name: 'Show full content' }));
    expect(within(details).getByText(long)).toBeVisible();
    await user.click(within(details).getByRole('button', { name: 'Dismiss Report' }));
    const confirm = await screen.findByRole('dialog', { name: 'Dismiss this report?' });
    await user.click(within(confirm).getByRole('button', { name: 'Dismiss Report' }));

    expect(await screen.findByText('Report dismissed')).toBeVisible();
    expect(callsOf(fetchMock)).toContain('POST /api/admin/messages/77/dismiss');
    expect(await screen.findByText('No reported messages')).toBeVisible();
  });
});
