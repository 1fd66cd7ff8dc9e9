import { describe, expect, it } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConversationPreviewDto } from '@dinebuds/contracts';
import { jsonResponse, mockFetch, never } from '@/test/fetch-mock';
import { makeUser, renderWithProviders } from '@/test/render';
import { CONVERSATIONS_PAGE_SIZE } from '../api/get-conversations';
import { formatMonthDay } from '../lib/message-time';
import { UnreadBadge } from './unread-badge';
import { MessagesScreen } from './messages-screen';
import { MessagesTab } from './messages-tab';

const me = makeUser({ id: 1, username: 'alice', name: 'Alice Adams' });

function preview(overrides: Partial<ConversationPreviewDto>): ConversationPreviewDto {
  return {
    userId: 2,
    username: 'bob',
    name: 'Bob Brown',
    profilePicture: null,
    lastMessage: 'See you there',
    lastMessageId: 10,
    lastMessageType: 'text',
    lastMessageSenderId: 2,
    lastMessageTime: '2025-03-07T18:30:00.000Z',
    unreadCount: 0,
    unread: false,
    deactivated: false,
    ...overrides,
  };
}

const ROWS = [
  preview({ userId: 2, username: 'bob', name: 'Bob Brown', unreadCount: 3, unread: true }),
  preview({
    userId: 3,
    username: 'carol',
    name: 'Carol Chen',
    lastMessage: "Let's go to Chez Panisse soon!",
    lastMessageType: 'restaurant_share',
    lastMessageSenderId: 1,
    lastMessageTime: '2025-02-01T12:00:00.000Z',
  }),
];

function serve(rows: ConversationPreviewDto[], unread = 0) {
  return mockFetch((call) => {
    if (call.url.startsWith('/api/messages/conversations')) return jsonResponse(rows);
    if (call.url === '/api/messages/unread-count') return jsonResponse({ count: unread });
    return never();
  });
}

const row = (name: string) =>
  within(screen.getByRole('list', { name: 'Conversations' }))
    .getAllByRole('listitem')
    .find((item) => item.textContent?.includes(name))!;

