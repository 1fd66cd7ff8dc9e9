import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { CurrentUserDto, RestaurantDetailDto } from '@dinebuds/contracts';
// The restaurant the app's component tests use, here with a review.
import { EMPTY_RESTAURANT } from '../../frontend/src/features/restaurants/components/restaurant-fixture.js';

/** The app's server entry as the build makes it (frontend/src/entry-server.tsx, `npm run build`). */
interface EntryServer {
  renderPage(request: {
    url: string;
    fetch: (url: string, init: RequestInit) => Promise<Response>;
    zone: { timeZone?: string; locale?: string };
  }): Promise<{
    html: string;
    state: { queries: { queries: { queryKey: unknown[] }[] } };
    title: string | null;
  } | null>;
}

const ENTRY = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'frontend',
  'dist-ssr',
  'entry-server.js',
);

const RESTAURANT: RestaurantDetailDto = {
  ...EMPTY_RESTAURANT,
  name: 'Noodle $$ Nook',
  averageRating: 4,
  totalReviews: 1,
  reviews: [
    {
      id: 1,
      rating: 4,
      review: 'Broth worth the queue.',
      visitDate: null,
      // Late evening in UTC: the next day east of +01:00.
      createdAt: '2026-11-27T23:30:00.000Z',
      user: { id: 2, username: 'ana', name: 'Ana Broth', profilePicture: null },
    },
  ],
};

/** GET /api/env: the restaurant page's map asks for it (the map itself is the browser's). */
const ENV = { '/api/env': () => json({ mapTileUrl: 'https://tiles.example/{z}/{x}/{y}.png' }) };

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** An API as the gateway's own answers it: each path's answer, and the reads made. */
function api(answers: Record<string, () => Response>) {
  const reads: string[] = [];
  const fetch = async (url: string) => {
    reads.push(url);
    await new Promise((done) => setTimeout(done, 5)); // Answers arrive later, interleaved.
    return (answers[url] ?? answers['*'] ?? (() => json({ message: 'Not Found' }, 404)))();
  };
  return { fetch, reads };
}

function me(id: number, name: string): CurrentUserDto {
  return {
    id,
    username: name.toLowerCase().replace(/\W/g, ''),
    name,
    bio: null,
    profilePicture: null,
    reviewCount: 0,
    isAdmin: false,
    isPrivate: false,
    createdAt: '2026-01-02T10:00:00.000Z',
  };
}

describe("the app's server render (the built frontend/dist-ssr)", () => {
  let app: EntryServer;

  beforeAll(async () => {
    if (!existsSync(ENTRY)) throw new Error(`${ENTRY} is missing: run \`npm run build\``);
    app = (await import(pathToFileURL(ENTRY).href)) as EntryServer;
  });

  /** The restaurant page for a visitor without a session, in `zone`. */
  async function restaurantPageFor(zone: { timeZone?: string }) {
    const visitor = api({
      '/api/user': () => json(null, 401),
      '/api/restaurants/5': () => json(RESTAURANT),
      ...ENV,
    });
    return { visitor, page: await app.renderPage({ url: '/restaurant/5', fetch: visitor.fetch, zone }) };
  }

  it('renders a page with the reads it asks for, pass after pass, and hands the answers over', async () => {
    const { page, visitor } = await restaurantPageFor({ timeZone: 'UTC' });
    expect(page?.html).toContain('Noodle $$ Nook');
    expect(page?.html).toContain('Broth worth the queue.');
    expect(page?.html).toContain('Nov 27, 2026');
    // The screen's title, for the page's head (a shared link's preview).
    expect(page?.title).toBe('Noodle $$ Nook · DineBuds');
    expect(visitor.reads).toEqual(expect.arrayContaining(['/api/user', '/api/restaurants/5']));
    const keys = page?.state.queries.queries.map((query) => JSON.stringify(query.queryKey));
    expect(keys).toEqual(expect.arrayContaining(['["current-user"]']));
    expect(keys?.some((key) => key.includes('"restaurant",5'))).toBe(true);
  });

  it("writes dates in the visitor's time zone", async () => {
    const { page } = await restaurantPageFor({ timeZone: 'Pacific/Kiritimati' });
    expect(page?.html).toContain('Nov 28, 2026');
    expect(page?.html).not.toContain('Nov 27, 2026');
  });

  it('keeps two visitors apart when their renders interleave', async () => {
    const pages = await Promise.all(
      [me(1, 'Ana Broth'), me(2, 'Bo Dumpling'), me(3, 'Cy Taco')].map((user) =>
        app.renderPage({
          url: '/settings',
          fetch: api({ '/api/user': () => json(user), '*': () => json([]) }).fetch,
          zone: {},
        }),
      ),
    );
    expect(pages.map((page) => page !== null)).toEqual([true, true, true]);
    expect(pages[0]?.html).toContain('Ana Broth');
    expect(pages[1]?.html).toContain('Bo Dumpling');
    expect(pages[1]?.html).not.toContain('Ana Broth');
    expect(pages[2]?.html).toContain('Cy Taco');
    expect(pages.map((page) => page?.title)).toEqual(Array(3).fill('Settings · DineBuds'));
  });

  it('declines (the plain page) when a read fails, when the page is not found, and when the screen sends the visitor on', async () => {
    const failing = api({ '/api/user': () => json({ message: 'Boom' }, 500) });
    expect(await app.renderPage({ url: '/restaurant/5', fetch: failing.fetch, zone: {} })).toBeNull();
    const missing = api({ '/api/user': () => json(null, 401) });
    expect(await app.renderPage({ url: '/restaurant/5', fetch: missing.fetch, zone: {} })).toBeNull();
    const signedOut = api({ '/api/user': () => json({ message: 'Unauthorized' }, 401), '*': () => json([]) });
    expect(await app.renderPage({ url: '/profile', fetch: signedOut.fetch, zone: {} })).toBeNull();
    // The sign-in screen with a session: the app sends the diner on to the feed.
    const signedIn = api({ '/api/user': () => json(me(1, 'Ana Broth')), '*': () => json([]) });
    expect(await app.renderPage({ url: '/auth', fetch: signedIn.fetch, zone: {} })).toBeNull();
    // Refused reads (the gateway's transport refuses all but GET /api) fail the render too.
    const refusing = async () => {
      throw new Error('A server render only reads /api');
    };
    expect(await app.renderPage({ url: '/auth', fetch: refusing, zone: {} })).toBeNull();
  });
});
