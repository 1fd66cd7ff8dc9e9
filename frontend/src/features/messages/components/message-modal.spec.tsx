import { afterEach, describe, expect, it } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { ConversationPreviewDto, MessageDto } from '@dinebuds/contracts';
import { jsonResponse, mockFetch, never, type FetchCall } from '@/test/fetch-mock';
import { makeUser, renderWithProviders } from '@/test/render';
import { formatDateTime } from '../lib/message-time';
import { message } from '../test-fixtures';
import { MessageModal } from './message-modal';
import { MessagesTab } from './messages-tab';

const me = makeUser({ id: 1, username: 'alice', name: 'Alice Adams' });
const bob = { id: 2, username: 'bob', name: 'Bob Brown', profilePicture: null };

const THREAD: MessageDto[] = [
  message({ id: 1, senderId: 2, content: 'Dinner tonight?' }),
  message({ id: 2, senderId: 1, content: 'Sure!', createdAt: '2025-03-07T18:07:00.000Z' }),
  message({ id: 3, senderId: 2, content: 'Try [7:Taco Town] first' }),
];

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

const bodies = (fetchMock: ReturnType<typeof mockFetch>, url: string) =>
  fetchMock.mock.calls
    .filter(([input, init]) => String(input) === url && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

function renderModal(route = '/messages', onClose: () => void = () => undefined) {
  return renderWithProviders(<MessageModal partner={bob} onClose={onClose} />, { signedInAs: me, route });
}

describe('the message modal', () => {
  afterEach(() => {
    act(() => toast.dismiss());
  });

  it("shows the other person's name, avatars, 'MMM d, h:mm a' times and Report message on received messages", async () => {
    server(THREAD);
    renderModal();
    const modal = await screen.findByRole('dialog', { name: 'Bob Brown' });
    const log = within(modal).getByRole('log', { name: 'Messages' });
    await within(log).findByText('Dinner tonight?');
    expect(log).toHaveTextContent(formatDateTime(THREAD[0].createdAt));
    expect(within(log).getAllByText("Bob Brown's avatar")).toHaveLength(2);
    expect(within(log).getByText("Alice Adams's avatar")).toBeInTheDocument();
    // Received ones only: messages 1 and 3.
    expect(within(log).getAllByRole('button', { name: 'Report message' })).toHaveLength(2);
    expect(within(log).getByRole('link', { name: 'Taco Town' })).toHaveAttribute('href', '/restaurant/7');
    expect(within(modal).getByPlaceholderText('Type your message...')).toHaveAttribute('rows', '2');
  });

  it('says "No messages yet. Start a conversation!" and sends a multi-line message', async () => {
    const thread: MessageDto[] = [];
    const fetchMock = server(thread, (call) => {
      if (call.url !== '/api/messages/send') return never();
      thread.push(message({ id: 5, senderId: 1, content: 'Line one\nLine two' }));
      return jsonResponse(thread[0], 201);
    });
    const user = userEvent.setup();
    renderModal();
    expect(await screen.findByText('No messages yet. Start a conversation!')).toBeVisible();
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'Line one{Shift>}{Enter}{/Shift}Line two');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(box).toHaveValue(''));
    expect(bodies(fetchMock, '/api/messages/send')).toEqual([
      expect.objectContaining({ receiverId: 2, content: 'Line one\nLine two' }),
    ]);
    expect(await within(screen.getByRole('log')).findByText(/Line two/)).toBeVisible();
  });

  it('reports a received message with a reason', async () => {
    const fetchMock = server(THREAD, (call) =>
      call.url === '/api/messages/report/3' ? jsonResponse({ message: 'Message reported' }) : never(),
    );
    const user = userEvent.setup();
    renderModal();
    await screen.findByText('Dinner tonight?');
    const buttons = screen.getAllByRole('button', { name: 'Report message' });
    await user.click(buttons[1]);
    const dialog = await screen.findByRole('dialog', { name: 'Report message' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Rude');
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await screen.findByText('Thank you for your report. Our team will review it.')).toBeVisible();
    expect(bodies(fetchMock, '/api/messages/report/3')).toEqual([{ reason: 'Rude' }]);
  });

  it('says "Error reporting message" when the report fails', async () => {
    server(THREAD, () => jsonResponse({ statusCode: 404, message: 'Message not found' }, 404));
    const user = userEvent.setup();
    renderModal();
    await screen.findByText('Dinner tonight?');
    await user.click(screen.getAllByRole('button', { name: 'Report message' })[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Report message' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Rude');
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await screen.findByText('Error reporting message')).toBeVisible();
    expect(screen.getByText('Message not found')).toBeVisible();
  });

  it('closes itself on a /profile/ path', async () => {
    let closed = 0;
    const fetchMock = server(THREAD);
    renderModal('/profile/bob', () => {
      closed += 1;
    });
    await waitFor(() => expect(closed).toBe(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('closes after a block and on Close', async () => {
    let closed = 0;
    server([], (call) =>
      call.url === '/api/users/block' ? jsonResponse({ id: 1, blockerId: 1, blockedId: 2 }, 201) : never(),
    );
    const user = userEvent.setup();
    renderModal('/messages', () => {
      closed += 1;
    });
    await user.click(await screen.findByRole('button', { name: 'Conversation actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Block user' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('User blocked')).toBeVisible();
    expect(closed).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(closed).toBe(2);
  });

  it('is what an inbox row opens on a wide screen', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...matchMedia(query), matches: true })) as typeof matchMedia;
    try {
      const row: ConversationPreviewDto = {
        userId: 2,
        username: 'bob',
        name: 'Bob Brown',
        profilePicture: null,
        lastMessage: 'Hi',
        lastMessageId: 1,
        lastMessageType: 'text',
        lastMessageSenderId: 2,
        lastMessageTime: '2025-03-07T18:05:00.000Z',
        unreadCount: 0,
        unread: false,
        deactivated: false,
      };
      mockFetch((call) => {
        if (call.url.startsWith('/api/messages/conversations')) return jsonResponse([row]);
        if (call.url === '/api/messages/conversation/1/2') return jsonResponse([]);
        return never();
      });
      const user = userEvent.setup();
      renderWithProviders(<MessagesTab meId={1} />, { signedInAs: me, route: '/social?tab=messages' });
      await user.click(await screen.findByRole('button', { name: /Bob Brown/ }));
      expect(await screen.findByText('No messages yet. Start a conversation!')).toBeVisible();
    } finally {
      window.matchMedia = matchMedia;
    }
  });
});
