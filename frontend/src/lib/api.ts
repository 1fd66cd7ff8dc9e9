/**
 * The one HTTP client of the web app. Every call goes to the same-origin `/api` (Vite proxies it
 * in development), sends the session cookie, and turns a failed answer into an `ApiError` whose
 * message is the sentence the server wrote for the user (spec 1 §8).
 */

export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** From `Retry-After` on a 429 or 503: when the server said to come back. */
  readonly retryAfterMs: number | undefined;

  constructor(message: string, status: number, body: unknown, retryAfterMs?: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.retryAfterMs = retryAfterMs;
  }
}

/** The server shed this request on purpose (503): it is worth trying again a little later. */
export function isBusyError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 503;
}

/** `Retry-After` in milliseconds (seconds or an HTTP date), when the answer carries one. */
function retryAfterOf(response: Response): number | undefined {
  const value = response.headers?.get?.('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** The message a failed response should show: server `message`, else the text, else the status. */
function errorMessage(status: number, statusText: string, text: string, json: unknown): string {
  if (json && typeof json === 'object' && 'message' in json) {
    const message = (json as { message: unknown }).message;
    if (typeof message === 'string' && message.trim()) return message;
    if (Array.isArray(message) && message.length > 0) return message.map(String).join(' ');
  }
  const plain = text.trim();
  // An HTML error page (a proxy's, say) is no sentence for a toast.
  if (plain && json === undefined && !plain.startsWith('<')) return plain.slice(0, 300);
  return `Request failed with status ${status} ${statusText}`.trim();
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

type Body = unknown;

/** How a request leaves: the browser's fetch, or the gateway's own API during a server render. */
export type Transport = (url: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (url, init) => fetch(url, init);

/** The server render (`entry-server.tsx`) reads through the gateway that renders the page. */
export function setTransport(next: Transport): void {
  transport = next;
}

interface RequestOptions {
  body?: Body;
  signal?: AbortSignal;
  query?: Record<string, string | number | boolean | undefined | null>;
}

function withQuery(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    // The browser sets the multipart boundary itself.
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await transport(withQuery(path, options.query), {
      method,
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('Could not reach DineBuds. Check your connection and try again.', 0, undefined);
  }

  const text = await response.text();
  const json = parseJson(text);
  if (!response.ok) {
    throw new ApiError(
      errorMessage(response.status, response.statusText, text, json),
      response.status,
      json ?? text,
      retryAfterOf(response),
    );
  }
  return (json ?? (text || undefined)) as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: Body, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('POST', path, { ...options, body }),
  patch: <T>(path: string, body?: Body, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('PATCH', path, { ...options, body }),
  put: <T>(path: string, body?: Body, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('PUT', path, { ...options, body }),
  // A DELETE may carry a JSON body (DELETE /api/user: the password confirming it).
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
