/** The route table the build hands the gateway matches the router's routes and screens. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
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

  it('lists a route chunk and its imports, less what the first page loads', () => {
    const manifest = {
      'src/main.tsx': { file: 'assets/index-a.js', imports: ['_shared'] },
      _shared: { file: 'assets/shared-b.js' },
      'src/features/auth/components/auth-screen.tsx': {
        file: 'assets/auth-c.js',
        imports: ['_shared', '_form'],
        css: ['assets/auth-d.css'],
      },
      _form: { file: 'assets/form-e.js' },
    };
    const [auth] = routePreloads(manifest as never, {
      scripts: ['/assets/index-a.js', '/assets/shared-b.js'],
      styles: [],
    }).filter((route) => route.path === '/auth');
    expect(auth).toEqual({
      path: '/auth',
      signedIn: false,
      data: null,
      scripts: ['/assets/auth-c.js', '/assets/form-e.js'],
      styles: ['/assets/auth-d.css'],
    });
  });
});
