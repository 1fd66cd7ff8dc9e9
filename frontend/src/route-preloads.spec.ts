/** The route table the build hands the gateway matches the router's routes and screens. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { firstPageFiles } from '../build/first-page';
import { ROUTE_SCREENS, routePreloads } from '../build/route-preloads';

const routerSource = readFileSync(join(process.cwd(), 'frontend/src/app/router.tsx'), 'utf8');

describe('route preloads', () => {
  it('names every screen the router loads lazily', () => {
    const modules = [...routerSource.matchAll(/import\('@\/(features\/[^']+)'\)/g)].map(
      (m) => `src/${m[1]}.tsx`,
    );
    expect(modules.length).toBeGreaterThan(10);
    const table = new Set(ROUTE_SCREENS.map((route) => route.module));
    for (const module of modules) expect(table).toContain(module);
  });

  it('names every path of the router', () => {
    const paths = [...routerSource.matchAll(/path: '([^']+)'/g)].map((m) => m[1]).filter((p) => p !== '*');
    // /social and /search share one screen through a map in the router.
    paths.push('/social', '/search');
    for (const path of paths) expect(ROUTE_SCREENS.map((route) => route.path)).toContain(path);
  });

  it('lists a route chunk and its imports, less what the first page loads (the built dist)', () => {
    // first-page-budget.spec.ts builds frontend/dist when it is missing; `npm test` builds first.
    const dist = join(process.cwd(), 'frontend/dist');
    const written = JSON.parse(readFileSync(join(dist, 'route-preloads.json'), 'utf8')) as {
      routes: { path: string; scripts: string[] }[];
    };
    const firstPage = firstPageFiles(readFileSync(join(dist, 'index.html'), 'utf8'));
    const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
    const routes = routePreloads(manifest, firstPage);
    expect(written.routes).toEqual(routes);
    const restaurant = routes.find((route) => route.path === '/restaurant/:restaurantId');
    expect(restaurant?.scripts[0]).toMatch(/^\/assets\/restaurant-screen-.+\.js$/);
    for (const route of routes)
      for (const file of firstPage.scripts) expect(route.scripts).not.toContain(file);
    // Leaflet loads after the first paint, never with the page.
    expect(restaurant?.scripts.some((file) => file.includes('/leaflet-'))).toBe(false);
  });

  it('keeps the review sheet (and the drawer under it) out of the screens that only offer it', () => {
    const dist = join(process.cwd(), 'frontend/dist');
    const written = JSON.parse(readFileSync(join(dist, 'route-preloads.json'), 'utf8')) as {
      routes: { path: string; scripts: string[] }[];
    };
    // The modules each chunk holds, from its source map (the build writes them).
    const sourcesOf = (file: string) =>
      (JSON.parse(readFileSync(join(dist, `${file}.map`), 'utf8')) as { sources: string[] }).sources;
    for (const path of ['/restaurant/:restaurantId', '/', '/profile', '/discover']) {
      const route = written.routes.find((candidate) => candidate.path === path);
      expect(route).toBeDefined();
      const sources = route!.scripts.flatMap(sourcesOf);
      expect(
        sources.filter((source) => /\/add-review-sheet\.tsx$|node_modules\/vaul\//.test(source)),
      ).toEqual([]);
    }
  });

  it("carries only the contracts a route uses: no city catalogue, event catalogue or RPC patterns with the sign-in and restaurant pages", () => {
    // libs/contracts is side-effect free ("sideEffects": false): a chunk that imports one constant
    // from its index no longer drags every module of the barrel along.
    const dist = join(process.cwd(), 'frontend/dist');
    const written = JSON.parse(readFileSync(join(dist, 'route-preloads.json'), 'utf8')) as {
      routes: { path: string; scripts: string[] }[];
    };
    const firstPage = firstPageFiles(readFileSync(join(dist, 'index.html'), 'utf8'));
    const sourcesOf = (file: string) =>
      (JSON.parse(readFileSync(join(dist, `${file}.map`), 'utf8')) as { sources: string[] }).sources;
    for (const path of ['/auth', '/restaurant/:restaurantId']) {
      const route = written.routes.find((candidate) => candidate.path === path);
      expect(route).toBeDefined();
      const sources = [...firstPage.scripts, ...route!.scripts].flatMap(sourcesOf);
      expect(
        sources.filter((source) =>
          /libs\/contracts\/src\/(domain\/city-catalogue|events\/catalogue|rpc\/patterns|domain\/common-passwords)\.ts$/.test(source),
        ),
      ).toEqual([]);
    }
  });
});
