/** Renders the whole app (real routes, guards and providers) at a path, over MemoryStore and FakeAuth. */
import { MemoryStore } from '@fit/shared/testing/memory-store';
import { render } from '@testing-library/react';
import { MemoryRouter, type NavigateFunction, useLocation, useNavigate } from 'react-router-dom';
import { vi } from 'vitest';
import { AppProviders } from '../src/app/AppProviders.tsx';
import { CHUNKS, SIGNED_IN_PAGES } from '../src/app/preload.ts';
import { AppRoutes } from '../src/app/routes.tsx';
import type { Backend } from '../src/data/repositories.ts';
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

/** What the router shows, read from inside it (the declarative router has no object to ask). */
interface RouterProbe {
  pathname: string;
  search: string;
  navigate: NavigateFunction | undefined;
}

function Probe({ into }: { into: RouterProbe }) {
  const location = useLocation();
  into.pathname = location.pathname;
  into.search = location.search;
  into.navigate = useNavigate();
  return null;
}

export function renderApp(
  path: string,
  options: {
    auth?: FakeAuth;
    store?: MemoryStore;
    backend?: Partial<Pick<Backend, 'watchLive' | 'hasUnsentWrites'>>;
    /** AppProviders' hook for a session's end (main.tsx erases the backend's offline data there). */
    onSessionEnd?: () => void;
  } = {},
): TestApp {
  const auth = options.auth ?? new FakeAuth();
  const store = options.store ?? new MemoryStore();
  const backend = {
    store,
    deleteAccount: vi.fn(async () => {}),
    ...options.backend,
  };
  const probe: RouterProbe = { pathname: path, search: '', navigate: undefined };
  render(
    <AppProviders auth={auth} loadBackend={async () => backend} onSessionEnd={options.onSessionEnd}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <Probe into={probe} />
      </MemoryRouter>
    </AppProviders>,
  );
  const router = {
    navigate: async (to: string) => {
      if (!probe.navigate) throw new Error('the router has not rendered');
      await probe.navigate(to);
    },
  };
  return { auth, store, backend, router, path: () => probe.pathname, search: () => probe.search };
}

/** What `routes.tsx` loads lazily for each path (a file's `vi.mock` stand-ins where it has them). */
const ROUTE_CHUNKS: Record<string, () => Promise<unknown>[]> = {
  '/login': () => [import('../src/features/auth/LoginPage.tsx')],
  '/signup': () => [import('../src/features/auth/SignUpPage.tsx')],
  '/verify-email': () => [import('../src/features/auth/VerifyEmailPage.tsx')],
  '/forgot-password': () => [import('../src/features/auth/ForgotPasswordPage.tsx')],
  '/reset-password': () => [import('../src/features/auth/ResetPasswordPage.tsx')],
  '/user': () => [import('../src/features/onboarding/DisplayNamePrompt.tsx')],
};

/**
 * Imports the chunks of these paths (and of the signed-in frame) ahead of a file's tests:
 * `beforeAll(() => warmRoutes('/login', '/account'))`, under the hook time limit. A chunk's first
 * import in a test worker transforms and evaluates it (MUI included): on a loaded 2-core machine
 * that took most of the first test's wait for a page (8 s, against a 5 s wait). The app still loads
 * them through `React.lazy`; only the cost moves out of the waits.
 */
export async function warmRoutes(...paths: string[]): Promise<void> {
  const chunks: Promise<unknown>[] = [];
  for (const path of paths) {
    const page = SIGNED_IN_PAGES[path];
    if (page) chunks.push(CHUNKS.guards(), CHUNKS.layout(), ...page.map((load) => load()));
    const own = ROUTE_CHUNKS[path];
    if (own) chunks.push(...own());
    if (!page && !own) throw new Error(`warmRoutes: no lazy chunks known for ${path}`);
  }
  await Promise.all(chunks);
}
