// The bus's TCP connection to the broker, on real RabbitMQ.
import net from 'node:net';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { RabbitMqEventBus } from '../src/index.js';
import { AMQP_URL, deleteTopology, memoryLogger, uniqueName } from './helpers.js';

describe('RabbitMqEventBus connection', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('turns Nagle off, so a publish or an ack never waits for the broker to acknowledge the last one', async () => {
    // Where one connection carries publishes and a consumer's acks (the all-in-one mode), Nagle
    // held each small write back for the broker's delayed ACK: 40 ms from commit to consumer.
    const setNoDelay = jest.spyOn(net.Socket.prototype, 'setNoDelay');
    const exchange = uniqueName('test.connection');
    const bus = await RabbitMqEventBus.connect({
      url: AMQP_URL,
      exchange,
      deadLetterExchange: `${exchange}.dlx`,
      logger: memoryLogger('connection'),
    });
    try {
      const socket = (bus.connectionManager.connection as unknown as { connection: { stream: net.Socket } })
        .connection.stream;
      const calls = setNoDelay.mock.contexts
        .map((context, i) => ({ context, noDelay: setNoDelay.mock.calls[i]?.[0] }))
        .filter(({ context }) => context === socket);
      expect(calls.length).toBeGreaterThan(0);
      expect(calls.at(-1)?.noDelay).toBe(true);
    } finally {
      await bus.close();
      await deleteTopology({ queues: [], exchanges: [exchange, `${exchange}.dlx`] });
    }
  });
});
