import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Body, Controller, Get, Headers, type INestApplication, Module, Post } from '@nestjs/common';
import { context, ROOT_CONTEXT, trace, TraceFlags, type SpanContext } from '@opentelemetry/api';
import type { Caller } from '@dinebuds/contracts';
import { DomainError, UpstreamHttpError } from '@dinebuds/errors';
import { formatTraceparent, requestContextManager, structuredLoggerModule } from '@dinebuds/logging';
import { TEST_ADMISSION, freePort } from '@dinebuds/testing';
import { OpenToProbes, OptionalCaller, ServiceClient, createServiceApp } from '../src/index.js';

interface EchoRpc {
  [pattern: string]: { request: unknown; response: unknown };
  'echo.caller': { request: { text: string }; response: { text: string; caller: Caller | null } };
  'echo.fail': { request: Record<string, never>; response: never };
  'echo.slow': { request: { ms: number }; response: { done: true } };
  'echo.traceparent': { request: Record<string, never>; response: { traceparent: string | null } };
}

@Controller('rpc')
class EchoRpcController {
  @Post('echo.caller')
  echo(@Body() body: { text: string }, @OptionalCaller() caller: Caller | null) {
    return { text: body.text, caller };
  }

  @Post('echo.fail')
  fail(): never {
    throw new DomainError('FORBIDDEN', 'You can only change your own profile');
  }

  @Post('echo.slow')
  async slow(@Body() body: { ms: number }) {
    await new Promise((r) => setTimeout(r, body.ms));
    return { done: true };
  }

  @Post('echo.traceparent')
  traceparent(@Headers('traceparent') traceparent: string | undefined) {
    return { traceparent: traceparent ?? null };
  }
}

/** What a service's readiness route answers (the kit's own is tested with the services). */
@Controller('health')
@OpenToProbes()
class EchoHealthController {
  @Get()
  health() {
    return { status: 'ok' };
  }
}

@Module({
  imports: [structuredLoggerModule('echo', 'silent')],
  controllers: [EchoRpcController, EchoHealthController],
})
class EchoModule {}

