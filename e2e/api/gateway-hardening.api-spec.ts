import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { uniqueUsername } from '../support/api-client.js';
import { removeDataDir, startAllInOneSystem } from '../support/system.js';

/**
 * The gateway's edge against abuse, through the whole system: the sign-in limit cannot be dodged
 * by writing X-Forwarded-For (TRUST_PROXY unset), the password change counts against it too, and
 * the session cookie of a session in use is sent again with a later expiry.
 *
 * Each test speaks from its own loopback address (127.0.0.x), so each is its own client for the
 * per-IP limits.
 */

const AUTH_LIMIT = 3;
const PASSWORD = 'Secret#123';
const TOO_MANY_ATTEMPTS = 'Too many attempts. Please try again in a minute.';

interface Answer {
  status: number;
  body: unknown;
  setCookies: string[];
}

let system: Awaited<ReturnType<typeof startAllInOneSystem>>;

/** One request from `from` (a 127.0.0.x address), as a client on that address would send it. */
function send(
  from: string,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const { hostname, port } = new URL(system.baseUrl);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: hostname,
        port,
        method,
        path,
        localAddress: from,
        agent: false,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          let body: unknown = text;
          try {
            body = text === '' ? undefined : JSON.parse(text);
          } catch {
            // not JSON
          }
          const setCookie = res.headers['set-cookie'] ?? [];
          resolve({ status: res.statusCode ?? 0, body, setCookies: setCookie });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

function sessionCookieOf(answer: Answer): { value: string; expires: number; attributes: string } | null {
  const line = answer.setCookies.find((cookie) => cookie.startsWith('dinebuds_sid='));
  if (!line) return null;
  const [pair, ...attributes] = line.split(';').map((part) => part.trim());
  const expires = attributes.find((a) => /^expires=/i.test(a))?.slice('expires='.length);
  return { value: pair.slice('dinebuds_sid='.length), expires: Date.parse(expires ?? ''), attributes: line };
}

async function register(from: string): Promise<string> {
  const answer = await send(from, 'POST', '/api/register', {
    body: { username: uniqueUsername('hard'), password: PASSWORD, name: 'Hardening Test' },
  });
  expect(answer.status).toBe(201);
  return sessionCookieOf(answer)!.value;
}

beforeAll(async () => {
  system = await startAllInOneSystem({ env: { RATE_LIMIT_AUTH_PER_MINUTE: String(AUTH_LIMIT) } });
}, 120_000);

afterAll(async () => {
  await system?.stop();
  if (system) removeDataDir(system.dataDir);
});

describe('gateway hardening', () => {
  it('with TRUST_PROXY unset, a forged X-Forwarded-For does not reset the sign-in limit', async () => {
    const from = '127.0.0.2';
    const attempt = (i: number) =>
      send(from, 'POST', '/api/login', {
        body: { username: uniqueUsername('nobody'), password: 'Wrong#Pass1' },
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
    for (let i = 1; i <= AUTH_LIMIT; i++) expect((await attempt(i)).status).toBe(401);
    const refused = await attempt(AUTH_LIMIT + 1);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ statusCode: 429, message: TOO_MANY_ATTEMPTS, error: 'Too Many Requests' });
    // Another client is not affected.
    expect(
      (await send('127.0.0.5', 'POST', '/api/login', { body: { username: 'x', password: 'y' } })).status,
    ).not.toBe(429);
  });

  it('counts password changes against the sign-in limit', async () => {
    const owner = '127.0.0.3';
    const token = await register('127.0.0.1');
    const change = () =>
      send(owner, 'POST', '/api/user/password', {
        body: { currentPassword: 'Guess#Pass1', newPassword: 'Better#Pass1' },
        headers: { cookie: `dinebuds_sid=${token}` },
      });
    for (let i = 1; i <= AUTH_LIMIT; i++) {
      const wrong = await change();
      expect(wrong.status).toBe(400); // wrong current password
    }
    const refused = await change();
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ message: TOO_MANY_ATTEMPTS });
  });

  it('sends the session cookie again with a later expiry while the session is used, not on every response', async () => {
    const from = '127.0.0.4';
    const registered = await send(from, 'POST', '/api/register', {
      body: { username: uniqueUsername('slide'), password: PASSWORD, name: 'Sliding Session' },
    });
    const issued = sessionCookieOf(registered)!;
    expect(issued.expires).not.toBeNaN();
    // Expires has one-second resolution: let the clock pass a second boundary.
    await new Promise((resolve) => setTimeout(resolve, 1100));

    const used = await send(from, 'GET', '/api/user', {
      headers: { cookie: `dinebuds_sid=${issued.value}` },
    });
    expect(used.status).toBe(200);
    const renewed = sessionCookieOf(used);
    expect(renewed).not.toBeNull();
    expect(renewed!.value).toBe(issued.value);
    expect(renewed!.expires).toBeGreaterThan(issued.expires);
    expect(renewed!.attributes).toMatch(/Max-Age=2592000/);
    expect(renewed!.attributes).toMatch(/HttpOnly/);
    expect(renewed!.attributes).toMatch(/SameSite=Lax/);

    const again = await send(from, 'GET', '/api/user', {
      headers: { cookie: `dinebuds_sid=${issued.value}` },
    });
    expect(again.status).toBe(200);
    expect(sessionCookieOf(again)).toBeNull();
  });
});