describe('the Messages tab of /social', () => {
  it('previews each conversation: avatar, name, last message, month-day date, unread dot and bold', async () => {
    const fetchMock = serve(ROWS);
    renderWithProviders(<MessagesTab meId={me.id} />, { signedInAs: me });

    expect(await screen.findByRole('heading', { name: 'Your Messages' })).toBeVisible();
    await screen.findByRole('list', { name: 'Conversations' });
    const bob = row('Bob Brown');
    expect(bob).toHaveTextContent('See you there');
    expect(bob).toHaveTextContent(formatMonthDay(ROWS[0].lastMessageTime));
    expect(within(bob).getByText("Bob Brown's avatar")).toBeInTheDocument();
    expect(within(bob).getByTestId('unread-dot')).toHaveTextContent('3 unread');
    expect(within(bob).getByRole('button')).toHaveClass('conversation--unread');

    const carol = row('Carol Chen');
    expect(within(carol).queryByTestId('unread-dot')).toBeNull();
    expect(within(carol).getByRole('button')).not.toHaveClass('conversation--unread');
    expect(carol).toHaveTextContent("You: Let's go to Chez Panisse soon!");
    expect(within(carol).getByText('Chez Panisse').tagName).toBe('U');
    expect(fetchMock.mock.calls[0][0]).toBe('/api/messages/conversations?limit=100');
  });

  it('reads the next page after the last row when asked (Load more), until a short page', async () => {
    const firstPage = Array.from({ length: CONVERSATIONS_PAGE_SIZE }, (_, i) =>
      preview({ userId: 100 + i, username: `bud${i}`, name: `Bud ${i}`, lastMessageId: 1000 - i }),
    );
    const fetchMock = mockFetch((call) => {
      if (call.url === `/api/messages/conversations?limit=${CONVERSATIONS_PAGE_SIZE}`)
        return jsonResponse(firstPage);
      if (call.url === `/api/messages/conversations?limit=${CONVERSATIONS_PAGE_SIZE}&before=901`)
        return jsonResponse([
          preview({ userId: 7, username: 'oldest', name: 'Oldest Pal', lastMessageId: 5 }),
        ]);
      if (call.url === '/api/messages/unread-count') return jsonResponse({ count: 0 });
      return never();
    });
    const user = userEvent.setup();
    renderWithProviders(<MessagesTab meId={me.id} />, { signedInAs: me });
    await screen.findByRole('list', { name: 'Conversations' });
    expect(screen.queryByText('Oldest Pal')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Oldest Pal')).toBeVisible();
    expect(within(screen.getByRole('list', { name: 'Conversations' })).getAllByRole('listitem')).toHaveLength(
      CONVERSATIONS_PAGE_SIZE + 1,
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
      `/api/messages/conversations?limit=${CONVERSATIONS_PAGE_SIZE}&before=901`,
    );
  });

  it("says when the other person's account is deactivated", async () => {
    serve([preview({ deactivated: true })]);
    renderWithProviders(<MessagesTab meId={me.id} />, { signedInAs: me });
    await screen.findByRole('list', { name: 'Conversations' });
    expect(row('Bob Brown')).toHaveTextContent('Deactivated account');
  });

  it("opens a deactivated person's conversation without a message box", async () => {
    mockFetch((call) => {
      if (call.url.startsWith('/api/messages/conversations'))
        return jsonResponse([preview({ deactivated: true })]);
      if (call.url === '/api/messages/conversation/1/2') return jsonResponse([]);
      if (call.url === '/api/messages/mark-read/2') return jsonResponse({ count: 0 });
      return never();
    });
    const user = userEvent.setup();
    renderWithProviders(<MessagesTab meId={me.id} />, { signedInAs: me });
    await user.click(await screen.findByRole('button', { name: /Bob Brown/ }));
    const chat = await screen.findByRole('dialog', { name: 'Bob Brown' });
    expect(
      await within(chat).findByText("Bob Brown's account is deactivated: they cannot be messaged."),
    ).toBeVisible();
    expect(within(chat).queryByRole('textbox')).toBeNull();
  });

  it('says "No Messages Yet" with its text when there is no conversation', async () => {
    serve([]);
    renderWithProviders(<MessagesTab meId={me.id} />, { signedInAs: me });
    expect(await screen.findByText('No Messages Yet')).toBeVisible();
    expect(
      screen.getByText('Connect with DineBuds by following users and sending them messages.'),
    ).toBeVisible();
  });

  it('opens the conversation of a row (the full-screen chat on a phone)', async () => {
    mockFetch((call) => {
      if (call.url.startsWith('/api/messages/conversations')) return jsonResponse(ROWS);
      if (call.url === '/api/messages/conversation/1/2') return jsonResponse([]);
      if (call.url === '/api/messages/mark-read/2') return jsonResponse({ count: 3 });
      return never();
    });
    const user = userEvent.setup();
    renderWithProviders(<MessagesTab meId={me.id} />, { signedInAs: me });

    await user.click(await screen.findByRole('button', { name: /Bob Brown/ }));
    const chat = await screen.findByRole('dialog', { name: 'Bob Brown' });
    expect(await within(chat).findByText('No messages yet. Say hello!')).toBeVisible();
    await user.click(within(chat).getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('/messages', () => {
  it('offers Find People (to /search) when there is no conversation', async () => {
    serve([]);
    renderWithProviders(<MessagesScreen />, { signedInAs: me });
    expect(await screen.findByRole('heading', { name: 'Messages' })).toBeVisible();
    expect(await screen.findByRole('link', { name: 'Find People' })).toHaveAttribute('href', '/search');
  });

  it('lists the conversations', async () => {
    serve(ROWS);
    renderWithProviders(<MessagesScreen />, { signedInAs: me });
    await screen.findByRole('list', { name: 'Conversations' });
    expect(row('Carol Chen')).toBeVisible();
  });
});

describe('UnreadBadge', () => {
  it('shows the count, 99+ above 99, and nothing at 0', async () => {
    serve([], 7);
    const { unmount } = renderWithProviders(<UnreadBadge />, { signedInAs: me });
    expect(await screen.findByTestId('unread-badge')).toHaveTextContent('7');
    unmount();

    serve([], 120);
    const second = renderWithProviders(<UnreadBadge />, { signedInAs: me });
    const badge = await screen.findByTestId('unread-badge');
    expect(badge).toHaveTextContent('99+');
    expect(badge).toHaveTextContent('120 unread');
    second.unmount();

    const fetchMock = serve([], 0);
    renderWithProviders(<UnreadBadge />, { signedInAs: me });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByTestId('unread-badge')).toBeNull();
  });

  it('asks nothing while signed out', () => {
    const fetchMock = serve([], 3);
    renderWithProviders(<UnreadBadge />);
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('unread'))).toBe(false);
  });
});
