import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { StreamMessageEvent, StreamReadEvent } from '@dinebuds/contracts';
import { messagesQueryKey } from './keys';

/**
 * The live stream (GET /api/messages/stream, server-sent events; docs/api-messaging.md): one
 * EventSource per tab, shared by every screen that shows messages (counted users; closed when
 * the last one goes). Its events refresh the queries they concern. While it is live the screens
 * stop polling; when it is down (no EventSource, a 503 without an event bus, a broken connection)
 * they poll at the spec's intervals.
 */

/** How long after the stream was refused before it is tried again (polling covers the gap). */
const REOPEN_AFTER_MS = 30_000;

let live = false;
const statusListeners = new Set<() => void>();

function setLive(next: boolean) {
  if (live === next) return;
  live = next;
  statusListeners.forEach((listener) => listener());
}

/** True while the stream is connected: polling can rest. */
export function useStreamLive(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      statusListeners.add(onChange);
      return () => statusListeners.delete(onChange);
    },
    () => live,
    () => false,
  );
}

/** A polling interval that rests while the stream is live. */
export const pollUnlessLive = (isLive: boolean, ms: number) => (isLive ? false : ms);

interface Connection {
  meId: number;
  queryClient: QueryClient;
  source: EventSource | null;
  users: number;
  timer: ReturnType<typeof setTimeout> | undefined;
}

let current: Connection | null = null;

const key = (...rest: (string | number)[]) => [...messagesQueryKey, ...rest];

function refreshAll(connection: Connection) {
  void connection.queryClient.invalidateQueries({ queryKey: messagesQueryKey });
}

function onMessage(connection: Connection, event: StreamMessageEvent) {
  const { queryClient, meId } = connection;
  const other = event.senderId === meId ? event.receiverId : event.senderId;
  void queryClient.invalidateQueries({ queryKey: key('conversation', meId, other) });
  void queryClient.invalidateQueries({ queryKey: key('conversations', meId) });
  if (event.receiverId === meId) void queryClient.invalidateQueries({ queryKey: key('unread-count', meId) });
  if (event.pollId !== null) void queryClient.invalidateQueries({ queryKey: key('poll', event.pollId) });
}

function onRead(connection: Connection, event: StreamReadEvent) {
  const { queryClient, meId } = connection;
  // The other person read mine (Seen), or I read theirs in another tab (counts).
  if (event.otherUserId === meId)
    void queryClient.invalidateQueries({ queryKey: key('conversation', meId, event.readerId) });
  if (event.readerId === meId) {
    void queryClient.invalidateQueries({ queryKey: key('unread-count', meId) });
    void queryClient.invalidateQueries({ queryKey: key('conversations', meId) });
  }
}

function parse<T>(event: Event): T | null {
  try {
    return JSON.parse((event as MessageEvent<string>).data) as T;
  } catch {
    return null;
  }
}

function open(connection: Connection) {
  const source = new EventSource('/api/messages/stream', { withCredentials: true });
  connection.source = source;
  source.onopen = () => {
    setLive(true);
    // Whatever happened before the stream (re)opened is read again once, in a task of its own: the
    // subscribers of `live` re-render synchronously here, and with the refetches in the same task
    // it was one of the longest of a signed-in page's load on a phone (12-35 ms observed).
    setTimeout(() => {
      if (connection.source === source) refreshAll(connection);
    }, 0);
  };
  source.onerror = () => {
    setLive(false);
    // A refusal (503, 401) closes an EventSource for good; a dropped connection retries by itself.
    if (source.readyState === EventSource.CLOSED) {
      connection.source = null;
      connection.timer = setTimeout(() => {
        if (current === connection) open(connection);
      }, REOPEN_AFTER_MS);
    }
  };
  source.addEventListener('message', (event) => {
    const data = parse<StreamMessageEvent>(event);
    if (data) onMessage(connection, data);
  });
  source.addEventListener('read', (event) => {
    const data = parse<StreamReadEvent>(event);
    if (data) onRead(connection, data);
  });
  source.addEventListener('resync', () => refreshAll(connection));
}

function close(connection: Connection) {
  clearTimeout(connection.timer);
  connection.source?.close();
  connection.source = null;
  if (current === connection) current = null;
  setLive(false);
}

function use(queryClient: QueryClient, meId: number): () => void {
  if (current && (current.meId !== meId || current.queryClient !== queryClient)) close(current);
  if (!current) {
    current = { meId, queryClient, source: null, users: 0, timer: undefined };
    open(current);
  }
  const connection = current;
  connection.users += 1;
  return () => {
    connection.users -= 1;
    if (connection.users === 0) close(connection);
  };
}

/** Keeps the stream open for the signed-in user while the calling component is mounted. */
export function useMessageStream(meId: number | undefined): boolean {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!meId || typeof EventSource === 'undefined') return;
    return use(queryClient, meId);
  }, [queryClient, meId]);
  return useStreamLive();
}
