import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { matchRoute, preloadTags, routePages, withRenderedContent } from './route-page.js';

const dist = mkdtempSync(join(tmpdir(), 'route-page-'));
const INDEX =
  '<html><head><title>x</title></head><body><div id="root"><div class="app"><main class="main"></main></div></div>\n  </body></html>';
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

  it('renders a protected route only with a session, and any other route', () => {
    expect(pageFor.rendersAs('/social', true)).toBe(true);
    expect(pageFor.rendersAs('/social', false)).toBe(false);
    expect(pageFor.rendersAs('/restaurant/12', false)).toBe(true);
    expect(pageFor.rendersAs('/nowhere', false)).toBe(true);
  });

  it('carries the rendered content and the state instead of the preloads, its styles applied', () => {
    const page =
      pageFor('/restaurant/12', false, {
        html: '<div class="app"><p>$$ &amp; $1 $&amp;</p></div>',
        state: '{"queries":{"name":"</script><script>alert(1)</script>"},"loaderData":{}}',
        title: null,
      }) ?? '';
    // No title from the screen: index.html's stays.
    expect(page).toContain('<title>x</title>');
    expect(page).not.toContain('as="fetch"');
    // The content is in the page: its styles first; the chunks are listed for the app to start.
    expect(page).not.toContain('modulepreload');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/restaurant-1.css"></head>');
    expect(page).not.toContain('rel="preload" as="style"');
    // The static top bar is replaced, and a `$` in the content stays text.
    expect(page).toContain(
      '<body><div id="root"><div class="app"><p>$$ &amp; $1 $&amp;</p></div></div><script type="application/json" id="server-state">{"queries":{"name":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"},"loaderData":{}}</script><script type="application/json" id="screen-chunks">["/assets/restaurant-1.js"]</script>\n  </body>',
    );
    expect(page).not.toContain('<main class="main"></main>');
    // The same route without a render: the preload, as before.
    expect(pageFor('/restaurant/12', false)).toContain('as="fetch"');
  });

  it("writes the screen's title into the head, escaped, for link previews too", () => {
    const page =
      pageFor('/restaurant/12', false, {
        html: '<p>Tom</p>',
        state: '{}',
        title: 'Tom & "Jerry" </title><script>x</script> · DineBuds',
      }) ?? '';
    const escaped = 'Tom &amp; &quot;Jerry&quot; &lt;/title&gt;&lt;script&gt;x&lt;/script&gt; · DineBuds';
    expect(page).toContain(`<head><title>${escaped}</title><meta property="og:title" content="${escaped}">`);
    expect(page).not.toContain('<title>x</title>');
    expect(page).not.toContain('<script>x');
  });

  it('lists only chunk paths that cannot close the script element', () => {
    const page = withRenderedContent(INDEX, { html: '', state: '{}', title: null }, [
      '/assets/a</script><script>x.js',
      '/assets/ok.js',
    ]);
    expect(page).toContain('<script type="application/json" id="screen-chunks">["/assets/ok.js"]</script>');
    expect(page).not.toContain('<script>x');
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
