/**
 * Which files each route's screen needs beyond the first page, written by the build to
 * dist/route-preloads.json. The gateway reads it and adds `<link rel="modulepreload">` for the
 * requested route's chunks to the index.html it answers (and a preload of the route's first API
 * read), so the screen's code downloads alongside the entry instead of after it has run: one
 * round trip less before a phone can paint the screen.
 */

/** A route of src/app/router.tsx and the module of its screen (a key of Vite's manifest). */
export interface RouteScreen {
  /** As in the router: literal segments and `:param` ones. */
  path: string;
  module: string;
  /** Behind ProtectedRoute: a visitor without a session is sent to /auth, so preload that. */
  signedIn?: boolean;
  /** The screen's first API read, `:param`s filled from the path; preloaded with the page. */
  data?: string;
}

const feature = (path: string) => `src/features/${path}.tsx`;

/** Kept in step with router.tsx by route-preloads.spec.ts. */
export const ROUTE_SCREENS: RouteScreen[] = [
  { path: '/auth', module: feature('auth/components/auth-screen') },
  { path: '/', module: feature('feed/components/feed-screen'), signedIn: true },
  { path: '/profile', module: feature('profile/components/profile-screen'), signedIn: true },
  { path: '/settings', module: feature('settings/components/settings-screen'), signedIn: true },
  { path: '/social', module: feature('social/components/social-screen'), signedIn: true },
  { path: '/search', module: feature('social/components/social-screen'), signedIn: true },
  { path: '/edit-badges', module: feature('badges/components/edit-badges-screen'), signedIn: true },
  { path: '/discover', module: feature('discover/components/discover-screen'), signedIn: true },
  { path: '/feedback', module: feature('feedback/components/feedback-screen'), signedIn: true },
  { path: '/admin', module: feature('admin/components/admin-screen'), signedIn: true },
  { path: '/moderation', module: feature('moderation/components/decisions-screen'), signedIn: true },
  { path: '/messages', module: feature('messages/components/messages-screen'), signedIn: true },
  { path: '/profile/:username', module: feature('profile/components/profile-screen') },
  {
    path: '/restaurant/:restaurantId',
    module: feature('restaurants/components/restaurant-screen'),
    data: '/api/restaurants/:restaurantId',
  },
  {
    path: '/restaurants/:restaurantId',
    module: feature('restaurants/components/restaurant-screen'),
    data: '/api/restaurants/:restaurantId',
  },
  { path: '/privacy-policy', module: feature('legal/components/privacy-policy-page') },
  { path: '/terms', module: feature('legal/components/terms-page') },
];

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** What dist/route-preloads.json holds for one route. Paths start with `/`. */
export interface RoutePreload {
  path: string;
  signedIn: boolean;
  data: string | null;
  scripts: string[];
  styles: string[];
}

/**
 * Each route's chunk and the chunks it imports statically, with their styles, less what the first
 * page (index.html) already loads.
 */
export function routePreloads(
  manifest: Record<string, ManifestChunk>,
  firstPage: { scripts: string[]; styles: string[] },
): RoutePreload[] {
  const loaded = new Set([...firstPage.scripts, ...firstPage.styles]);
  return ROUTE_SCREENS.map((route) => {
    const scripts: string[] = [];
    const styles: string[] = [];
    const seen = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || seen.has(key)) return;
      seen.add(key);
      const file = `/${chunk.file}`;
      if (!loaded.has(file)) scripts.push(file);
      for (const css of chunk.css ?? [])
        if (!loaded.has(`/${css}`) && !styles.includes(`/${css}`)) styles.push(`/${css}`);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    if (!manifest[route.module])
      throw new Error(`route ${route.path}: ${route.module} is not in Vite's manifest`);
    visit(route.module);
    return { path: route.path, signedIn: route.signedIn ?? false, data: route.data ?? null, scripts, styles };
  });
}