describe('ServiceClient against a real service app', () => {
  let app: INestApplication;
  let client: ServiceClient<EchoRpc>;
  let baseUrl: string;
  const token = 'test-internal-token-0123456789';

  beforeAll(async () => {
    app = await createServiceApp(EchoModule, { internalToken: token, admission: TEST_ADMISSION });
    const port = await freePort();
    await app.listen(port, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${port}`;
    client = new ServiceClient<EchoRpc>({
      service: 'echo',
      baseUrl,
      internalToken: token,
      timeoutMs: 300,
    });
  });

  afterAll(async () => {
    await client.close();
    await app.close();
  });

  it('passes the request and the caller identity, given alone or in a request origin', async () => {
    const caller = { userId: 7, isAdmin: false, sessionId: 's-1' };
    await expect(client.call('echo.caller', { text: 'hi' }, caller)).resolves.toEqual({ text: 'hi', caller });
    await expect(client.call('echo.caller', { text: 'hi' }, { caller, requestId: 'req-1' })).resolves.toEqual(
      { text: 'hi', caller },
    );
    await expect(client.call('echo.caller', { text: 'anon' })).resolves.toEqual({
      text: 'anon',
      caller: null,
    });
    await expect(
      client.call('echo.caller', { text: 'anon' }, { caller: null, requestId: 'req-2' }),
    ).resolves.toEqual({ text: 'anon', caller: null });
  });

  describe('the W3C traceparent of the active span', () => {
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    const spanId = 'b7ad6b7169203331';
    const callWithin = (span: SpanContext) =>
      context.with(trace.setSpanContext(ROOT_CONTEXT, span), () => client.call('echo.traceparent', {}));

    // What tracing registers (libs/observability), so that context.with carries the span.
    beforeAll(() => {
      context.setGlobalContextManager(requestContextManager);
    });
    afterAll(() => context.disable());

    it.each([TraceFlags.SAMPLED, TraceFlags.NONE])(
      'is sent as the one formatter writes it (flags %d)',
      async (traceFlags) => {
        const span = { traceId, spanId, traceFlags };
        await expect(callWithin(span)).resolves.toEqual({ traceparent: formatTraceparent(span) });
        await expect(callWithin(span)).resolves.toEqual({
          traceparent: `00-${traceId}-${spanId}-0${traceFlags}`,
        });
      },
    );

    it("is the origin's span when the call is given one (the gateway's, no active context)", async () => {
      const span = { traceId, spanId, traceFlags: TraceFlags.NONE };
      const origin = { caller: null, requestId: 'req-3', span: trace.wrapSpanContext(span) };
      await expect(client.call('echo.traceparent', {}, origin)).resolves.toEqual({
        traceparent: formatTraceparent(span),
      });
    });

    it('is not sent without a span, nor for a span context the propagator would not carry on', async () => {
      await expect(client.call('echo.traceparent', {})).resolves.toEqual({ traceparent: null });
      const noSpanId = { traceId, spanId: '0000000000000000', traceFlags: TraceFlags.SAMPLED };
      await expect(callWithin(noSpanId)).resolves.toEqual({ traceparent: null });
    });
  });

  it("relays a service's domain error with its status and message", async () => {
    const error = await client.call('echo.fail', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamHttpError);
    expect(error).toMatchObject({
      status: 403,
      message: 'You can only change your own profile',
      code: 'FORBIDDEN',
    });
  });

  it('rejects calls without the internal token', async () => {
    const intruder = new ServiceClient<EchoRpc>({
      service: 'echo',
      baseUrl,
      internalToken: 'wrong-token-wrong-token',
    });
    await expect(
      intruder.call('echo.caller', { text: 'x' }, { userId: 1, isAdmin: true, sessionId: null }),
    ).rejects.toMatchObject({ status: 401 });
    await intruder.close();
  });

  it('sends the patterns of its own lane on their own connections, never behind the queue of the rest', async () => {
    const laned = new ServiceClient<EchoRpc>({
      service: 'echo',
      baseUrl,
      internalToken: token,
      timeoutMs: 5000,
      connections: 1,
      ownLane: { patterns: ['echo.caller'], connections: 1 },
    });
    try {
      // The one shared connection is held by a slow call, with another queued behind it.
      const slow = [laned.call('echo.slow', { ms: 400 }), laned.call('echo.slow', { ms: 400 })];
      let slowDone = false;
      void Promise.all(slow).then(() => (slowDone = true));
      await expect(laned.call('echo.caller', { text: 'first' })).resolves.toMatchObject({ text: 'first' });
      expect(slowDone).toBe(false);
      await Promise.all(slow);
    } finally {
      await laned.close();
    }
  });

  it('refuses at once with 503 BUSY while its queue makes calls wait past the budget, not 504 later', async () => {
    const queued = new ServiceClient<EchoRpc>({
      service: 'echo',
      baseUrl,
      internalToken: token,
      timeoutMs: 5000,
      connections: 1,
      queueBudgetMs: 100,
    });
    try {
      // A call slower than the budget ends; another holds the one connection.
      await queued.call('echo.slow', { ms: 300 });
      let held = true;
      const holding = queued.call('echo.slow', { ms: 300 }).finally(() => (held = false));
      await expect(queued.call('echo.caller', { text: 'x' })).rejects.toMatchObject({
        status: 503,
        code: 'BUSY',
        retryAfterSeconds: 1,
        message: 'The server is busy. Please try again in a moment.',
      });
      // Refused without waiting for the connection: the holding call is still running.
      expect(held).toBe(true);
      await holding;
      await expect(queued.call('echo.caller', { text: 'y' })).resolves.toMatchObject({ text: 'y' });
    } finally {
      await queued.close();
    }
  });

  it("asks for the service's health: ok with its report, not ok when nothing answers", async () => {
    await expect(client.health()).resolves.toEqual({ ok: true, details: { status: 'ok' } });
    const gone = new ServiceClient<EchoRpc>({
      service: 'gone',
      baseUrl: `http://127.0.0.1:${await freePort()}`,
      internalToken: token,
    });
    await expect(gone.health()).resolves.toMatchObject({ ok: false, details: { error: expect.any(String) } });
    await gone.close();
  });

  it('turns a slow service into 504 and a missing one into 503', async () => {
    await expect(client.call('echo.slow', { ms: 1000 })).rejects.toMatchObject({ status: 504 });
    const gone = new ServiceClient<EchoRpc>({
      service: 'gone',
      baseUrl: `http://127.0.0.1:${await freePort()}`,
      internalToken: token,
    });
    await expect(gone.call('echo.caller', { text: 'x' })).rejects.toMatchObject({
      status: 503,
      message: 'The gone service is unavailable',
    });
    await gone.close();
  });
});
