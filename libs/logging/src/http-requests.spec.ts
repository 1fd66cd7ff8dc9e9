import { Writable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import Fastify from 'fastify';
import { pino } from 'pino';
import { genRequestId, installRequestContext, type RequestLoggingOptions } from './http-requests.js';
import { currentRequestId } from './request-context.js';

/** A Fastify app with the request hooks, one route answering the request id its handler reads. */
async function appWith(options: RequestLoggingOptions) {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({ genReqId: genRequestId });
  installRequestContext(app, pino({ level: 'info' }, sink), options);
  app.get('/seen', async () => {
    await new Promise((resolve) => setImmediate(resolve));
    return { requestId: currentRequestId() };
  });
  await app.ready();
  return { app, lines };
}

describe('installRequestContext', () => {
  it("runs the route in the request's context by default: code deep in it reads the request id", async () => {
    const { app, lines } = await appWith({});
    const res = await app.inject({ url: '/seen', headers: { 'x-request-id': 'req-deep-1' } });
    expect(res.headers['x-request-id']).toBe('req-deep-1');
    expect(res.json()).toEqual({ requestId: 'req-deep-1' });
    expect(lines.find((l) => l.msg === 'request')).toMatchObject({ requestId: 'req-deep-1', status: 200 });
    await app.close();
  });

  it('with enterContext false enters nothing, yet echoes the id and logs it with the extra line fields', async () => {
    const { app, lines } = await appWith({
      enterContext: false,
      lineFields: (req) => ({ traceId: `trace-of-${req.id}` }),
    });
    const res = await app.inject({ url: '/seen', headers: { 'x-request-id': 'req-explicit-1' } });
    expect(res.headers['x-request-id']).toBe('req-explicit-1');
    expect(res.json()).toEqual({ requestId: null });
    expect(lines.find((l) => l.msg === 'request')).toMatchObject({
      requestId: 'req-explicit-1',
      traceId: 'trace-of-req-explicit-1',
      url: '/seen',
      status: 200,
    });
    await app.close();
  });
});
