import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import type { CurrentUserDto, MessageDto, StreamMessageEvent } from '@dinebuds/contracts';
import { RabbitMqEventBus } from '@dinebuds/events';
import { startGateway, type RunningGateway } from '@dinebuds/gateway';
import { TEST_AMQP_URL, createTestDatabase, eventually, query, type TestDatabase } from '@dinebuds/testing';
import { ApiClient, uniqueUsername } from '../support/api-client.js';
import { createTestVhost, removeDataDir, startAllInOneSystem, type TestVhost } from '../support/system.js';

/**
 * The message stream behind two gateway processes' worth of gateways on real RabbitMQ (a virtual
 * host of its own): the all-in-one system's gateway and a second one in front of the same
 * services, each listening on the broker. A message sent through one gateway reaches the
 * receiver's stream open on the other.
 */
describe('message stream across two gateways on RabbitMQ', () => {
  let database: TestDatabase;
  let vhost: TestVhost;
  let stopSystem: () => Promise<void>;
  let firstUrl: string;
  let second: RunningGateway;
  let secondBus: RabbitMqEventBus;
  let closedSecond = false;

  beforeAll(async () => {
    database = await createTestDatabase('api_stream_replicas');
    vhost = createTestVhost(TEST_AMQP_URL, 'api_stream');
    const internalToken = randomBytes(24).toString('base64url');
    const system = await startAllInOneSystem({
      databaseUrl: database.url,
      amqpUrl: vhost.url,
      env: { INTERNAL_TOKEN: internalToken },
    });
    stopSystem = async () => {
      await system.stop();
      removeDataDir(system.dataDir);
    };
    firstUrl = system.baseUrl;
    secondBus = await RabbitMqEventBus.connect({ url: vhost.url, connectionName: 'test-second-gateway' });
    second = await startGateway({
      port: 0,
      host: '127.0.0.1',
      services: system.services,
      internalToken,
      logLevel: 'silent',
      events: secondBus,
    });
  }, 120_000);

  afterAll(async () => {
    if (!closedSecond) await second?.close();
    await secondBus?.close();
    await stopSystem?.();
    await database?.drop();
    vhost?.drop();
  });

  async function register(prefix: string): Promise<{ id: number; client: ApiClient }> {
    const client = new ApiClient(firstUrl);
    const res = await client.post<CurrentUserDto>('/api/register', {
      username: uniqueUsername(prefix),
      password: 'Secret#123',
      name: `${prefix} tester`,
    });
    expect(res.status).toBe(201);
    await eventually(
      async () =>
        (await query(database.url, 'SELECT 1 FROM messaging.users WHERE id = $1', [res.body.id])).length ===
        1,
      20_000,
    );
    return { id: res.body.id, client };
  }

  it('a message sent through one gateway reaches the stream open on the other', async () => {
    const ann = await register('ann');
    const bob = await register('bob');
    const abort = new AbortController();
    const secondUrl = second.url.replace('0.0.0.0', '127.0.0.1');
    const res = await fetch(`${secondUrl}/api/messages/stream`, {
      headers: { accept: 'text/event-stream', cookie: `dinebuds_sid=${ann.client.sessionCookie}` },
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    const received: StreamMessageEvent[] = [];
    let ended = false;
    void (async () => {
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) {
            ended = true;
            return;
          }
          text += decoder.decode(value, { stream: true });
          for (let end = text.indexOf('\n\n'); end >= 0; end = text.indexOf('\n\n')) {
            const block = text.slice(0, end);
            text = text.slice(end + 2);
            if (!block.includes('event: message')) continue;
            const data = block.split('\n').find((line) => line.startsWith('data: '));
            if (data) received.push(JSON.parse(data.slice(6)) as StreamMessageEvent);
          }
        }
      } catch {
        // aborted
      }
    })();
    try {
      // The second gateway's listener goes live asynchronously: send until one arrives, then check
      // that a later one arrives too.
      const sent: MessageDto[] = [];
      await eventually(
        async () => {
          const message = await bob.client.post<MessageDto>('/api/messages/send', {
            receiverId: ann.id,
            content: `hello ${sent.length}`,
          });
          expect(message.status).toBe(201);
          sent.push(message.body);
          return received.length > 0;
        },
        20_000,
        250,
      );
      const last = await bob.client.post<MessageDto>('/api/messages/send', {
        receiverId: ann.id,
        content: 'last',
      });
      await eventually(() => received.some((m) => m.id === last.body.id), 10_000);
      expect(received.find((m) => m.id === last.body.id)).toMatchObject({
        senderId: bob.id,
        receiverId: ann.id,
        content: 'last',
      });
      // A gateway shutting down ends its open streams rather than waiting for them (the
      // browser reconnects, through the balancer, to another replica).
      const closing = Date.now();
      await second.close();
      closedSecond = true;
      await eventually(() => ended, 10_000);
      expect(Date.now() - closing).toBeLessThan(10_000);
    } finally {
      abort.abort();
    }
  }, 90_000);
});
