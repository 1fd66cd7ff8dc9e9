import type { RabbitMqEventBus } from '@dinebuds/events';

/** What a test declared on the shared broker under names of its own run. */
export interface TestTopology {
  /** Queues as the bus declared them: each also has a `.retry` and a `.dlq` queue. */
  queues: readonly string[];
  exchanges: readonly string[];
}

/**
 * Deletes a test's queues and exchanges over the bus's own connection, then closes the bus:
 * durable names of one run must not pile up on the broker every run shares. No bus (set-up
 * failed before it connected), nothing to do.
 */
export async function closeTestBus(bus: RabbitMqEventBus | undefined, topology: TestTopology): Promise<void> {
  if (!bus) return;
  const channel = await bus.connectionManager.connection?.createChannel();
  if (channel) {
    for (const queue of topology.queues)
      for (const name of [queue, `${queue}.retry`, `${queue}.dlq`]) await channel.deleteQueue(name);
    for (const exchange of topology.exchanges) await channel.deleteExchange(exchange);
    await channel.close();
  }
  await bus.close();
}
