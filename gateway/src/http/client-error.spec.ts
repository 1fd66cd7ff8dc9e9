import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { answerClientErrorsWithJson, clientErrorResponse } from './client-error.js';

function parse(raw: string): { status: number; headers: string; body: unknown } {
  const [head, body] = raw.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), headers: head, body: JSON.parse(body) };
}

describe('clientErrorResponse', () => {
  it('answers an oversize URL or header with 431 and the JSON error body', () => {
    const answer = parse(clientErrorResponse('HPE_HEADER_OVERFLOW'));
    expect(answer.status).toBe(431);
    expect(answer.headers).toMatch(/Content-Type: application\/json/);
    expect(answer.body).toEqual({
      statusCode: 431,
      message: 'The request URL or headers are too large',
      error: 'Request Header Fields Too Large',
    });
  });

  it('answers anything else the parser refuses with 400', () => {
    expect(parse(clientErrorResponse('HPE_INVALID_CONTENT_LENGTH')).body).toEqual({
      statusCode: 400,
      message: 'The request is not valid HTTP',
      error: 'Bad Request',
    });
    expect(parse(clientErrorResponse(undefined)).status).toBe(400);
  });
});

describe('answerClientErrorsWithJson', () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = createServer((_req, res) => res.end('ok'));
    answerClientErrorsWithJson(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const raw = (request: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(request));
      let data = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (data += chunk));
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });

  it('writes the JSON answer on the socket for a malformed request', async () => {
    expect(parse(await raw('GARBAGE\r\n\r\n')).status).toBe(400);
    expect(parse(await raw(`GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`)).status).toBe(431);
  });
});
