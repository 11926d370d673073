/** The route table: the landing page ships in the entry chunk, every other screen in its own. */
import type { ComponentType } from 'react';
import { Navigate, Outlet, type RouteObject, useLocation } from 'react-router-dom';
import { RouteAnnouncer } from '../components/RouteAnnouncer.tsx';
import { RouteError } from '../components/RouteError.tsx';
import { LandingPage } from '../features/auth/LandingPage.tsx';

/** Each path's name, for the document title and the screen-reader announcement. */
const TITLES: Readonly<Record<string, string>> = {
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

/** A route's `lazy`: the screen `name` of the chunk `load` fetches. */
const screen =
  <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  () =>
    load().then((m) => ({ Component: m[name] }));

export const routes: RouteObject[] = [
  {
    element: <Frame />,
    // While the first page's route modules load, nothing renders: index.html's splash shows.
    HydrateFallback: () => null,
    // A crash or a missing chunk outside a signed-in page shows alone (the frame may be what failed).
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/login', lazy: screen(() => import('../features/auth/LoginPage.tsx'), 'LoginPage') },
      { path: '/signup', lazy: screen(() => import('../features/auth/SignUpPage.tsx'), 'SignUpPage') },
      {
        path: '/verify-email',
        lazy: screen(() => import('../features/auth/VerifyEmailPage.tsx'), 'VerifyEmailPage'),
      },
      {
        path: '/forgot-password',
        lazy: screen(() => import('../features/auth/ForgotPasswordPage.tsx'), 'ForgotPasswordPage'),
      },
      {
        path: '/reset-password',
        lazy: screen(() => import('../features/auth/ResetPasswordPage.tsx'), 'ResetPasswordPage'),
      },
      {
        lazy: screen(() => import('./guards.tsx'), 'SignedInArea'),
        children: [
          {
            lazy: screen(() => import('./AppLayout.tsx'), 'AppLayout'),
            children: [
              {
                // A signed-in page that fails shows so under the top bar and nav, which stay.
                errorElement: <RouteError inLayout />,
                children: [
                  {
                    // The dashboard, and a person's profile: people cards are for verified accounts (rules).
                    lazy: screen(() => import('./guards.tsx'), 'RequireVerified'),
                    children: [
                      { path: '/user', lazy: screen(() => import('./UserPage.tsx'), 'UserPage') },
                      {
                        path: '/people/:uid',
                        lazy: screen(() => import('../features/people/PersonPage.tsx'), 'PersonPage'),
                      },
                    ],
                  },
                  {
                    path: '/community',
                    lazy: screen(() => import('../features/community/CommunityPage.tsx'), 'CommunityPage'),
                  },
                  {
                    path: '/account',
                    lazy: screen(() => import('../features/account/AccountPage.tsx'), 'AccountPage'),
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
