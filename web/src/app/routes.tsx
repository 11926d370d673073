/**
 * The route table (spec section 2), as declarative routes: `BrowserRouter` + `Routes` cost about
 * half of the data router (`createBrowserRouter`, loaders, `errorElement`, `handle`) in the entry
 * chunk, and the app uses none of the data APIs. Errors are caught by `RouteErrorBoundary`; titles
 * come from `TITLES`. The landing page ships in the entry chunk; every other screen loads on
 * demand, so `/` and `/login` stay small and the dashboard, community and account code arrive only
 * when visited (or opened: preload.ts).
 */
import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { AfterFirstPaint } from '../components/AfterFirstPaint.tsx';
import { lazyFrom } from '../components/chunk.ts';
import { Loading } from '../components/Loading.tsx';
import { lazyPart } from '../components/lazy-part.tsx';
import { RouteAnnouncer } from '../components/RouteAnnouncer.tsx';
import { RouteErrorBoundary } from '../components/RouteError.tsx';
import { LandingPage } from '../features/auth/LandingPage.tsx';
import { CHUNKS } from './preload.ts';

// The signed-in frame (guards, top bar), its pages and the sign-in pages are chunks of their own
// (preload.ts).
const SignedInArea = lazyFrom(CHUNKS.guards, 'SignedInArea');
const RequireVerified = lazyFrom(CHUNKS.guards, 'RequireVerified');
const AppLayout = lazyFrom(CHUNKS.layout, 'AppLayout');
const DashboardPage = lazyFrom(CHUNKS.dashboard, 'DashboardPage');
const CommunityPage = lazyFrom(CHUNKS.community, 'CommunityPage');
const AccountPage = lazyFrom(CHUNKS.account, 'AccountPage');
const LoginPage = lazyFrom(CHUNKS.login, 'LoginPage');
const SignUpPage = lazyFrom(CHUNKS.signup, 'SignUpPage');
const VerifyEmailPage = lazy(() =>
  import('../features/auth/VerifyEmailPage.tsx').then((m) => ({ default: m.VerifyEmailPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('../features/auth/ForgotPasswordPage.tsx').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/auth/ResetPasswordPage.tsx').then((m) => ({ default: m.ResetPasswordPage })),
);
const ProgressSection = lazyPart(
  () => import('../features/progress/ProgressSection.tsx').then((m) => m.ProgressSection),
  { sx: { mt: { xs: 2, md: 3 } } }, // a failure keeps the section's gap to the cards above
);
const DisplayNamePrompt = lazy(() =>
  import('../features/onboarding/DisplayNamePrompt.tsx').then((m) => ({ default: m.DisplayNamePrompt })),
);

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
  return TITLES[pathname.replace(/\/+$/, '').toLowerCase() || '/'];
}

/**
 * Everything: a crash or a missing chunk anywhere shows the error alone (the frame itself may be
 * what failed). The boundary clears when the path changes, as the data router's errors did.
 */
function Frame() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <RouteAnnouncer title={titleFor(pathname)} />
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}

/** A signed-in page that fails shows so under the top bar and nav, which stay. */
function InLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary inLayout resetKey={pathname}>
      {children}
    </RouteErrorBoundary>
  );
}

/**
 * `/user`: the display-name prompt while the profile has none, the spec's dashboard, then the
 * progress cards (each a feature of its own).
 */
function UserPage() {
  return (
    <>
      {/* The prompt's gate shows nothing before the profile has loaded: fetched after the first paint,
          beside that load, so that the dashboard's first render does without it. */}
      <AfterFirstPaint>
        <Suspense fallback={null}>
          <DisplayNamePrompt />
        </Suspense>
      </AfterFirstPaint>
      <DashboardPage />
      {/* Below the dashboard's cards: fetched and drawn once the cards above have painted. */}
      <AfterFirstPaint>
        <ProgressSection fallback={null} />
      </AfterFirstPaint>
    </>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Frame />}>
        <Route path="/" element={<LandingPage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/signup" element={<SignUpPage />} />
        <Route path="/verify-email" element={<VerifyEmailPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route element={<SignedInArea />}>
          <Route element={<AppLayout />}>
            <Route
              path="/user"
              element={
                <InLayout>
                  <RequireVerified />
                </InLayout>
              }
            >
              <Route index element={<UserPage />} />
            </Route>
            <Route
              path="/community"
              element={
                <InLayout>
                  <CommunityPage />
                </InLayout>
              }
            />
            <Route
              path="/account"
              element={
                <InLayout>
                  <AccountPage />
                </InLayout>
              }
            />
          </Route>
        </Route>
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
