import { EventEmitter } from 'node:events';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { get as httpGet, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RunningGateway } from '../src/index.js';
import { startLoneGateway } from './support/gateway-under-test.js';

/**
 * Over the gateway's 1 KB compression threshold like the real page (its static layout skeleton),
 * which is sent from memory with the route's preloads and compressed on the way out.
 */
const INDEX = `<!doctype html><html><body><div id="root"><header class="topbar">${'<span class="topbar__brand">DineBuds</span>'.repeat(30)}</header></div><script type="module" src="/assets/index-abc123.js"></script></body></html>`;

describe('gateway serving the built SPA', () => {
  let dist: string;
  let gateway: RunningGateway;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'dinebuds-spa-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    // As the build leaves them: pre-compressed siblings, served to browsers that accept them.
    writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(INDEX));
    writeFileSync(join(dist, 'index.html.gz'), gzipSync(INDEX));
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    gateway = await startLoneGateway({ frontendDist: dist });
  });

  afterAll(async () => {
    await gateway?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html at / and for client routes, never cached', async () => {
    for (const path of ['/', '/profile/alice', '/settings']) {
      const res = await fetch(`${gateway.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(INDEX);
    }
    // A client that takes no compression (curl, a monitor) gets the page too, not a 403.
    for (const path of ['/', '/profile/alice']) {
      const plain = await fetch(`${gateway.url}${path}`, { headers: { 'accept-encoding': 'identity' } });
      expect(plain.status).toBe(200);
      expect(plain.headers.get('cache-control')).toBe('no-cache');
      expect(await plain.text()).toBe(INDEX);
    }
    const dotted = await fetch(`${gateway.url}/profile/john.doe`, {
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(dotted.status).toBe(200);
  });

  it("serves a browser's deep link without piling 'close' listeners on the response", async () => {
    // Each await of a Fastify reply (a thenable) adds 'close' listeners; past Node's limit of 10
    // the process prints MaxListenersExceededWarning. Counted when the answer is finished.
    const closeListeners: number[] = [];
    const server = gateway.app.getHttpServer() as Server;
    const onRequest = (_req: IncomingMessage, res: ServerResponse) =>
      res.once('finish', () => closeListeners.push(res.listenerCount('close')));
    server.on('request', onRequest);
    try {
      for (const path of ['/', '/auth', '/profile/alice']) {
        const res = await fetch(`${gateway.url}${path}`, {
          headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
        });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-encoding')).toBe('br');
        expect(await res.text()).toBe(INDEX);
      }
    } finally {
      server.off('request', onRequest);
    }
    expect(closeListeners).toHaveLength(3);
    for (const count of closeListeners) expect(count).toBeLessThanOrEqual(EventEmitter.defaultMaxListeners);
  });

  it('serves hashed assets with a long cache and other files with a short one', async () => {
    const asset = await fetch(`${gateway.url}/assets/index-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toBe('console.log("app")');
    const icon = await fetch(`${gateway.url}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('answers a missing asset with 404, not the SPA', async () => {
    expect((await fetch(`${gateway.url}/assets/missing-999.js`)).status).toBe(404);
  });

  it('keeps /api to the API: unknown routes are 404 JSON, known ones answer', async () => {
    const missing = await fetch(`${gateway.url}/api/nothing-here`, { headers: { accept: 'text/html' } });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ statusCode: 404, message: 'Not found', error: 'Not Found' });
    expect((await fetch(`${gateway.url}/api/env`)).status).toBe(200);
  });

  it('answers doubled slashes and dot segments with the app or the JSON 404, not a bare 403', async () => {
    // Sent as written: fetch() would resolve the dot segments itself.
    const raw = (path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const { hostname, port } = new URL(gateway.url);
        const req = httpGet({ hostname, port, path, headers: { accept: 'text/html' } }, (res) => {
          let body = '';
          res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
      });
    for (const path of ['//login', '/profile//alice', '/x/../settings', '/%2e%2e/settings']) {
      expect(await raw(path)).toEqual({ status: 200, body: INDEX });
    }
    for (const path of ['/api//env', '/api/%2e%2e/env', '/api/./env', '/assets//index-abc123.js']) {
      const missing = await raw(path);
      expect(missing.status).toBe(404);
      expect(JSON.parse(missing.body)).toMatchObject({ statusCode: 404 });
    }
    // A trailing slash still names the same route.
    expect((await fetch(`${gateway.url}/api/env/`)).status).toBe(200);
  });

  it('keeps /API in any letter case to the API: 404 JSON, not the app (routes are case-sensitive)', async () => {
    for (const path of ['/API/env', '/Api/users/me']) {
      const answer = await fetch(`${gateway.url}${path}`, { headers: { accept: 'text/html' } });
      expect(answer.status).toBe(404);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    }
  });

  it('does not answer other methods with the SPA', async () => {
    expect((await fetch(`${gateway.url}/profile/alice`, { method: 'POST' })).status).toBe(404);
  });
});
