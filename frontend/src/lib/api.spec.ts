import { describe, expect, it } from '@jest/globals';
import { jsonResponse, mockFetch, textResponse } from '@/test/fetch-mock';
import { api, ApiError, isApiError } from './api';

/** The ApiError a failed call rejects with. */
async function failure(call: Promise<unknown>): Promise<ApiError> {
  try {
    await call;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('api client', () => {
  describe('requests', () => {
    it('GETs with the session cookie and JSON accept header, and returns the parsed body', async () => {
      const fetchMock = mockFetch(() => jsonResponse({ id: 7, username: 'alice' }));

      await expect(api.get('/api/user')).resolves.toEqual({ id: 7, username: 'alice' });

      expect(fetchMock).toHaveBeenCalledTimes(1);
      const [url, init] = fetchMock.mock.calls[0]!;
      expect(url).toBe('/api/user');
      expect(init).toMatchObject({
        method: 'GET',
        credentials: 'include',
        headers: { Accept: 'application/json' },
      });
      expect(init?.body).toBeUndefined();
      expect((init?.headers as Record<string, string>)['Content-Type']).toBeUndefined();
    });

    it('sends a POST / PATCH body as JSON with a JSON content type', async () => {
      const fetchMock = mockFetch(() => jsonResponse({ ok: true }));

      await api.post('/api/login', { username: 'alice', password: 'S3cret!pw' });
      await api.patch('/api/users/1', { bio: 'Tacos' });

      const [, postInit] = fetchMock.mock.calls[0]!;
      expect(postInit).toMatchObject({
        method: 'POST',
        credentials: 'include',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      });
      expect(JSON.parse(postInit?.body as string)).toEqual({ username: 'alice', password: 'S3cret!pw' });

      const [, patchInit] = fetchMock.mock.calls[1]!;
      expect(patchInit?.method).toBe('PATCH');
      expect(patchInit?.body).toBe('{"bio":"Tacos"}');
    });

    it('sends no body and no content type on a POST without one, and DELETEs with credentials', async () => {
      const fetchMock = mockFetch(() => textResponse('', 204, 'No Content'));

      await expect(api.post('/api/logout')).resolves.toBeUndefined();
      await api.delete('/api/sessions/3');

      const [, postInit] = fetchMock.mock.calls[0]!;
      expect(postInit?.body).toBeUndefined();
      expect(postInit?.headers).toEqual({ Accept: 'application/json' });
      expect(fetchMock.mock.calls[1]![1]).toMatchObject({ method: 'DELETE', credentials: 'include' });
    });

    it('passes FormData through untouched, leaving the multipart content type to the browser', async () => {
      const fetchMock = mockFetch(() => jsonResponse({ profilePicture: '/p.png' }));
      const form = new FormData();
      form.append('caption', 'me');

      await api.post('/api/users/1/profile-picture', form);

      const [, init] = fetchMock.mock.calls[0]!;
      expect(init?.body).toBe(form);
      expect(init?.headers).toEqual({ Accept: 'application/json' });
    });

    it('appends query parameters, skipping empty, null and undefined ones', async () => {
      const fetchMock = mockFetch(() => jsonResponse([]));

      await api.get('/api/users/search', {
        query: { q: 'tacos & tea', limit: 10, exact: false, empty: '', none: null, missing: undefined },
      });
      await api.get('/api/users?sort=name', { query: { offset: 50 } });
      await api.get('/api/users', { query: { q: '' } });

      expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
        '/api/users/search?q=tacos+%26+tea&limit=10&exact=false',
        '/api/users?sort=name&offset=50',
        '/api/users',
      ]);
    });

    it('returns a non-JSON success body as text', async () => {
      mockFetch(() => textResponse('pong'));
      await expect(api.get('/api/ping')).resolves.toBe('pong');
    });
  });

  describe('errors', () => {
    it("uses the server's `message` and keeps the status and parsed body", async () => {
      const body = { statusCode: 409, message: 'Username is already taken', error: 'Conflict' };
      mockFetch(() => jsonResponse(body, 409, 'Conflict'));

      const error = await failure(api.post('/api/register', { username: 'alice' }));

      expect(error.message).toBe('Username is already taken');
      expect(error.status).toBe(409);
      expect(error.body).toEqual(body);
      expect(error.name).toBe('ApiError');
    });

    it('joins an array of server messages (validation errors) into one sentence', async () => {
      mockFetch(() =>
        jsonResponse({ message: ['Name is required.', 'Bio is too long.'] }, 400, 'Bad Request'),
      );
      const error = await failure(api.patch('/api/users/1', {}));
      expect(error.message).toBe('Name is required. Bio is too long.');
    });

    it('falls back to the plain response text when there is no JSON message', async () => {
      mockFetch(() => textResponse('  Too many requests, slow down.  ', 429, 'Too Many Requests'));

      const error = await failure(api.get('/api/users'));

      expect(error.message).toBe('Too many requests, slow down.');
      expect(error.status).toBe(429);
      expect(error.body).toBe('  Too many requests, slow down.  ');
    });

    it("falls back to 'Request failed with status {code} {text}' when the body says nothing", async () => {
      mockFetch(() => textResponse('', 503, 'Service Unavailable'));
      expect((await failure(api.get('/api/users'))).message).toBe(
        'Request failed with status 503 Service Unavailable',
      );
    });

    it('does not show an HTML error page or a JSON body without a message', async () => {
      mockFetch(() => textResponse('<html><body>Bad gateway</body></html>', 502, 'Bad Gateway'));
      expect((await failure(api.get('/api/users'))).message).toBe(
        'Request failed with status 502 Bad Gateway',
      );

      mockFetch(() => jsonResponse({ error: 'Internal' }, 500, 'Internal Server Error'));
      expect((await failure(api.get('/api/users'))).message).toBe(
        'Request failed with status 500 Internal Server Error',
      );

      mockFetch(() => jsonResponse({ message: '   ' }, 500, ''));
      expect((await failure(api.get('/api/users'))).message).toBe('Request failed with status 500');
    });

    it('turns a network failure into an ApiError with status 0', async () => {
      mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));

      const error = await failure(api.get('/api/user'));

      expect(error.status).toBe(0);
      expect(error.message).toBe('Could not reach DineBuds. Check your connection and try again.');
    });

    it('lets an aborted request reject with the AbortError itself', async () => {
      mockFetch(() => Promise.reject(new DOMException('The operation was aborted.', 'AbortError')));
      const controller = new AbortController();

      await expect(api.get('/api/users', { signal: controller.signal })).rejects.toMatchObject({
        name: 'AbortError',
      });
    });

    it('isApiError checks the class and, when given, the status', () => {
      const error = new ApiError('Unauthorized', 401, undefined);
      expect(isApiError(error)).toBe(true);
      expect(isApiError(error, 401)).toBe(true);
      expect(isApiError(error, 403)).toBe(false);
      expect(isApiError(new Error('Unauthorized'))).toBe(false);
    });
  });
});
