import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RunningGateway } from '../src/index.js';
import { startLoneGateway } from './support/gateway-under-test.js';

const ASSET = `export const app = ${JSON.stringify('x'.repeat(4000))};`;

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET whose body is kept as sent (fetch would decode it). */
function get(url: string, acceptEncoding?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('compressed delivery', () => {
  let dist: string;
  let gateway: RunningGateway;

  beforeAll(async () => {
    // What the frontend build leaves: each asset with its .br and .gz next to it.
    dist = mkdtempSync(join(tmpdir(), 'dinebuds-compressed-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), ASSET);
    writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(ASSET));
    writeFileSync(join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(ASSET));
    gateway = await startLoneGateway({ frontendDist: dist });
  });

  afterAll(async () => {
    await gateway?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the pre-built brotli or gzip file of an asset, cached for a year, varying on Accept-Encoding', async () => {
    const url = `${gateway.url}/assets/index-abc123.js`;
    const br = await get(url, 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.body).toString()).toBe(ASSET);

    const gzip = await get(url, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(ASSET);

    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(ASSET);
  });

  it('revalidates index.html every time', async () => {
    const page = await get(`${gateway.url}/profile/alice`, 'gzip');
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('compresses a large JSON answer and leaves a small one alone', async () => {
    const docs = await get(`${gateway.url}/api/docs-json`, 'gzip');
    expect(docs.status).toBe(200);
    expect(docs.headers['content-encoding']).toBe('gzip');
    expect(docs.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(gunzipSync(docs.body).toString())).toHaveProperty('openapi');

    const env = await get(`${gateway.url}/api/env`, 'gzip');
    expect(env.status).toBe(200);
    // Issue 13: no cache keeps an API answer (a user's data must not outlive their sign-out).
    expect(docs.headers['cache-control']).toBe('no-store');
    expect(env.headers['cache-control']).toBe('no-store');
    expect(env.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(env.body.toString())).toBeTruthy();
  });

  it('marks an API answer no-store by the route it matched, however its path is spelt', async () => {
    // The router decodes escapes before it matches: /%61pi/env is /api/env.
    const escaped = await get(`${gateway.url}/%61pi/env`);
    expect(escaped.status).toBe(200);
    expect(escaped.headers['cache-control']).toBe('no-store');
    const missing = await get(`${gateway.url}/api/no-such-route`);
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
  });
});
