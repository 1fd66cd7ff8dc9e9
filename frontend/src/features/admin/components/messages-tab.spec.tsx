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

  it('View Conversation shows the real messages around the reported one, marked', async () => {
    const message = (id: number, senderId: number, content: string) => ({
      id,
      senderId,
      receiverId: senderId === 2 ? 1 : 2,
      content,
      messageType: 'text' as const,
      read: true,
      reported: id === 77,
      reportReason: id === 77 ? 'Harassment and threats' : null,
      createdAt: '2026-11-20T10:00:00.000Z',
      restaurantId: null,
      restaurantName: null,
      pollId: null,
      sender: { id: senderId, username: 'x', name: 'x', profilePicture: null },
    });
    const fetchMock = mockFetch((call) => {
      if (call.url === '/api/admin/messages/77/conversation') {
        return jsonResponse({
          messageId: 77,
          senderId: 2,
          receiverId: 1,
          messages: [message(76, 2, 'Hello there'), message(77, 2, long), message(78, 1, 'Please stop')],
        });
      }
      if (call.url.startsWith('/api/admin/messages/reported')) return jsonResponse([reported]);
      return never();
    });
    renderWithProviders(<MessagesTab />, { signedInAs: makeUser({ isAdmin: true }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'View Conversation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Conversation' });
    const items = await within(dialog).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Hello there'),
      expect.stringContaining(long),
      expect.stringContaining('Please stop'),
    ]);
    expect(items[1]).toHaveAttribute('aria-current', 'true');
    expect(items[1]).toHaveTextContent('Reported');
    expect(items[0]).toHaveTextContent('Bob Brown (@bob)');
    expect(items[2]).toHaveTextContent('Alice Adams (@alice)');
    expect(callsOf(fetchMock)).toContain('GET /api/admin/messages/77/conversation');
  });
});
