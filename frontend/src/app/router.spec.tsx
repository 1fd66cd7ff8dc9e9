/** The router is built before React renders; its first navigation's loader work waits a task. */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { createQueryClient } from '@/lib/query-client';
import { currentUserQueryKey } from '@/features/auth';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { createAppRouter, currentScreen, type AppRouter } from './router';

// jsdom has no fetch API classes; the router builds a Request per navigation (url and signal are
// all the loaders here read).
if (!('Request' in globalThis)) {
  class TestRequest {
    readonly url: string;
    readonly method: string;
    readonly signal: AbortSignal | undefined;
    constructor(url: string | URL, init: { method?: string; signal?: AbortSignal } = {}) {
      this.url = String(url);
      this.method = init.method ?? 'GET';
      this.signal = init.signal;
    }
  }
  Object.assign(globalThis, { Request: TestRequest });
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createAppRouter', () => {
  let router: AppRouter | null = null;
  afterEach(() => {
    router?.dispose();
    router = null;
    window.history.replaceState(null, '', '/');
  });

  it("runs the first navigation's loader work in a task of its own, and only the matched routes'", async () => {
    mockFetch(() => jsonResponse(null));
    window.history.replaceState(null, '', '/auth');
    const queryClient = createQueryClient();
    const prefetch = jest.spyOn(queryClient, 'prefetchQuery');
    const ensure = jest.spyOn(queryClient, 'ensureQueryData');
    const infinite = jest.spyOn(queryClient, 'prefetchInfiniteQuery');

    router = createAppRouter(queryClient);
    // The navigation matched /auth under the layout; no read has started in this task.
    expect(router.state.matches.map((match) => match.route.path).filter(Boolean)).toEqual(['/auth']);
    expect(prefetch).not.toHaveBeenCalled();

    await nextTask();
    // The layout's loader (the session) ran; no other screen's prefetch (social, profile,
    // messages read the session with ensureQueryData and prefetch lists) did.
    expect(prefetch).toHaveBeenCalledTimes(1);
    expect(prefetch.mock.calls[0][0]).toMatchObject({ queryKey: currentUserQueryKey });
    expect(ensure).not.toHaveBeenCalled();
    expect(infinite).not.toHaveBeenCalled();
  });

  it("runs a later navigation's loader work at once", async () => {
    mockFetch(() => jsonResponse(null));
    window.history.replaceState(null, '', '/auth');
    const queryClient = createQueryClient();
    router = createAppRouter(queryClient);
    await nextTask();
    const ensure = jest.spyOn(queryClient, 'ensureQueryData');
    void router.navigate('/messages');
    await Promise.resolve();
    await Promise.resolve();
    // /messages' prefetch reads the session first (ensureQueryData), before any timer fires.
    expect(ensure).toHaveBeenCalled();
  });

  it('names the screen of the current route, so main.tsx can wait for its code', () => {
    mockFetch(() => jsonResponse(null));
    window.history.replaceState(null, '', '/restaurant/12');
    router = createAppRouter(createQueryClient());
    expect(currentScreen(router)?.preload).toEqual(expect.any(Function));
  });
});
