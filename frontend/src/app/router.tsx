import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AuthScreen } from '@/features/auth/components/auth-screen';
import { ProfileScreen } from '@/features/profile/components/profile-screen';
import { PageSpinner } from '@/components/ui/spinner';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './routes/not-found';
import { ProtectedRoute } from './routes/protected-route';
import { RouteError } from './routes/route-error';

/**
 * The route table of spec 2 §2, limited to the screens that exist so far. Until the feed exists,
 * `/` shows the signed-in user's own profile. Screens reached less often load as separate chunks.
 */
const router = createBrowserRouter([
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    // Shown while a lazily loaded screen is fetched on the first page load.
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { path: '/auth', element: <AuthScreen /> },
      {
        element: <ProtectedRoute />,
        children: [
          { path: '/', element: <ProfileScreen /> },
          { path: '/profile', element: <ProfileScreen /> },
          {
            path: '/settings',
            lazy: () =>
              import('@/features/settings/components/settings-screen').then((m) => ({
                Component: m.SettingsScreen,
              })),
          },
          {
            path: '/social',
            lazy: () =>
              import('@/features/social/components/social-screen').then((m) => ({
                Component: m.SocialScreen,
              })),
          },
          {
            path: '/edit-badges',
            lazy: () =>
              import('@/features/badges/components/edit-badges-screen').then((m) => ({
                Component: m.EditBadgesScreen,
              })),
          },
        ],
      },
      { path: '/profile/:username', element: <ProfileScreen /> },
      {
        path: '/privacy-policy',
        lazy: () =>
          import('@/features/legal/components/privacy-policy-page').then((m) => ({
            Component: m.PrivacyPolicyPage,
          })),
      },
      {
        path: '/terms',
        lazy: () =>
          import('@/features/legal/components/terms-page').then((m) => ({ Component: m.TermsPage })),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
