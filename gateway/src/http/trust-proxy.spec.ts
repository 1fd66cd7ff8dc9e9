import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type FastifyInstance, fastify } from 'fastify';
import { fastifyTrustProxy, parseTrustProxy } from './trust-proxy.js';

/** What Fastify (the gateway's HTTP layer) takes as the client's address under each setting. */
describe('TRUST_PROXY as Fastify applies it', () => {
  const settings = ['', '1', '2', '127.0.0.1', '10.0.0.0/8', 'loopback'];
  const servers = new Map<string, { server: FastifyInstance; url: string }>();

  beforeAll(async () => {
    for (const setting of settings) {
      const server = fastify({ trustProxy: fastifyTrustProxy(parseTrustProxy(setting)) });
      server.get('/ip', async (req) => ({ ip: req.ip }));
      const url = await server.listen({ port: 0, host: '127.0.0.1' });
      servers.set(setting, { server, url });
    }
  });

  afterAll(async () => {
    for (const { server } of servers.values()) await server.close();
  });

  async function clientIp(setting: string, forwardedFor?: string): Promise<string> {
    const response = await fetch(`${servers.get(setting)!.url}/ip`, {
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });
    return ((await response.json()) as { ip: string }).ip;
  }

  const peer = /^(::ffff:)?127\.0\.0\.1$/;

  it('unset: the peer is the client, whatever X-Forwarded-For says', async () => {
    expect(await clientIp('')).toMatch(peer);
    expect(await clientIp('', '203.0.113.7')).toMatch(peer);
  });

  it('a hop count: the address that many hops back, never further', async () => {
    // The peer (our proxy) appended the address it saw; what the client wrote before it is ignored.
    expect(await clientIp('1', '198.51.100.1, 203.0.113.7')).toBe('203.0.113.7');
    expect(await clientIp('2', '198.51.100.1, 203.0.113.7, 192.0.2.9')).toBe('203.0.113.7');
  });

  it('addresses: trusted proxies are skipped, the first untrusted one is the client', async () => {
    expect(await clientIp('127.0.0.1', '198.51.100.1, 203.0.113.7')).toBe('203.0.113.7');
    expect(await clientIp('loopback', '203.0.113.7')).toBe('203.0.113.7');
    // A peer outside the list is not a proxy of ours: its header counts for nothing.
    expect(await clientIp('10.0.0.0/8', '203.0.113.7')).toMatch(peer);
  });
});
