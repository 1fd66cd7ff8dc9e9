import { TINY_PNG_BASE64 } from '@dinebuds/testing';

/** Small fetch helpers for gateway tests: JSON in and out, cookies kept by hand. */
export interface ApiAnswer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
  setCookies: string[];
}

// Tests read answers loosely (res.body.message); each assertion checks the shape it relies on.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function api<T = any>(
  baseUrl: string,
  path: string,
  init: RequestInit & { json?: unknown; cookie?: string } = {},
): Promise<ApiAnswer<T>> {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set('cookie', init.cookie);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.json);
  }
  const response = await fetch(`${baseUrl}${path}`, { ...init, headers, body, redirect: 'manual' });
  const text = await response.text();
  let parsed: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('json') && text !== '') parsed = JSON.parse(text);
  return {
    status: response.status,
    headers: response.headers,
    body: parsed as T,
    text,
    setCookies: response.headers.getSetCookie(),
  };
}

/** 'dinebuds_sid=abc' from a Set-Cookie list, for the next request's Cookie header. */
export function sessionCookie(setCookies: string[], name = 'dinebuds_sid'): string {
  const line = setCookies.find((c) => c.startsWith(`${name}=`));
  if (!line) throw new Error(`no ${name} cookie in ${JSON.stringify(setCookies)}`);
  return line.split(';')[0];
}

/** The smallest valid PNG (1x1 transparent pixel). */
export const TINY_PNG = Buffer.from(TINY_PNG_BASE64, 'base64');

/** A strong password no common-password list holds. */
export const PASSWORD = 'Secret#123x';

export const NOT_AUTHENTICATED = { statusCode: 401, message: 'Not authenticated', error: 'Unauthorized' };
