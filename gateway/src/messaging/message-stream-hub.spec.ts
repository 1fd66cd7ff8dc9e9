import { describe, expect, it } from '@jest/globals';
import type { EventBus, Listener, ListenOptions } from '@dinebuds/events';
import { MessageStreamHub, type StreamFrame } from './message-stream-hub.js';

/** A bus whose one listener the test drives: events in, generation moved on a "reconnect". */
function fakeBus() {
  let handler: ((envelope: never) => void) | null = null;
  const listener = { live: true, generation: 1, cancel: async () => undefined };
  const bus = {
    listen: (options: ListenOptions) => {
      handler = options.handler as (envelope: never) => void;
      return listener as Listener;
    },
  } as unknown as EventBus;
  const emit = (type: string, data: object) =>
    handler!({ id: 'e', type, version: 1, occurredAt: '', producer: 'messaging', data } as never);
  return { bus, listener, emit };
}

const sent = (messageId: number, senderId: number, receiverId: number) => ({
  messageId,
  senderId,
  receiverId,
  content: 'hi',
  messageType: 'text',
  restaurantId: null,
  restaurantName: null,
  pollId: null,
  createdAt: '2026-11-26T12:00:00.000Z',
});

function stream(hub: MessageStreamHub, userId: number) {
  const frames: StreamFrame[] = [];
  const ended = { value: false };
  const added = hub.add(userId, {
    send: (frame) => frames.push(frame),
    end: () => {
      ended.value = true;
      remove();
    },
  });
  if (!added) throw new Error(`no room for another stream of user ${userId}`);
  const remove = added;
  return { frames, remove, ended };
}

describe('MessageStreamHub', () => {
  it("refuses one stream more than a person's limit, and makes room when one closes", () => {
    const { bus } = fakeBus();
    const hub = new MessageStreamHub(bus, 2);
    const client = { send: () => undefined, end: () => undefined };
    const first = hub.add(1, client);
    expect(hub.add(1, { ...client })).not.toBeNull();
    expect(hub.add(1, { ...client })).toBeNull();
    // Another person's streams count on their own.
    expect(hub.add(2, { ...client })).not.toBeNull();
    first!();
    expect(hub.add(1, { ...client })).not.toBeNull();
    expect(hub.size).toBe(3);
  });

  it('sends a message to the streams of its sender and receiver only, with the message id', () => {
    const { bus, emit } = fakeBus();
    const hub = new MessageStreamHub(bus);
    const [ann, annOtherTab, bob, cat] = [stream(hub, 1), stream(hub, 1), stream(hub, 2), stream(hub, 3)];
    emit('messaging.message.sent', sent(10, 2, 1));
    expect(ann.frames).toEqual([
      { event: 'message', id: 10, data: expect.objectContaining({ id: 10, senderId: 2, receiverId: 1 }) },
    ]);
    expect(annOtherTab.frames).toHaveLength(1);
    expect(bob.frames).toHaveLength(1);
    expect(cat.frames).toEqual([]);
  });

  it('sends a read receipt to both people, and nothing to a closed stream', () => {
    const { bus, emit } = fakeBus();
    const hub = new MessageStreamHub(bus);
    const ann = stream(hub, 1);
    const bob = stream(hub, 2);
    bob.remove();
    emit('messaging.conversation.read', {
      readerId: 2,
      otherUserId: 1,
      upToMessageId: 10,
      count: 1,
      readAt: '',
    });
    expect(ann.frames).toEqual([
      { event: 'read', data: expect.objectContaining({ readerId: 2, upToMessageId: 10 }) },
    ]);
    expect(bob.frames).toEqual([]);
    expect(hub.size).toBe(1);
  });

  it('tells every stream to resync when the listener came back after a break', () => {
    const { bus, listener, emit } = fakeBus();
    const hub = new MessageStreamHub(bus);
    const ann = stream(hub, 1);
    listener.generation = 2;
    emit('messaging.message.sent', sent(11, 2, 3));
    expect(ann.frames).toEqual([{ event: 'resync', data: {} }]);
  });

  it("ends every stream of a user whose access changed (sign-out, revoked session), nobody else's", () => {
    const { bus, emit } = fakeBus();
    const hub = new MessageStreamHub(bus);
    const [ann, annOtherTab, bob] = [stream(hub, 1), stream(hub, 1), stream(hub, 2)];
    emit('identity.user.access-changed', { userId: 1, reason: 'signed-out' });
    expect([ann.ended.value, annOtherTab.ended.value, bob.ended.value]).toEqual([true, true, false]);
    expect(hub.size).toBe(1);
  });

  it('ends every stream when the gateway shuts down', async () => {
    const { bus } = fakeBus();
    const hub = new MessageStreamHub(bus);
    const [ann, bob] = [stream(hub, 1), stream(hub, 2)];
    await hub.onModuleDestroy();
    expect([ann.ended.value, bob.ended.value]).toEqual([true, true]);
    expect(hub.size).toBe(0);
  });

  it('is unavailable without an event bus', () => {
    expect(new MessageStreamHub(null).available).toBe(false);
  });
});
