import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Body, Controller, type INestApplication, Module, Post, Res } from '@nestjs/common';
import type { Caller } from '@dinebuds/contracts';
import { UpstreamHttpError, notFound } from '@dinebuds/errors';
import { currentRequestId, structuredLoggerModule } from '@dinebuds/logging';
import { TEST_ADMISSION } from '@dinebuds/testing';
import {
  OpenToProbes,
  OptionalCaller,
  ServiceClient,
  admissionRefusalsOf,
  createServiceApp,
  rpcDispatchOf,
} from '../src/index.js';

/** How many times the protected route's handler ran: a refused call must never reach it. */
let whoAmIRuns = 0;

/** A service app whose routes tell who called, fail on purpose, or answer late. */
@Controller('rpc')
class InProcessTestController {
  @Post('who.am-i')
  whoAmI(@Body() body: { echo?: string }, @OptionalCaller() caller: Caller | null) {
    whoAmIRuns += 1;
    return { caller, echo: body.echo ?? null, requestId: currentRequestId() };
  }

  /** The one route here that answers without the token (as health does): the guard reads the matched route's mark. */
  @OpenToProbes()
  @Post('probe.open')
  probe() {
    return { open: true };
  }

  @Post('missing.thing')
  missing() {
    throw notFound('No such thing');
  }

  @Post('slow.answer')
  async slow() {
    await new Promise((resolve) => setTimeout(resolve, 500));
    return { late: true };
  }
}

@Module({
  imports: [structuredLoggerModule('in-process-test', 'silent')],
  controllers: [InProcessTestController],
})
class InProcessTestModule {}

/** A handler that writes its own reply: a direct call has none to hand it. */
@Controller('rpc')
class RepliesItselfController {
  @Post('writes.reply')
  write(@Res() res: { send(body: string): void }) {
    res.send('{}');
  }
}

@Module({
  imports: [structuredLoggerModule('in-process-test', 'silent')],
  controllers: [RepliesItselfController],
})
class RepliesItselfModule {}

type TestRpc = {
  'who.am-i': {
    request: { echo?: string; note?: string };
    response: { caller: Caller | null; echo: string | null; requestId: string | null };
  };
  'missing.thing': { request: Record<string, never>; response: never };
  'slow.answer': { request: Record<string, never>; response: { late: boolean } };
  'no.such-route': { request: Record<string, never>; response: never };
  'probe.open': { request: Record<string, never>; response: { open: boolean } };
};

const TOKEN = 'internal-token-for-the-in-process-test-0123';
const ANN: Caller = { userId: 7, isAdmin: false, sessionId: null };

/**
 * The one-process runner's calls straight into a service's RPC handlers: no socket and no HTTP
 * request, but the same route matching, admission door, token check, caller headers, body checks,
 * error answers and deadline as over HTTP.
 */
