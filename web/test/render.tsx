/** Renders the whole app (real routes, guards and providers) at a path, over MemoryStore and FakeAuth. */
import { MemoryStore } from '@fit/shared/testing/memory-store';
import { render } from '@testing-library/react';
import { MemoryRouter, type NavigateFunction, useLocation, useNavigate } from 'react-router-dom';
import { vi } from 'vitest';
import { AppProviders } from '../src/app/AppProviders.tsx';
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
    backend?: Partial<Pick<Backend, 'watchRefusedWrites' | 'watchLive' | 'watchPendingWrites'>>;
  } = {},
): TestApp {
  const auth = options.auth ?? new FakeAuth();
  const store = options.store ?? new MemoryStore();
  const backend = {
    store,
    deleteAccount: vi.fn(async () => {}),
    watchPendingWrites: (listener: (pending: number) => void) => {
      listener(0);
      return () => {};
    },
    ...options.backend,
  };
  const probe: RouterProbe = { pathname: path, search: '', navigate: undefined };
  render(
    <AppProviders auth={auth} loadBackend={async () => backend}>
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
