import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen, waitFor } from '@testing-library/react';
import { jsonResponse, mockFetch, never } from '@/test/fetch-mock';
import { makeUser, renderWithProviders } from '@/test/render';
import { ChatScreen } from '../components/chat-screen';
import { UnreadBadge } from '../components/unread-badge';

/** EventSource as the browser gives it, driven by the test. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();

  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }

  fail() {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.();
  }

  emit(type: string, data: unknown) {
    const event = { data: JSON.stringify(data) } as MessageEvent<string>;
    this.listeners.get(type)?.forEach((listener) => listener(event));
  }
}

const me = makeUser({ id: 1 });
const bob = { id: 2, username: 'bob', name: 'Bob Brown', profilePicture: null };

function server() {
  const counts = { unread: 0, conversation: 0 };
  let unread = 0;
  const fetchMock = mockFetch((call) => {
    if (call.url === '/api/messages/unread-count') {
      counts.unread += 1;
      return jsonResponse({ count: unread });
    }
    if (call.url === '/api/messages/conversation/1/2') {
      counts.conversation += 1;
      return jsonResponse([]);
    }
    if (call.url === '/api/messages/mark-read/2') return jsonResponse({ count: 0 });
    return never();
  });
  return { fetchMock, counts, setUnread: (value: number) => (unread = value) };
}

describe('the live message stream', () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
  });

  afterEach(() => {
    delete (globalThis as { EventSource?: unknown }).EventSource;
  });

  it('is one stream per tab, with the session cookie, closed when the last screen using it goes', async () => {
    server();
    const view = renderWithProviders(
      <>
        <UnreadBadge />
        <ChatScreen partner={bob} onClose={() => undefined} />
      </>,
      { signedInAs: me },
    );
    await screen.findByText('No messages yet. Say hello!');
    expect(FakeEventSource.instances).toHaveLength(1);
    const [stream] = FakeEventSource.instances;
    expect(stream.url).toBe('/api/messages/stream');
    expect(stream.init).toEqual({ withCredentials: true });
    view.unmount();
    expect(stream.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('refreshes the badge and the open thread on a message, and the thread on a read receipt', async () => {
    const { counts, setUnread } = server();
    renderWithProviders(
      <>
        <UnreadBadge />
        <ChatScreen partner={bob} onClose={() => undefined} />
      </>,
      { signedInAs: me },
    );
    await screen.findByText('No messages yet. Say hello!');
    const [stream] = FakeEventSource.instances;
    act(() => stream.open());
    await waitFor(() => expect(counts.conversation).toBeGreaterThanOrEqual(2));
    const before = { ...counts };

    setUnread(120);
    act(() =>
      stream.emit('message', {
        id: 7,
        senderId: 2,
        receiverId: 1,
        content: 'Hi',
        messageType: 'text',
        restaurantId: null,
        restaurantName: null,
        pollId: null,
        createdAt: new Date().toISOString(),
      }),
    );
    expect(await screen.findByTestId('unread-badge')).toHaveTextContent('99+');
    expect(counts.conversation).toBeGreaterThan(before.conversation);

    const afterMessage = counts.conversation;
    act(() =>
      stream.emit('read', {
        readerId: 2,
        otherUserId: 1,
        upToMessageId: 9,
        count: 1,
        readAt: new Date().toISOString(),
      }),
    );
    await waitFor(() => expect(counts.conversation).toBeGreaterThan(afterMessage));
  });

  it('stops polling while live', async () => {
    const { counts } = server();
    renderWithProviders(<ChatScreen partner={bob} onClose={() => undefined} />, { signedInAs: me });
    await screen.findByText('No messages yet. Say hello!');
    act(() => FakeEventSource.instances[0].open());
    await waitFor(() => expect(counts.conversation).toBe(2));
    // The fallback would have read the thread again after 3 s.
    await act(() => new Promise((resolve) => setTimeout(resolve, 3500)));
    expect(counts.conversation).toBe(2);
  }, 10_000);

  it('reads what came before the stream opened again, in a task after the open', async () => {
    const { counts } = server();
    const { queryClient } = renderWithProviders(<ChatScreen partner={bob} onClose={() => undefined} />, {
      signedInAs: me,
    });
    await screen.findByText('No messages yet. Say hello!');
    const before = counts.conversation;
    const invalidate = jest.spyOn(queryClient, 'invalidateQueries');
    act(() => FakeEventSource.instances[0].open());
    // Not inside the open event's task: the stream's subscribers re-render there.
    expect(invalidate).not.toHaveBeenCalled();
    await waitFor(() => expect(counts.conversation).toBe(before + 1));
    expect(invalidate).toHaveBeenCalledTimes(1);
  });
});