describe('ServiceClient in process: the same rules without the socket', () => {
  let app: INestApplication;

  const clientOf = (target: INestApplication, internalToken: string, timeoutMs = 2000) =>
    new ServiceClient<TestRpc>({
      service: 'test',
      // Never dialled: nothing listens here, so a call that went over HTTP would fail.
      baseUrl: 'http://127.0.0.1:9',
      internalToken,
      timeoutMs,
      inProcess: rpcDispatchOf(target),
    });
  const clientWith = (internalToken: string, timeoutMs = 2000) => clientOf(app, internalToken, timeoutMs);

  const failureOf = async (call: Promise<unknown>) => {
    try {
      await call;
    } catch (error) {
      return error as UpstreamHttpError;
    }
    throw new Error('the call succeeded');
  };

  beforeAll(async () => {
    app = await createServiceApp(InProcessTestModule, { internalToken: TOKEN, admission: TEST_ADMISSION });
    // Initialised, never listening: the in-process path needs no port.
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });

  afterAll(async () => {
    await app?.close();
  });

  it('answers through the route with the caller, the body the client sent and its request id', async () => {
    const origin = { caller: ANN, requestId: 'req-in-process-1' };
    const answer = await clientWith(TOKEN).call('who.am-i', { echo: 'hi' }, origin);
    expect(answer).toEqual({ caller: ANN, echo: 'hi', requestId: 'req-in-process-1' });
    expect(await clientWith(TOKEN).callJson('who.am-i', {}, origin)).toBe(
      JSON.stringify({ caller: ANN, echo: null, requestId: 'req-in-process-1' }),
    );
  });

  it('runs the handler without an HTTP request: no Fastify hook sees the call', async () => {
    let seen = 0;
    const hooked = await createServiceApp(InProcessTestModule, {
      internalToken: TOKEN,
      admission: TEST_ADMISSION,
    });
    hooked
      .getHttpAdapter()
      .getInstance()
      .addHook('onRequest', (_req, _reply, done) => {
        seen += 1;
        done();
      });
    await hooked.init();
    try {
      expect((await clientOf(hooked, TOKEN).call('who.am-i', { echo: 'direct' }, ANN)).echo).toBe('direct');
      expect(seen).toBe(0);
    } finally {
      await hooked.close();
    }
  });

  it('refuses text PostgreSQL cannot store with a 400 before the handler, as over HTTP', async () => {
    const runsBefore = whoAmIRuns;
    const failure = await failureOf(clientWith(TOKEN).call('who.am-i', { note: 'a\u0000b' }, ANN));
    expect(failure.status).toBe(400);
    expect(whoAmIRuns).toBe(runsBefore);
  });

  it('will not start with a handler that writes its own reply (a direct call has none)', async () => {
    const app2 = await createServiceApp(RepliesItselfModule, {
      internalToken: TOKEN,
      admission: TEST_ADMISSION,
    });
    await app2.init();
    try {
      expect(() => rpcDispatchOf(app2)).toThrow(/no @Res/);
    } finally {
      await app2.close();
    }
  });

  it('still refuses a wrong or missing token on the route it matched', async () => {
    const runsBefore = whoAmIRuns;
    for (const token of ['not-the-token-but-long-enough', '']) {
      const failure = await failureOf(clientWith(token).call('who.am-i', {}, ANN));
      expect(failure).toBeInstanceOf(UpstreamHttpError);
      expect({ status: failure.status, message: failure.message }).toEqual({
        status: 401,
        message: 'Internal calls must come from the gateway',
      });
    }
    // Refused before the handler: being in the same process earns no way round the guard.
    expect(whoAmIRuns).toBe(runsBefore);
  });

  it("decides by the matched route's mark, as over HTTP: only the probe route answers without the token", async () => {
    const untokened = clientWith('');
    expect(await untokened.call('probe.open', {}, ANN)).toEqual({ open: true });
    expect((await failureOf(untokened.call('who.am-i', {}, ANN))).status).toBe(401);
  });

  it("goes through the service's admission door: its bounds refuse and its turns come back", async () => {
    // One request in flight at a time: the door, in front of the router, refuses the second.
    const narrow = await createServiceApp(InProcessTestModule, {
      internalToken: TOKEN,
      admission: { ...TEST_ADMISSION, maxInFlight: 1 },
    });
    await narrow.init();
    await narrow.getHttpAdapter().getInstance().ready();
    try {
      const client = clientOf(narrow, TOKEN);
      const [slow, refused] = await Promise.allSettled([
        client.call('slow.answer', {}, ANN),
        client.call('who.am-i', {}, ANN),
      ]);
      expect(slow).toEqual({ status: 'fulfilled', value: { late: true } });
      const failure = (refused as PromiseRejectedResult).reason as UpstreamHttpError;
      expect({ status: failure.status, code: failure.code }).toEqual({ status: 503, code: 'BUSY' });
      expect(admissionRefusalsOf(narrow).inFlight).toBe(1);
      // The answered call gave its place back: the next ones get in, one after the other.
      for (let i = 0; i < 3; i += 1)
        expect((await client.call('who.am-i', { echo: `${i}` }, ANN)).echo).toBe(`${i}`);
    } finally {
      await narrow.close();
    }
  });

  it('does not start a call its caller stopped waiting for while it waited for a turn', async () => {
    // One turn at a time, and a queue wait far longer than the callers' patience.
    const narrow = await createServiceApp(InProcessTestModule, {
      internalToken: TOKEN,
      admission: { ...TEST_ADMISSION, maxConcurrent: 1, maxQueueWaitMs: 60_000 },
    });
    await narrow.init();
    await narrow.getHttpAdapter().getInstance().ready();
    try {
      const slow = clientOf(narrow, TOKEN).call('slow.answer', {}, ANN);
      const runsBefore = whoAmIRuns;
      // Queued behind the slow call's turn (500 ms); its caller gives up after 100 ms.
      const impatient = await failureOf(clientOf(narrow, TOKEN, 100).call('who.am-i', {}, ANN));
      expect(impatient.status).toBe(504);
      await expect(slow).resolves.toEqual({ late: true });
      // Its turn came after its caller's deadline: refused at the door, the handler never ran.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(whoAmIRuns).toBe(runsBefore);
      expect(admissionRefusalsOf(narrow).expired).toBe(1);
      // A patient caller behind the same turn is served.
      expect((await clientOf(narrow, TOKEN).call('who.am-i', { echo: 'x' }, ANN)).echo).toBe('x');
    } finally {
      await narrow.close();
    }
  });

  it("relays the service's own error answer and an unknown route's", async () => {
    const missing = await failureOf(clientWith(TOKEN).call('missing.thing', {}, ANN));
    expect({ status: missing.status, message: missing.message }).toEqual({
      status: 404,
      message: 'No such thing',
    });
    expect((await failureOf(clientWith(TOKEN).call('no.such-route', {}, ANN))).status).toBe(404);
  });

  it('gives up at the deadline with a 504, as over HTTP', async () => {
    const late = await failureOf(clientWith(TOKEN, 100).call('slow.answer', {}, ANN));
    expect({ status: late.status, code: late.code }).toEqual({ status: 504, code: 'UPSTREAM_TIMEOUT' });
  });
});
