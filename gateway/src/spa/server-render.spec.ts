import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import type { FastifyRequest } from 'fastify';
import { serverRenderer, zoneOf } from './server-render.js';

/** A frontend build with a stand-in for the app's server entry (frontend/src/entry-server.tsx). */
function buildWith(entrySource: string | null): string {
  const root = mkdtempSync(join(tmpdir(), 'server-render-'));
  mkdirSync(join(root, 'dist'));
  if (entrySource !== null) {
    mkdirSync(join(root, 'dist-ssr'));
    writeFileSync(join(root, 'dist-ssr', 'entry-server.js'), entrySource);
  }
  built.push(root);
  return join(root, 'dist');
}
const built: string[] = [];
afterAll(() => built.forEach((root) => rmSync(root, { recursive: true, force: true })));

/** An entry that reads what `?read=` names (with the method `?method=` gives) and renders it. */
const READING_ENTRY = `
export async function renderPage({ url, fetch, zone }) {
  const asked = new URL(url, 'http://x');
  if (asked.searchParams.has('slow')) await new Promise((done) => setTimeout(done, 200));
  if (asked.searchParams.has('none')) return null;
  const read = asked.searchParams.get('read');
  const answer = read ? await fetch(read, { method: asked.searchParams.get('method') ?? 'GET' }) : null;
  const html = '<p>' + (answer ? answer.status + ' ' + (await answer.text()) : '') + '</p>';
  return { html, state: { zone }, title: read ? 'Read · DineBuds' : null };
}`;

function request(headers: Record<string, string> = {}, cookies: Record<string, string> = {}) {
  const injected: unknown[] = [];
  const req = {
    id: 'req-page-1',
    headers,
    cookies,
    ip: '203.0.113.9',
    server: {
      inject: async (options: unknown) => {
        injected.push(options);
        return { statusCode: 200, body: '{"me":1}', headers: { 'content-type': 'application/json' } };
      },
    },
  } as unknown as FastifyRequest;
  return { req, injected };
}

describe('the server render of a page', () => {
  it('is off without a server build, and with a time limit of 0', () => {
    expect(serverRenderer(buildWith(null), 2000)).toBeNull();
    expect(serverRenderer(buildWith(READING_ENTRY), 0)).toBeNull();
  });

  it("reads /api as the visitor (cookie, address, the page's request id), GET only, and hands over the page and its state", async () => {
    const render = serverRenderer(buildWith(READING_ENTRY), 2000)!;
    const { req, injected } = request({ cookie: 'dinebuds_sid=abc', 'user-agent': 'phone' });
    expect(await render(req, '/x?read=/api/user')).toEqual({
      html: '<p>200 {"me":1}</p>',
      state: '{"zone":{}}',
      title: 'Read · DineBuds',
    });
    expect(injected).toEqual([
      {
        method: 'GET',
        url: '/api/user',
        headers: {
          accept: 'application/json',
          'x-request-id': 'req-page-1',
          'user-agent': 'phone',
          cookie: 'dinebuds_sid=abc',
        },
        remoteAddress: '203.0.113.9',
      },
    ]);
    // Anything but a read of the API is refused: the render fails and the plain page is sent.
    for (const url of [
      '/x?read=/api/user&method=POST',
      '/x?read=//evil.test/api',
      '/x?read=http://evil.test/',
    ]) {
      expect(await render(req, url)).toBeNull();
    }
    expect(injected).toHaveLength(1);
  });

  it('gives the plain page (null) for a render that declines or takes longer than its limit', async () => {
    const render = serverRenderer(buildWith(READING_ENTRY), 50)!;
    const { req } = request();
    expect(await render(req, '/x?none')).toBeNull();
    expect(await render(req, '/x?slow')).toBeNull();
    expect(await render(req, '/x')).toEqual({ html: '<p></p>', state: '{"zone":{}}', title: null });
  });

  it("takes the visitor's time zone from the app's cookie and language from the browser, when valid", () => {
    expect(
      zoneOf({
        headers: { 'accept-language': 'fr-CA,fr;q=0.9' },
        cookies: { dinebuds_tz: 'America/Toronto' },
      }),
    ).toEqual({ timeZone: 'America/Toronto', locale: 'fr-CA' });
    expect(zoneOf({ headers: { 'accept-language': 'en-GB;q=0.8' }, cookies: {} })).toEqual({
      locale: 'en-GB',
    });
    expect(
      zoneOf({ headers: { 'accept-language': '*' }, cookies: { dinebuds_tz: 'Mars/Olympus_Mons' } }),
    ).toEqual({});
    expect(
      zoneOf({ headers: { 'accept-language': 'x'.repeat(40) }, cookies: { dinebuds_tz: 'UTC' } }),
    ).toEqual({
      timeZone: 'UTC',
    });
    // The locale Intl resolves, so a header cannot make a new formatter per request.
    const locales = ['en-x-a1', 'en-x-b2', 'en-x-c3'].map(
      (language) => zoneOf({ headers: { 'accept-language': language }, cookies: {} }).locale,
    );
    expect(locales).toEqual(['en', 'en', 'en']);
  });

  it('builds no Intl formatter for a time zone and a language it has checked before', () => {
    const visitor = {
      headers: { 'accept-language': 'de-AT,de;q=0.9' },
      cookies: { dinebuds_tz: 'Europe/Vienna' },
    };
    const first = zoneOf(visitor);
    const supported = jest.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf');
    const formatters = jest.spyOn(Intl, 'DateTimeFormat');
    try {
      expect(zoneOf(visitor)).toEqual(first);
      expect(first).toEqual({ timeZone: 'Europe/Vienna', locale: 'de-AT' });
      expect(formatters).not.toHaveBeenCalled();
      expect(supported).not.toHaveBeenCalled();
    } finally {
      formatters.mockRestore();
      supported.mockRestore();
    }
  });
});
