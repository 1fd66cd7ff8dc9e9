import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { matchRoute, preloadTags, routePages } from './route-page.js';

const dist = mkdtempSync(join(tmpdir(), 'route-page-'));
const INDEX =
  '<html><head><title>x</title></head><body><div id="root"><main class="main"></main></div></body></html>';
writeFileSync(join(dist, 'index.html'), INDEX);
writeFileSync(
  join(dist, 'route-preloads.json'),
  JSON.stringify({
    routes: [
      { path: '/auth', signedIn: false, data: null, scripts: ['/assets/auth-1.js'], styles: [] },
      {
        path: '/social',
        signedIn: true,
        data: null,
        scripts: ['/assets/social-1.js'],
        styles: ['/assets/social-1.css'],
      },
      {
        path: '/restaurant/:restaurantId',
        signedIn: false,
        data: '/api/restaurants/:restaurantId',
        scripts: ['/assets/restaurant-1.js'],
        styles: ['/assets/restaurant-1.css'],
      },
    ],
  }),
);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('route pages', () => {
  const pageFor = routePages(dist);

  it('matches literal and :param segments', () => {
    expect(matchRoute('/restaurant/:id', '/restaurant/12')).toEqual({ id: '12' });
    expect(matchRoute('/restaurant/:id', '/restaurant/12/')).toEqual({ id: '12' });
    expect(matchRoute('/restaurant/:id', '/restaurant')).toBeNull();
    expect(matchRoute('/', '/')).toEqual({});
    expect(matchRoute('/social', '/Social')).toBeNull();
  });

  it("adds the route's chunks and styles to index.html", () => {
    const page = pageFor('/social', true) ?? '';
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/social-1.js">');
    expect(page).toMatch(/social-1.css">\s*<\/head>/);
    expect(page).toContain('<link rel="preload" as="style" crossorigin href="/assets/social-1.css">');
  });

  it("gives a protected route without a session /auth's preloads", () => {
    const page = pageFor('/social', false) ?? '';
    expect(page).toContain('/assets/auth-1.js');
    expect(page).not.toContain('/assets/social-1.js');
  });

  it("preloads the route's first read with credentials, only for a plain id", () => {
    expect(pageFor('/restaurant/12', false)).toContain(
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/restaurants/12">',
    );
    expect(pageFor('/restaurant/%22%3E%3Cscript%3E', false)).not.toContain('as="fetch"');
  });

  it("names the route's first read, for a plain id only", () => {
    expect(pageFor.dataUrl('/restaurant/12', false)).toEqual({
      pattern: '/api/restaurants/:restaurantId',
      url: '/api/restaurants/12',
    });
    expect(pageFor.dataUrl('/restaurant/%22%3E', false)).toBeNull();
    expect(pageFor.dataUrl('/social', true)).toBeNull();
  });

  it('carries the answer and its content instead of the preloads, its styles applied', () => {
    const page =
      pageFor('/restaurant/12', false, {
        json: '{"id":12,"name":"</script><script>alert(1)</script>"}',
        snapshot: '<div class="page">Tom</div>',
        image: '/api/restaurants/12/photo?v=3',
      }) ?? '';
    expect(page).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/api/restaurants/12/photo?v=3">',
    );
    expect(
      pageFor('/restaurant/12', false, { json: '{}', snapshot: null, image: '/x?a="><script>' }),
    ).not.toContain('as="image"');
    expect(page).not.toContain('as="fetch"');
    // The content is in the page: its styles and picture first, the chunks when the entry asks.
    expect(page).not.toContain('modulepreload');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/restaurant-1.css">');
    expect(page).not.toContain('rel="preload" as="style"');
    expect(page).toContain('<main class="main"><div class="page">Tom</div></main>');
    expect(page).toContain(
      '<script type="application/json" id="route-data" data-url="/api/restaurants/12">{"id":12,"name":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}</script></body>',
    );
    // The same route without the answer: the preload, as before.
    expect(pageFor('/restaurant/12', false)).toContain('as="fetch"');
  });

  it('answers index.html as it is for a path no route names', () => {
    expect(pageFor('/nowhere', true)).toBe(INDEX);
  });

  it('refuses a path in the build file that could break out of the attribute', () => {
    const tags = preloadTags(
      { path: '/x', signedIn: false, data: null, scripts: ['/a"><script>.js'], styles: [] },
      {},
    );
    expect(tags).toBe('');
  });
});
