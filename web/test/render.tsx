/** Renders the whole app (real routes, guards and providers) at a path, over MemoryStore and FakeAuth. */
import { MemoryStore } from '@fit/shared/testing/memory-store';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { AppProviders } from '../src/app/AppProviders.tsx';
import { routes } from '../src/app/routes.tsx';
import type { Backend } from '../src/data/page-backend.ts';
import { FakeAuth } from './fake-auth.ts';

export interface TestApp {
  auth: FakeAuth;
  store: MemoryStore;
  backend: Backend & { deleteAccount: ReturnType<typeof vi.fn> };
  /** Client-side navigation, as a link click does. */
  router: { navigate: (to: string) => Promise<void> };
  path: () => string;
  search: () => string;
}

export function renderApp(
  path: string,
  options: {
    auth?: FakeAuth;
    store?: MemoryStore;
    backend?: Partial<Pick<Backend, 'watchLive' | 'hasUnsentWrites'>>;
    /** AppProviders' hook for a session's end (main.tsx loads /login in the page's place there). */
    onSessionEnd?: (uid: string) => unknown;
  } = {},
): TestApp {
  const auth = options.auth ?? new FakeAuth();
  const store = options.store ?? new MemoryStore();
  const backend = {
    store,
    deleteAccount: vi.fn(async () => {}),
    ...options.backend,
  };
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders auth={auth} loadBackend={async () => backend} onSessionEnd={options.onSessionEnd}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return {
    auth,
    store,
    backend,
    router: { navigate: (to: string) => router.navigate(to) },
    path: () => router.state.location.pathname,
    search: () => router.state.location.search,
  };
}

const FRAME = () => [import('../src/app/guards.tsx'), import('../src/app/AppLayout.tsx')];

/** What the routes' `lazy` loads for each path (a file's `vi.mock` stand-ins where it has them). */
const ROUTE_MODULES: Record<string, () => Promise<unknown>[]> = {
  '/login': () => [import('../src/features/auth/LoginPage.tsx')],
  '/signup': () => [import('../src/features/auth/SignUpPage.tsx')],
  '/verify-email': () => [import('../src/features/auth/VerifyEmailPage.tsx')],
  '/forgot-password': () => [import('../src/features/auth/ForgotPasswordPage.tsx')],
  '/reset-password': () => [import('../src/features/auth/ResetPasswordPage.tsx')],
  '/user': () => [...FRAME(), import('../src/app/UserPage.tsx')],
  '/community': () => [...FRAME(), import('../src/features/community/CommunityPage.tsx')],
  '/account': () => [...FRAME(), import('../src/features/account/AccountPage.tsx')],
};

/**
 * Imports the route modules of these paths ahead of a file's tests:
 * `beforeAll(() => warmRoutes('/login', '/account'))`, under the hook time limit. A module's first
 * import in a test worker transforms and evaluates it (MUI included): on a loaded 2-core machine
 * that took most of the first test's wait for a page (8 s, against a 5 s wait). The router still
 * loads them through the routes' `lazy`; only the cost moves out of the waits.
 */
export async function warmRoutes(...paths: string[]): Promise<void> {
  await Promise.all(
    paths.flatMap((path) => {
      const modules = ROUTE_MODULES[path];
      if (!modules) throw new Error(`warmRoutes: no route modules known for ${path}`);
      return modules();
    }),
  );
}
