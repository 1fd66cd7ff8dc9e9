import { describe, expect, it } from '@jest/globals';
import type { RabbitMqEventBus } from '@dinebuds/events';
import { closeTestBus } from './broker.js';

/** A bus whose connection records what the helper does, in order. */
function recordingBus(connected = true) {
  const calls: string[] = [];
  const channel = {
    deleteQueue: async (name: string) => void calls.push(`queue ${name}`),
    deleteExchange: async (name: string) => void calls.push(`exchange ${name}`),
    close: async () => void calls.push('channel closed'),
  };
  const bus = {
    connectionManager: { connection: connected ? { createChannel: async () => channel } : undefined },
    close: async () => void calls.push('bus closed'),
  };
  return { bus: bus as unknown as RabbitMqEventBus, calls };
}

describe('closeTestBus', () => {
  it('deletes each queue with its retry and dead-letter queues, then the exchanges, then closes the bus', async () => {
    const { bus, calls } = recordingBus();
    await closeTestBus(bus, { queues: ['a', 'b'], exchanges: ['x', 'x.dlx'] });
    expect(calls).toEqual([
      'queue a',
      'queue a.retry',
      'queue a.dlq',
      'queue b',
      'queue b.retry',
      'queue b.dlq',
      'exchange x',
      'exchange x.dlx',
      'channel closed',
      'bus closed',
    ]);
  });

  it('still closes a bus that has lost its connection, and ignores a bus that never connected', async () => {
    const { bus, calls } = recordingBus(false);
    await closeTestBus(bus, { queues: ['a'], exchanges: ['x'] });
    expect(calls).toEqual(['bus closed']);
    await expect(closeTestBus(undefined, { queues: ['a'], exchanges: ['x'] })).resolves.toBeUndefined();
  });
});
