import { afterEach, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import { admissionFromEnv, DEFAULT_ADMISSION, installAdmission } from './admission.js';

const isProbe = (url: string) => url === '/health';
let app: FastifyInstance | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function start(limits: Partial<typeof DEFAULT_ADMISSION>) {
  app = Fastify();
  await installAdmission(app, { ...DEFAULT_ADMISSION, ...limits }, isProbe, (_method, url) =>
    url.startsWith('/slow'),
  );
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  // How many requests reached each handler: a refusal "at once" is one that never got there.
  const reached = { slow: 0, fast: 0 };
  app.get('/slow', async () => {
    reached.slow++;
    await held;
    return { ok: true };
  });
  app.get('/fast', async () => {
    reached.fast++;
    return { ok: true };
  });
  app.get('/health', async () => ({ ok: true }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, reached, release: () => release() };
}

async function timed(url: string) {
  const response = await fetch(url);
  const body = (await response.json()) as Record<string, unknown>;
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body,
  };
}

describe('admission control', () => {
  it('refuses past the in-flight limit with 503 + Retry-After at once, and admits again after', async () => {
    const { url, reached, release } = await start({
      maxInFlight: 2,
      maxEventLoopDelayMs: 0,
      retryAfterSeconds: 2,
    });
    const slow = [fetch(`${url}/slow`), fetch(`${url}/slow`)];
    await new Promise((resolve) => setTimeout(resolve, 50));
    const refused = await timed(`${url}/fast`).finally(() => {
      // Held requests are let go even when an assertion below fails, so the app can close.
      setTimeout(release, 5_000).unref();
    });
    expect(refused).toMatchObject({
      status: 503,
      retryAfter: '2',
      body: {
        statusCode: 503,
        error: 'Service Unavailable',
        code: 'BUSY',
        message: 'The server is busy. Please try again in a moment.',
      },
    });
    // Refused before any handler ran (how fast that is on a machine is the overload bench's figure).
    expect(reached).toEqual({ slow: 2, fast: 0 });
    // Probes always pass, so a busy replica is not restarted.
    expect((await timed(`${url}/health`)).status).toBe(200);
    release();
    expect((await Promise.all(slow)).map((r) => r.status)).toEqual([200, 200]);
    expect((await timed(`${url}/fast`)).status).toBe(200);
  });

  it('refuses costly requests past their own limit while cheap ones pass', async () => {
    const { url, reached, release } = await start({
      maxInFlight: 100,
      maxCostlyInFlight: 1,
      maxEventLoopDelayMs: 0,
    });
    const slow = fetch(`${url}/slow`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const refused = await timed(`${url}/slow?again`).finally(() => setTimeout(release, 5_000).unref());
    expect(refused).toMatchObject({ status: 503, retryAfter: '1', body: { code: 'BUSY' } });
    expect(reached.slow).toBe(1);
    expect((await timed(`${url}/fast`)).status).toBe(200);
    release();
    expect((await slow).status).toBe(200);
  });

  it('refuses while the event loop is delayed past the threshold', async () => {
    const { url } = await start({
      maxInFlight: 0,
      maxCostlyInFlight: 0,
      maxEventLoopDelayMs: 50,
      sampleIntervalMs: 50,
    });
    // Start-up itself delays the loop: wait for a calm sample first.
    let calm = 0;
    for (let i = 0; i < 100 && calm !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      calm = (await timed(`${url}/fast`)).status;
    }
    expect(calm).toBe(200);
    const until = Date.now() + 300;
    while (Date.now() < until) {
      // Block the loop as a CPU-bound handler would.
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
    const refused = await timed(`${url}/fast`);
    expect(refused).toMatchObject({ status: 503, retryAfter: '1', body: { code: 'BUSY' } });
    expect((await timed(`${url}/health`)).status).toBe(200);
  });

  it('reads its limits from the environment and refuses nonsense', () => {
    expect(admissionFromEnv({})).toEqual(DEFAULT_ADMISSION);
    expect(
      admissionFromEnv({
        ADMISSION_MAX_IN_FLIGHT: '0',
        ADMISSION_MAX_HEAP_MB: '512',
        ADMISSION_RETRY_AFTER_SECONDS: '3',
      }),
    ).toMatchObject({ maxInFlight: 0, maxHeapUsedBytes: 512 * 1024 * 1024, retryAfterSeconds: 3 });
    expect(() => admissionFromEnv({ ADMISSION_MAX_IN_FLIGHT: '-1' })).toThrow('ADMISSION_MAX_IN_FLIGHT');
  });
});
