import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RunningGateway } from '../src/index.js';
import { startLoneGateway } from './support/gateway-under-test.js';

// A body over BODY_LIMIT is refused from its Content-Length, before it is read. The client is
// still sending it: closing the connection at once made its next writes fail (EPIPE, a browser's
// "network error") before it could read the 413. A modest excess is read and discarded instead.
describe('a body over the limit', () => {
  let gateway: RunningGateway;

  beforeAll(async () => {
    gateway = await startLoneGateway({ bodyLimit: '1mb' });
  });

  afterAll(async () => {
    await gateway?.close();
  });

  const post = (bytes: number) =>
    fetch(`${gateway.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'someone', password: 'Secret#123x', name: 'x'.repeat(bytes) }),
    });

  it('is answered 413 with the JSON error, every time, and the connection stays usable', async () => {
    for (let i = 0; i < 5; i++) {
      const response = await post(3 * 1024 * 1024);
      expect(response.status).toBe(413);
      expect(response.headers.get('connection')).not.toBe('close');
      expect(await response.json()).toMatchObject({ statusCode: 413 });
    }
    // The same client goes on with a normal request.
    expect((await fetch(`${gateway.url}/api/env`)).status).toBe(200);
  });

  it('closes the connection at once when the declared length is absurd (not worth reading)', async () => {
    const { hostname, port } = new URL(gateway.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () =>
        socket.write(
          'POST /api/register HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000000\r\n\r\n{',
        ),
      );
      let data = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (data += chunk));
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer).toMatch(/connection: close/i);
  });
});
