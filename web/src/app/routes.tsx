/**
 * The route table (spec section 2). The landing page ships in the entry chunk; every other screen
 * loads on demand, so `/` and `/login` stay small and the dashboard, community and account code
 * arrive only when visited.
 */
import { lazy, Suspense } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { Loading } from '../components/Loading.tsx';
import { RouteAnnouncer, type RouteHandle } from '../components/RouteAnnouncer.tsx';
import { RouteError } from '../components/RouteError.tsx';
import { LandingPage } from '../features/auth/LandingPage.tsx';

// The signed-in frame (guards, top bar) is its own chunk too.
const SignedInArea = lazy(() => import('./guards.tsx').then((m) => ({ default: m.SignedInArea })));
const RequireVerified = lazy(() => import('./guards.tsx').then((m) => ({ default: m.RequireVerified })));
const AppLayout = lazy(() => import('./AppLayout.tsx').then((m) => ({ default: m.AppLayout })));
const LoginPage = lazy(() =>
  import('../features/auth/LoginPage.tsx').then((m) => ({ default: m.LoginPage })),
);
const SignUpPage = lazy(() =>
  import('../features/auth/SignUpPage.tsx').then((m) => ({ default: m.SignUpPage })),
);
const VerifyEmailPage = lazy(() =>
  import('../features/auth/VerifyEmailPage.tsx').then((m) => ({ default: m.VerifyEmailPage })),
);
const DashboardPage = lazy(() =>
  import('../features/dashboard/DashboardPage.tsx').then((m) => ({ default: m.DashboardPage })),
);
const ProgressSection = lazy(() => import('../features/progress/ProgressSection.tsx'));
const DisplayNamePrompt = lazy(() =>
  import('../features/onboarding/DisplayNamePrompt.tsx').then((m) => ({ default: m.DisplayNamePrompt })),
);
const CommunityPage = lazy(() =>
  import('../features/community/CommunityPage.tsx').then((m) => ({ default: m.CommunityPage })),
);
const AccountPage = lazy(() =>
  import('../features/account/AccountPage.tsx').then((m) => ({ default: m.AccountPage })),
);

function Frame() {
  return (
    <>
      <RouteAnnouncer />
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    </>
  );
}

/**
 * `/user`: the display-name prompt while the profile has none, the spec's dashboard, then the
 * progress cards (each a feature of its own).
 */
function UserPage() {
  return (
    <>
      {/* One boundary (the layout's) for both chunks, so the prompt does not push the page down later. */}
      <DisplayNamePrompt />
      <DashboardPage />
      <Suspense fallback={null}>
        <ProgressSection />
      </Suspense>
    </>
  );
}

const titled = (title: string): { handle: RouteHandle } => ({ handle: { title } });
/** A signed-in page that fails shows so under the top bar and nav, which stay. */
const inLayoutError = <RouteError inLayout />;

export const routes: RouteObject[] = [
  {
    element: <Frame />,
    errorElement: <RouteError />,
    children: [
      { path: '/', ...titled('Welcome'), element: <LandingPage /> },
      { path: '/login', ...titled('Log in'), element: <LoginPage /> },
      { path: '/signup', ...titled('Sign up'), element: <SignUpPage /> },
      { path: '/verify-email', ...titled('Verify your email'), element: <VerifyEmailPage /> },
      {
        element: <SignedInArea />,
        children: [
          {
            element: <AppLayout />,
            children: [
              {
                path: '/user',
                ...titled('Dashboard'),
                element: <RequireVerified />,
                errorElement: inLayoutError,
                children: [{ index: true, element: <UserPage /> }],
              },
              {
                path: '/community',
                ...titled('Community'),
                element: <CommunityPage />,
                errorElement: inLayoutError,
              },
              {
                path: '/account',
                ...titled('Account'),
                element: <AccountPage />,
                errorElement: inLayoutError,
              },
            ],
          },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
];
