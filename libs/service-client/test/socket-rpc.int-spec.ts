import type { AddressInfo } from 'node:net';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Body, Controller, type INestApplication, Module, Post } from '@nestjs/common';
import { INTERNAL_HEADERS, type Caller } from '@dinebuds/contracts';
import { notFound } from '@dinebuds/errors';
import { currentRequestId, structuredLoggerModule } from '@dinebuds/logging';
import { TEST_ADMISSION } from '@dinebuds/testing';
import { OptionalCaller, ServiceClient, createServiceApp, serveSocketRpcs } from '../src/index.js';

@Controller('rpc')
class SocketTestController {
  @Post('who.am-i')
  whoAmI(@Body() body: { echo?: string }, @OptionalCaller() caller: Caller | null) {
    return { caller, echo: body.echo ?? null, requestId: currentRequestId() };
  }

  @Post('missing.thing')
  missing() {
    throw notFound('No such thing');
  }
}

@Module({
  imports: [structuredLoggerModule('socket-rpc-test', 'silent')],
  controllers: [SocketTestController],
})
class SocketTestModule {}

const TOKEN = 'internal-token-for-the-socket-rpc-test-0123';
const ANN: Caller = { userId: 7, isAdmin: false, sessionId: null };

interface Started {
  app: INestApplication;
  url: string;
  /** Requests Fastify's router saw (its onRequest hook). */
  routed: () => number;
}

async function start(direct: boolean): Promise<Started> {
  const app = await createServiceApp(SocketTestModule, { internalToken: TOKEN, admission: TEST_ADMISSION });
  let routed = 0;
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (_req, _reply, done) => {
      routed += 1;
      done();
    });
  await app.init();
  if (direct) serveSocketRpcs(app);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}`, routed: () => routed };
}

interface Raw {
  status: number;
  type: string | undefined;
  body: string;
}

/** One request as written (path, headers, body in the chunks given: more than one is chunked). */
function send(base: string, path: string, headers: Record<string, string>, chunks: string[]): Promise<Raw> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, method: 'POST', path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], body }));
    });
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

const json = (body: string, extra: Record<string, string> = {}) => ({
  'content-type': 'application/json',
  'content-length': String(Buffer.byteLength(body)),
  [INTERNAL_HEADERS.token]: TOKEN,
  ...extra,
});

/**
 * A service's RPCs that come over its socket run on their handlers as in-process calls do, not
 * through Fastify's router: the same answers, and anything unusual still goes to Fastify.
 */
describe('RPCs over the socket, run directly (serveSocketRpcs)', () => {
  let direct: Started;
  let routed: Started;

  beforeAll(async () => {
    [direct, routed] = await Promise.all([start(true), start(false)]);
  });

  afterAll(async () => {
    await Promise.all([direct?.app.close(), routed?.app.close()]);
  });

  it("answers the gateway's client with the caller, the body and the request id, without Fastify's router", async () => {
    const before = direct.routed();
    const client = new ServiceClient<{
      'who.am-i': { request: { echo?: string }; response: { caller: Caller | null; echo: string | null } };
    }>({ service: 'test', baseUrl: direct.url, internalToken: TOKEN });
    try {
      expect(
        await client.call('who.am-i', { echo: 'hi' }, { caller: ANN, requestId: 'req-socket-1' }),
      ).toEqual({
        caller: ANN,
        echo: 'hi',
        requestId: 'req-socket-1',
      });
    } finally {
      await client.close();
    }
    expect(direct.routed()).toBe(before);
  });

  it('gives the answers the router gives: success, no token, an error, bad JSON, unstorable text, another charset', async () => {
    const cases: Array<[string, Record<string, string>]> = [
      ['{"echo":"x"}', {}],
      ['{"echo":"x"}', { [INTERNAL_HEADERS.token]: 'not-the-token-but-long-enough' }],
      ['{}', {}],
      ['{"echo":', {}],
      ['{"echo":"a\\u0000b"}', {}],
      ['{"echo":"x"}', { 'content-type': 'application/json; charset=latin1' }],
      ['"just a string"', {}],
    ];
    const before = direct.routed();
    for (const [body, extra] of cases) {
      const path = body === '{}' ? '/rpc/missing.thing' : '/rpc/who.am-i';
      const headers = json(body, { [INTERNAL_HEADERS.requestId]: 'req-same', ...extra });
      const [a, b] = await Promise.all([
        send(direct.url, path, headers, [body]),
        send(routed.url, path, headers, [body]),
      ]);
      expect(a).toEqual(b);
    }
    expect(direct.routed()).toBe(before);
    const statuses = await Promise.all(
      cases.map(([body, extra]) =>
        send(direct.url, body === '{}' ? '/rpc/missing.thing' : '/rpc/who.am-i', json(body, extra), [
          body,
        ]).then((answer) => answer.status),
      ),
    );
    expect(statuses).toEqual([201, 401, 404, 400, 400, 415, 400]);
  });

  it('leaves anything else to Fastify: another spelling, a query, another content type, a chunked body', async () => {
    const body = '{"echo":"x"}';
    const unusual: Array<[string, Record<string, string>, string[]]> = [
      ['/rpc/WHO.am-i', json(body), [body]],
      ['//rpc/who.am-i', json(body), [body]],
      ['/rpc/who.am-i?x=1', json(body), [body]],
      ['/rpc/who.am-i', json(body, { 'content-type': 'text/plain' }), [body]],
      [
        '/rpc/who.am-i',
        { 'content-type': 'application/json', [INTERNAL_HEADERS.token]: TOKEN },
        ['{"echo":', '"x"}'],
      ],
    ];
    for (const [path, headers, chunks] of unusual) {
      const before = direct.routed();
      const [a, b] = await Promise.all([
        send(direct.url, path, headers, chunks),
        send(routed.url, path, headers, chunks),
      ]);
      expect(direct.routed()).toBe(before + 1);
      expect({ status: a.status, body: a.body.replace(/"requestId":"[^"]+"/, '') }).toEqual({
        status: b.status,
        body: b.body.replace(/"requestId":"[^"]+"/, ''),
      });
    }
  });
});
