// Two gateway replicas on real RabbitMQ: a message published once reaches the stream of its
// receiver on one replica and of its sender on the other (each replica's MessageStreamHub has a
// fan-out listener of its own), and nobody else's.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { createEnvelope, RabbitMqEventBus } from '@dinebuds/events';
import { TEST_AMQP_URL, closeTestBus, eventually } from '@dinebuds/testing';
import { MessageStreamHub, type StreamFrame } from '../src/messaging/message-stream-hub.js';

const exchange = `test.message-stream.${randomBytes(4).toString('hex')}`;
const options = { url: TEST_AMQP_URL, exchange, deadLetterExchange: `${exchange}.dlx` };

const sent = (messageId: number, senderId: number, receiverId: number) =>
  createEnvelope(
    'messaging.message.sent',
    {
      messageId,
      senderId,
      receiverId,
      content: 'Dinner?',
      messageType: 'text',
      restaurantId: null,
      restaurantName: null,
      pollId: null,
      createdAt: new Date().toISOString(),
    },
    { producer: 'messaging' },
  );

describe('message streams behind two gateway replicas', () => {
  let publisher: RabbitMqEventBus;
  let replicaA: RabbitMqEventBus;
  let replicaB: RabbitMqEventBus;
  let hubA: MessageStreamHub;
  let hubB: MessageStreamHub;

  beforeAll(async () => {
    publisher = await RabbitMqEventBus.connect({ ...options, connectionName: 'test-stream-publisher' });
    replicaA = await RabbitMqEventBus.connect({ ...options, connectionName: 'test-stream-gateway-a' });
    replicaB = await RabbitMqEventBus.connect({ ...options, connectionName: 'test-stream-gateway-b' });
    hubA = new MessageStreamHub(replicaA);
    hubB = new MessageStreamHub(replicaB);
  });

  afterAll(async () => {
    await hubA?.onModuleDestroy();
    await hubB?.onModuleDestroy();
    await Promise.all([replicaA?.close(), replicaB?.close()]);
    await closeTestBus(publisher, { queues: [], exchanges: [exchange, `${exchange}.dlx`] });
  });

  const frames = (hub: MessageStreamHub, userId: number) => {
    const received: StreamFrame[] = [];
    hub.add(userId, { send: (frame) => received.push(frame), end: () => undefined });
    return received;
  };

  it('delivers one published message to the receiver on one replica and the sender on the other', async () => {
    const receiverOnA = frames(hubA, 2);
    const senderOnB = frames(hubB, 1);
    const strangerOnB = frames(hubB, 3);
    // Listeners go live asynchronously: publish until the first one lands, then one more.
    await eventually(
      async () => {
        await publisher.publish(sent(1, 1, 2));
        return receiverOnA.length > 0 && senderOnB.length > 0;
      },
      15_000,
      200,
    );
    // Late copies of the probes may still arrive: look for the one message sent after them.
    await publisher.publish(sent(2, 1, 2));
    const second = (frame: StreamFrame) => frame.event === 'message' && frame.id === 2;
    await eventually(() => receiverOnA.some(second) && senderOnB.some(second), 10_000);
    expect(receiverOnA.find(second)).toEqual({
      event: 'message',
      id: 2,
      data: expect.objectContaining({ id: 2, senderId: 1, receiverId: 2 }),
    });
    expect(strangerOnB).toEqual([]);
  }, 30_000);
});
