import {
  createBrowserRouter,
  type HydrationState,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import { PageSpinner } from '@/components/ui/spinner';
import { getCurrentUserQueryOptions } from '@/features/auth/api/get-current-user';
import { AppLayout } from './layout/app-layout';
import { lazyScreen, type LazyScreen } from './routes/lazy-screen';
import { prefetchMessages } from './routes/prefetch-messages';
import { prefetchProfile } from './routes/prefetch-profile';
import { prefetchSocial } from './routes/prefetch-social';
import { NotFoundPage } from './routes/not-found';
import { ProtectedRoute } from './routes/protected-route';
import { RouteError } from './routes/route-error';

// Every screen is its own chunk: the first page downloads the layout and the one screen it shows.
const screens = {
  auth: lazyScreen(
    () => import('@/features/auth/components/auth-screen'),
    (m) => m.AuthScreen,
  ),
  profile: lazyScreen(
    () => import('@/features/profile/components/profile-screen'),
    (m) => m.ProfileScreen,
  ),
  settings: lazyScreen(
    () => import('@/features/settings/components/settings-screen'),
    (m) => m.SettingsScreen,
  ),
  social: lazyScreen(
    () => import('@/features/social/components/social-screen'),
    (m) => m.SocialScreen,
  ),
  discover: lazyScreen(
    () => import('@/features/discover/components/discover-screen'),
    (m) => m.DiscoverScreen,
  ),
  feed: lazyScreen(
    () => import('@/features/feed/components/feed-screen'),
    (m) => m.FeedScreen,
  ),
  editBadges: lazyScreen(
    () => import('@/features/badges/components/edit-badges-screen'),
    (m) => m.EditBadgesScreen,
  ),
  restaurant: lazyScreen(
    () => import('@/features/restaurants/components/restaurant-screen'),
    (m) => m.RestaurantScreen,
  ),
  messages: lazyScreen(
    () => import('@/features/messages/components/messages-screen'),
    (m) => m.MessagesScreen,
  ),
  feedback: lazyScreen(
    () => import('@/features/feedback/components/feedback-screen'),
    (m) => m.FeedbackScreen,
  ),
  moderation: lazyScreen(
    () => import('@/features/moderation/components/decisions-screen'),
    (m) => m.DecisionsScreen,
  ),
  admin: lazyScreen(
    () => import('@/features/admin/components/admin-screen'),
    (m) => m.AdminScreen,
  ),
  privacyPolicy: lazyScreen(
    () => import('@/features/legal/components/privacy-policy-page'),
    (m) => m.PrivacyPolicyPage,
  ),
  terms: lazyScreen(
    () => import('@/features/legal/components/terms-page'),
    (m) => m.TermsPage,
  ),
};

type Prefetch = (queryClient: QueryClient, args: LoaderFunctionArgs) => Promise<unknown>;

/** How a loader runs its work: at once, or (the browser's first navigation) in a task of its own. */
type Scheduler = (work: () => void) => void;

const atOnce: Scheduler = (work) => work();

/**
 * The first navigation runs inside `createBrowserRouter`, in the same task as the route table's
 * set-up. Each of its loaders' pieces of work (the session read, the screen's chunk through Vite's
 * preload helper, the screen's first reads) runs in a task of its own instead, so none makes that
 * task longer: on a phone's CPU each task over 50 ms counts towards total blocking time (the
 * session read alone, TanStack Query's code running for the first time, took ~60 ms at 4x CPU
 * throttling). Later navigations run it at once.
 */
function firstNavigationInTasksOfTheirOwn(): Scheduler {
  let first = true;
  // Timers run in order: this one, then the loaders' work queued during the first navigation.
  setTimeout(() => (first = false), 0);
  return (work) => (first ? setTimeout(work, 0) : work());
}

/**
 * A loader that never blocks navigation: it starts the screen's chunk and its first data requests
 * in parallel and returns at once, so the layout paints while both are on the way. A failed
 * prefetch is not an error here; the screen's own query shows it.
 */
function startLoading(
  queryClient: QueryClient,
  schedule: Scheduler,
  screen: LazyScreen,
  prefetch?: Prefetch,
) {
  return (args: LoaderFunctionArgs) => {
    schedule(() => {
      void screen.preload().catch(() => undefined);
      if (prefetch) void prefetch(queryClient, args).catch(() => undefined);
    });
    return null;
  };
}

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The id of the route whose screens need a session (ProtectedRoute). */
export const SIGNED_IN_ROUTE = 'signed-in';
/** The id of the sign-in screen's route, which sends a signed-in visitor on. */
export const SIGNED_OUT_ROUTE = 'auth';

/** A screen route's `handle`. */
export interface RouteHandle {
  screen: LazyScreen;
}

/** The screen the router's current location shows, if it is a lazy screen. */
export function currentScreen(router: AppRouter): LazyScreen | undefined {
  return screenOf(router.state.matches.at(-1));
}

/** The screen a route match shows, if it is a lazy screen. */
export function screenOf(match: { route: { handle?: unknown } } | undefined): LazyScreen | undefined {
  return (match?.route.handle as RouteHandle | undefined)?.screen;
}

/**
 * The browser's router over the route table. Built once, before React's first render
 * (`main.tsx`): it used to be built in a `useState` initialiser, one unsliceable unit of that
 * render. The first navigation calls only the matched routes' loaders (the layout's and the
 * screen's); their work starts in the next task. With `hydrationData` (the page was rendered by
 * the server, `entry-server.tsx`) the loaders do not run at all: the data is in the query cache.
 */
export function createAppRouter(queryClient: QueryClient, hydrationData?: HydrationState): AppRouter {
  return createBrowserRouter(appRoutes(queryClient, firstNavigationInTasksOfTheirOwn()), { hydrationData });
}

/**
 * The route table of spec 2 §2, limited to the screens that exist so far; `/` is the home feed.
 * The browser's router and the server render (`entry-server.tsx`) share it; `schedule` runs the
 * loaders' work (the server's at once; the browser's first navigation in tasks of their own).
 */
export function appRoutes(queryClient: QueryClient, schedule: Scheduler = atOnce): RouteObject[] {
  const load = (screen: LazyScreen, prefetch?: Prefetch) => ({
    element: screen.element,
    loader: startLoading(queryClient, schedule, screen, prefetch),
    // main.tsx waits for the screen's code before the first render when the gateway drew the page.
    handle: { screen } satisfies RouteHandle,
  });
  const restaurant = load(screens.restaurant);
  const profile = load(screens.profile, (client, { params }) => prefetchProfile(client, params.username));

  return [
    {
      element: <AppLayout />,
      errorElement: <RouteError />,
      // The session request starts with the navigation, not when the layout first renders.
      loader: () => {
        schedule(() => void queryClient.prefetchQuery(getCurrentUserQueryOptions()));
        return null;
      },
      hydrateFallbackElement: <PageSpinner />,
      children: [
        { id: SIGNED_OUT_ROUTE, path: '/auth', ...load(screens.auth) },
        {
          id: SIGNED_IN_ROUTE,
          element: <ProtectedRoute />,
          children: [
            { path: '/', ...load(screens.feed) },
            { path: '/profile', ...profile },
            { path: '/settings', ...load(screens.settings) },
            // /search (spec 2's route table, the inbox's Find People link) is the same screen on
            // its Search Buds tab.
            ...['/social', '/search'].map((path) => ({
              path,
              ...load(screens.social, (client, { request }) =>
                prefetchSocial(client, new URL(request.url).searchParams),
              ),
            })),
            { path: '/edit-badges', ...load(screens.editBadges) },
            { path: '/discover', ...load(screens.discover) },
            { path: '/feedback', ...load(screens.feedback) },
            { path: '/admin', ...load(screens.admin) },
            { path: '/moderation', ...load(screens.moderation) },
            // Spec 2's route table: login required (its inbox section's "Please Login" is the
            // signed-out state this redirect replaces).
            { path: '/messages', ...load(screens.messages, (client) => prefetchMessages(client)) },
          ],
        },
        { path: '/profile/:username', ...profile },
        // Public (spec 2 §2): both spellings are the same page.
        { path: '/restaurant/:restaurantId', ...restaurant },
        { path: '/restaurants/:restaurantId', ...restaurant },
        { path: '/privacy-policy', ...load(screens.privacyPolicy) },
        { path: '/terms', ...load(screens.terms) },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
