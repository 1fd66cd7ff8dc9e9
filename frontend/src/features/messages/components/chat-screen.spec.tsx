import { afterEach, describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { MessageDto } from '@dinebuds/contracts';
import { jsonResponse, mockFetch, never, type FetchCall } from '@/test/fetch-mock';
import { makeUser, renderWithProviders } from '@/test/render';
import { formatTime } from '../lib/message-time';
import { message } from '../test-fixtures';
import { ChatScreen } from './chat-screen';
import { UnreadBadge } from './unread-badge';

const me = makeUser({ id: 1, username: 'alice', name: 'Alice Adams' });
const bob = { id: 2, username: 'bob', name: 'Bob Brown', profilePicture: null };

const THREAD = [
  message({ id: 1, senderId: 2, content: 'Dinner tonight?' }),
  message({ id: 2, senderId: 1, content: 'Sure!', createdAt: '2025-03-07T18:07:00.000Z', read: true }),
  message({
    id: 3,
    senderId: 2,
    content: "Let's go to Nopa soon!",
    messageType: 'restaurant_share',
    restaurantId: 42,
    restaurantName: 'Nopa',
  }),
];

/** The server; `post` answers every POST (sends, mark-read, reports). */
function server(
  thread: MessageDto[],
  post: (call: FetchCall) => Response | Promise<Response> = () => never(),
) {
  return mockFetch((call) => {
    if (call.method === 'GET' && call.url === '/api/messages/conversation/1/2') return jsonResponse(thread);
    if (call.method === 'POST' && call.url === '/api/messages/mark-read/2') return jsonResponse({ count: 1 });
    if (call.method === 'POST') return post(call);
    return never();
  });
}

const posts = (fetchMock: ReturnType<typeof mockFetch>, url: string) =>
  fetchMock.mock.calls
    .filter(([input, init]) => String(input) === url && init?.method === 'POST')
    .map(([, init]) => (init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined));

function renderChat(onClose: () => void = () => undefined) {
  return renderWithProviders(<ChatScreen partner={bob} onClose={onClose} />, {
    signedInAs: me,
    route: '/profile/bob',
  });
}

describe('the full-screen chat', () => {
  afterEach(() => {
    act(() => toast.dismiss());
  });

  it('shows back, avatar, name, @username link and the thread with h:mm a times and restaurant links', async () => {
    server(THREAD);
    renderChat();
    const chat = await screen.findByRole('dialog', { name: 'Bob Brown' });
    expect(within(chat).getByRole('button', { name: 'Back' })).toBeVisible();
    expect(within(chat).getByText("Bob Brown's avatar")).toBeInTheDocument();
    expect(within(chat).getByRole('link', { name: '@bob' })).toHaveAttribute('href', '/profile/bob');
    expect(within(chat).getByRole('button', { name: 'Conversation actions' })).toBeVisible();

    const log = within(chat).getByRole('log', { name: 'Messages' });
    expect(await within(log).findByText('Dinner tonight?')).toBeVisible();
    expect(log).toHaveTextContent(formatTime(THREAD[0].createdAt));
    expect(log).toHaveTextContent('Seen');
    expect(within(log).getByRole('link', { name: 'Nopa' })).toHaveAttribute('href', '/restaurant/42');
    expect(within(chat).getByPlaceholderText('Message...')).toBeVisible();
  });

  it('says "No messages yet. Say hello!", marks the conversation read and refreshes the unread count', async () => {
    let unread = 4;
    let countReads = 0;
    const fetchMock = mockFetch((call) => {
      if (call.url === '/api/messages/conversation/1/2') return jsonResponse([]);
      if (call.url === '/api/messages/unread-count') {
        countReads += 1;
        return jsonResponse({ count: unread });
      }
      if (call.url === '/api/messages/mark-read/2') {
        unread = 0;
        return jsonResponse({ count: 4 });
      }
      return never();
    });
    renderWithProviders(
      <>
        <UnreadBadge />
        <ChatScreen partner={bob} onClose={() => undefined} />
      </>,
      { signedInAs: me },
    );
    expect(await screen.findByText('No messages yet. Say hello!')).toBeVisible();
    await waitFor(() => expect(posts(fetchMock, '/api/messages/mark-read/2')).not.toHaveLength(0));
    await waitFor(() => expect(screen.queryByTestId('unread-badge')).toBeNull());
    expect(countReads).toBeGreaterThanOrEqual(2);
  });

  it('sends with Enter, adds a line with Shift+Enter and never sends a blank message', async () => {
    const thread: MessageDto[] = [];
    const fetchMock = server(thread, (call) => {
      if (call.url !== '/api/messages/send') return never();
      thread.push(message({ id: 9, senderId: 1, content: 'Hi Bob\nsee you' }));
      return jsonResponse(thread[0], 201);
    });
    const user = userEvent.setup();
    renderChat();
    const box = await screen.findByRole('textbox', { name: 'Message' });

    await user.type(box, '   {Enter}');
    expect(posts(fetchMock, '/api/messages/send')).toEqual([]);
    await user.clear(box);
    await user.type(box, 'Hi Bob{Shift>}{Enter}{/Shift}see you');
    expect(box).toHaveValue('Hi Bob\nsee you');
    expect(posts(fetchMock, '/api/messages/send')).toEqual([]);

    await user.type(box, '{Enter}');
    await waitFor(() => expect(box).toHaveValue(''));
    const [sent] = posts(fetchMock, '/api/messages/send') as Record<string, unknown>[];
    expect(sent).toMatchObject({ receiverId: 2, content: 'Hi Bob\nsee you', messageType: 'text' });
    expect(sent.clientMessageId).toEqual(expect.stringMatching(/^[A-Za-z0-9_-]{1,64}$/));
    expect(await within(screen.getByRole('log')).findByText(/see you/)).toBeVisible();
  });

  it('says "Error sending message" with the reason and keeps the text when a send fails', async () => {
    server([], () => jsonResponse({ statusCode: 403, message: 'You cannot message this user' }, 403));
    const user = userEvent.setup();
    renderChat();
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(box, 'Hello?{Enter}');
    expect(await screen.findByText('Error sending message')).toBeVisible();
    expect(screen.getByText('You cannot message this user')).toBeVisible();
    expect(box).toHaveValue('Hello?');
  });

  it('says the spec sentence when the server fails without a reason for the user', async () => {
    server([], () => jsonResponse({ statusCode: 500, message: 'Internal server error' }, 500));
    const user = userEvent.setup();
    renderChat();
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Hello?{Enter}');
    expect(await screen.findByText('Failed to send message. Please try again.')).toBeVisible();
  });

  it('reports a received message by right-click, with a reason', async () => {
    const fetchMock = server(THREAD, (call) =>
      call.url === '/api/messages/report/1' ? jsonResponse({ message: 'Message reported' }) : never(),
    );
    const user = userEvent.setup();
    renderChat();
    const received = await screen.findByText('Dinner tonight?');
    // Own messages are not reported.
    fireEvent.contextMenu(screen.getByText('Sure!'));
    expect(screen.queryByRole('dialog', { name: 'Report message' })).toBeNull();

    fireEvent.contextMenu(received);
    const dialog = await screen.findByRole('dialog', { name: 'Report message' });
    const report = within(dialog).getByRole('button', { name: 'Report' });
    expect(report).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), '   ');
    expect(report).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Spam');
    await user.click(report);

    expect(await screen.findByText('Message reported')).toBeVisible();
    expect(screen.getByText('Thank you for your report. Our team will review it.')).toBeVisible();
    expect(posts(fetchMock, '/api/messages/report/1')).toEqual([{ reason: 'Spam' }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Report message' })).toBeNull());
  });

  it('reports by a long press on a phone', async () => {
    server(THREAD);
    renderChat();
    const received = await screen.findByText('Dinner tonight?');
    fireEvent.touchStart(received);
    expect(await screen.findByRole('dialog', { name: 'Report message' }, { timeout: 2000 })).toBeVisible();
  });

  it('loads earlier messages when the newest page is full', async () => {
    const newest = Array.from({ length: 100 }, (_, index) =>
      message({ id: 101 + index, content: `Message ${101 + index}` }),
    );
    const earlier = [
      message({ id: 99, content: 'The very first' }),
      message({ id: 100, content: 'Message 100' }),
    ];
    const fetchMock = mockFetch((call) => {
      if (call.url === '/api/messages/conversation/1/2') return jsonResponse(newest);
      if (call.url === '/api/messages/conversation/1/2?beforeId=101') return jsonResponse(earlier);
      if (call.url === '/api/messages/mark-read/2') return jsonResponse({ count: 0 });
      return never();
    });
    const user = userEvent.setup();
    renderChat();
    await screen.findByText('Message 200');
    expect(screen.queryByText('The very first')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    expect(await screen.findByText('The very first')).toBeVisible();
    const log = screen.getByRole('log');
    expect(log.querySelectorAll('li.message')).toHaveLength(102);
    expect(log.querySelector('li.message')).toHaveTextContent('The very first');
    // A short page was the start of the conversation.
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
      '/api/messages/conversation/1/2?beforeId=101',
    );
  });

  it('offers Unblock in place of the message box while I block the other person', async () => {
    let blocks = [{ id: 5, blockerId: 1, blockedId: 2, createdAt: '2025-01-01T00:00:00.000Z' }];
    const fetchMock = mockFetch((call) => {
      if (call.url === '/api/users/blocked') return jsonResponse(blocks);
      if (call.url === '/api/messages/conversation/1/2') return jsonResponse(THREAD);
      if (call.url === '/api/messages/mark-read/2') return jsonResponse({ count: 0 });
      if (call.url === '/api/users/unblock') {
        blocks = [];
        return jsonResponse({ message: 'User unblocked' });
      }
      return never();
    });
    const user = userEvent.setup();
    renderChat();
    expect(
      await screen.findByText('You have blocked Bob Brown. Unblock them to send messages.'),
    ).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeVisible();
    expect(posts(fetchMock, '/api/users/unblock')).toEqual([{ blockedId: 2 }]);
  });

  it('blocks from its menu and closes', async () => {
    let closed = 0;
    const fetchMock = server([], (call) =>
      call.url === '/api/users/block' ? jsonResponse({ id: 1, blockerId: 1, blockedId: 2 }, 201) : never(),
    );
    const user = userEvent.setup();
    renderChat(() => {
      closed += 1;
    });
    await user.click(await screen.findByRole('button', { name: 'Conversation actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Block user' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('You have blocked Bob Brown.')).toBeVisible();
    expect(posts(fetchMock, '/api/users/block')).toEqual([{ blockedId: 2 }]);
    expect(closed).toBe(1);
  });
});
