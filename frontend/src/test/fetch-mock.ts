/**
 * `fetch` replaced at the network boundary: jsdom has no fetch, and the app's one HTTP client
 * (`lib/api.ts`) only reads `ok`, `status`, `statusText` and `text()` from a response.
 */
import { jest } from '@jest/globals';

export interface FetchCall {
  method: string;
  url: string;
  init: RequestInit;
}

export type FetchHandler = (call: FetchCall) => Response | Promise<Response>;

/** A response with the given raw body text. */
export function textResponse(text: string, status = 200, statusText = status === 200 ? 'OK' : ''): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText,
    text: () => Promise.resolve(text),
  } as Response;
}

export function jsonResponse(body: unknown, status = 200, statusText?: string): Response {
  return textResponse(JSON.stringify(body), status, statusText);
}

/** Installs `handler` as the global fetch; the returned mock records every call. */
export function mockFetch(handler: FetchHandler) {
  const fetchMock = jest.fn((input: RequestInfo | URL, init: RequestInit = {}) =>
    Promise.resolve().then(() => handler({ method: init.method ?? 'GET', url: String(input), init })),
  );
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

/** The calls made so far, as `METHOD url` strings. */
export function callsOf(fetchMock: ReturnType<typeof mockFetch>): string[] {
  return fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);
}

/** A promise settled from the outside, to hold a request open while the test looks at the UI. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A request that never answers (a refetch the test wants to keep out of the picture). */
export function never<T>(): Promise<T> {
  return new Promise<T>(() => undefined);
}
