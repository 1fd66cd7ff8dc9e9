import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RunningGateway } from '../src/index.js';
import { startLoneGateway } from './support/gateway-under-test.js';

/** Writes `request` on a fresh connection and answers all that comes back until the server closes it. */
function sendAndWaitForClose(url: string, request: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(request));
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('close', () => resolve(data));
    socket.on('error', reject);
  });
}

describe('request timeout', () => {
  let gateway: RunningGateway;

  beforeAll(async () => {
    gateway = await startLoneGateway({ requestTimeoutMs: 400 });
  });

  afterAll(async () => {
    await gateway?.close();
  });

  const expectTimedOut = (answer: string) => {
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 408 Request Timeout/);
    expect(head).toMatch(/Connection: close/i);
    expect(JSON.parse(body)).toEqual({
      statusCode: 408,
      message: 'The request took too long to arrive',
      error: 'Request Timeout',
    });
  };

  it('answers 408 and closes the connection when a body stops arriving', async () => {
    const answer = await sendAndWaitForClose(
      gateway.url,
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"username":',
    );
    expectTimedOut(answer);
  });

  it('answers 408 when the headers never end', async () => {
    expectTimedOut(await sendAndWaitForClose(gateway.url, 'GET /api/env HTTP/1.1\r\nHost: x\r\n'));
  });

  it('serves a request that arrives in time', async () => {
    const response = await fetch(`${gateway.url}/api/env`);
    expect(response.status).toBe(200);
  });
});
