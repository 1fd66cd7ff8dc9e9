// Fan-out listeners on real RabbitMQ: every listening process gets every event while live,
// nothing while it is not, and says when it may have missed some (the gateway's session cache
// relies on that to stay trustworthy).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createEnvelope, RabbitMqEventBus, type Listener } from '../src/index.js';
import {
  AMQP_URL,
  breakConnection,
  deleteTopology,
  eventually,
  memoryLogger,
  uniqueName,
} from './helpers.js';

const updated = (userId: number) =>
  createEnvelope(
    'identity.user.updated',
    {
      userId,
      username: `u${userId}`,
      name: 'U',
      bio: null,
      profilePicture: null,
      isPrivate: false,
      isAdmin: false,
    },
    { producer: 'identity', aggregateVersion: 1 },
  );

describe('RabbitMqEventBus.listen', () => {
  const exchange = uniqueName('test.listen');
  const deadLetterExchange = `${exchange}.dlx`;
  const options = { url: AMQP_URL, exchange, deadLetterExchange, logger: memoryLogger('listen') };
  let publisher: RabbitMqEventBus;
  let first: RabbitMqEventBus;
  let second: RabbitMqEventBus;

  beforeAll(async () => {
    publisher = await RabbitMqEventBus.connect({ ...options, connectionName: 'test-listen-publisher' });
    first = await RabbitMqEventBus.connect({ ...options, connectionName: 'test-listen-first' });
    second = await RabbitMqEventBus.connect({ ...options, connectionName: 'test-listen-second' });
  });

  afterAll(async () => {
    await Promise.all([publisher, first, second].map((bus) => bus?.close()));
    await deleteTopology({ queues: [], exchanges: [exchange, deadLetterExchange] });
  });

  function listenFor(bus: RabbitMqEventBus): { listener: Listener; users: number[] } {
    const users: number[] = [];
    const listener = bus.listen({
      types: ['identity.user.updated'],
      handler: (e) => {
        users.push(e.data.userId);
      },
    });
    return { listener, users };
  }

  it('fans out: every listening process gets each event published while it is live, none before', async () => {
    await publisher.publish(updated(1)); // nobody listens yet: dropped, and publish still resolves
    const a = listenFor(first);
    const b = listenFor(second);
    expect(a.listener.live).toBe(false);
    await eventually(() => a.listener.live && b.listener.live, 'both listeners live');
    expect([a.listener.generation, b.listener.generation]).toEqual([1, 1]);
    await publisher.publish(updated(2));
    await eventually(() => a.users.length > 0 && b.users.length > 0, 'both received');
    expect(a.users).toEqual([2]);
    expect(b.users).toEqual([2]);
    await a.listener.cancel();
    await b.listener.cancel();
  });

  it('goes dark when its connection drops and comes back as a new generation', async () => {
    const a = listenFor(first);
    await eventually(() => a.listener.live, 'listener live');
    breakConnection(first);
    await eventually(() => !a.listener.live, 'listener down');
    await eventually(() => a.listener.live, 'listener live again');
    expect(a.listener.generation).toBe(2);
    await publisher.publish(updated(3));
    await eventually(() => a.users.includes(3), 'received after the reconnect');
    await a.listener.cancel();
  });

  it('keeps a handler failure to itself: logged, the next event still arrives', async () => {
    const got: number[] = [];
    const listener = second.listen({
      types: ['identity.user.updated'],
      handler: (e) => {
        if (e.data.userId === 4) throw new Error('handler broke');
        got.push(e.data.userId);
      },
    });
    await eventually(() => listener.live, 'listener live');
    await publisher.publish(updated(4));
    await publisher.publish(updated(5));
    await eventually(() => got.includes(5), 'the next event');
    expect(got).toEqual([5]);
    await listener.cancel();
  });

  it('cancel() stops delivery and removes its queue', async () => {
    const a = listenFor(first);
    await eventually(() => a.listener.live, 'listener live');
    // The listener's queue is the one server-named queue bound to this test's exchange.
    expect(await boundQueues(exchange)).toEqual([expect.stringMatching(/^amq\.gen-/)]);
    await a.listener.cancel();
    expect(a.listener.live).toBe(false);
    await publisher.publish(updated(6));
    await eventually(async () => (await boundQueues(exchange)).length === 0, 'queue removed');
    expect(a.users).toEqual([]);
  });
});

/** Queues bound to `exchange`, from the broker's own list (rabbitmqctl). */
async function boundQueues(exchange: string): Promise<string[]> {
  const { execFileSync } = await import('node:child_process');
  const out = execFileSync('rabbitmqctl', ['-q', 'list_bindings', 'source_name', 'destination_name'], {
    encoding: 'utf8',
  });
  return [
    ...new Set(
      out
        .split('\n')
        .map((line) => line.split('\t'))
        .filter(([source]) => source === exchange)
        .map(([, destination]) => destination!),
    ),
  ];
}
