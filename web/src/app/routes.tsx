/**
 * The route table (spec section 2), for React Router's data router. The landing page ships in the
 * entry chunk; every other screen is a chunk of its own, loaded by its route's `lazy` (the router
 * fetches the chunks of all the routes a path matches at once: the signed-in frame and its page).
 * Errors, a chunk that failed to load included, show in the routes' `errorElement`.
 */
import { Navigate, Outlet, type RouteObject, useLocation } from 'react-router-dom';
import { RouteAnnouncer } from '../components/RouteAnnouncer.tsx';
import { RouteError } from '../components/RouteError.tsx';
import { LandingPage } from '../features/auth/LandingPage.tsx';

/** Each path's name, for the document title and the screen-reader announcement. */
export const TITLES: Readonly<Record<string, string>> = {
  '/': 'Welcome',
  '/login': 'Log in',
  '/signup': 'Sign up',
  '/verify-email': 'Verify your email',
  '/forgot-password': 'Forgot password',
  '/reset-password': 'Reset password',
  '/user': 'Dashboard',
  '/community': 'Community',
  '/account': 'Account',
};

/** The table's key for a location: paths match case-insensitively and ignore a trailing slash. */
export function titleFor(pathname: string): string | undefined {
  const path = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  // One title for every person's page (their name is the page's heading).
  return path.startsWith('/people/') ? 'Profile' : TITLES[path];
}

function Frame() {
  const { pathname } = useLocation();
  return (
    <>
      <RouteAnnouncer title={titleFor(pathname)} />
      <Outlet />
    </>
  );
}

export const routes: RouteObject[] = [
  {
    element: <Frame />,
    // While the first page's route modules load, nothing renders: index.html's splash shows.
    HydrateFallback: () => null,
    // A crash or a missing chunk outside a signed-in page shows alone (the frame may be what failed).
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <LandingPage /> },
      {
        path: '/login',
        lazy: () => import('../features/auth/LoginPage.tsx').then((m) => ({ Component: m.LoginPage })),
      },
      {
        path: '/signup',
        lazy: () => import('../features/auth/SignUpPage.tsx').then((m) => ({ Component: m.SignUpPage })),
      },
      {
        path: '/verify-email',
        lazy: () =>
          import('../features/auth/VerifyEmailPage.tsx').then((m) => ({ Component: m.VerifyEmailPage })),
      },
      {
        path: '/forgot-password',
        lazy: () =>
          import('../features/auth/ForgotPasswordPage.tsx').then((m) => ({
            Component: m.ForgotPasswordPage,
          })),
      },
      {
        path: '/reset-password',
        lazy: () =>
          import('../features/auth/ResetPasswordPage.tsx').then((m) => ({ Component: m.ResetPasswordPage })),
      },
      {
        lazy: () => import('./guards.tsx').then((m) => ({ Component: m.SignedInArea })),
        children: [
          {
            lazy: () => import('./AppLayout.tsx').then((m) => ({ Component: m.AppLayout })),
            children: [
              {
                // A signed-in page that fails shows so under the top bar and nav, which stay.
                errorElement: <RouteError inLayout />,
                children: [
                  {
                    path: '/user',
                    lazy: () => import('./guards.tsx').then((m) => ({ Component: m.RequireVerified })),
                    children: [
                      {
                        index: true,
                        lazy: () => import('./UserPage.tsx').then((m) => ({ Component: m.UserPage })),
                      },
                    ],
                  },
                  {
                    path: '/community',
                    lazy: () =>
                      import('../features/community/CommunityPage.tsx').then((m) => ({
                        Component: m.CommunityPage,
                      })),
                  },
                  {
                    // A person's profile: people cards are for verified accounts (rules).
                    path: '/people/:uid',
                    lazy: () => import('./guards.tsx').then((m) => ({ Component: m.RequireVerified })),
                    children: [
                      {
                        index: true,
                        lazy: () =>
                          import('../features/people/PersonPage.tsx').then((m) => ({
                            Component: m.PersonPage,
                          })),
                      },
                    ],
                  },
                  {
                    path: '/account',
                    lazy: () =>
                      import('../features/account/AccountPage.tsx').then((m) => ({
                        Component: m.AccountPage,
                      })),
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
