/** Renders the whole app (real routes, guards and providers) at a path, over MemoryStore and FakeAuth. */
import { MemoryStore } from '@fit/shared/testing/memory-store';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { AppProviders } from '../src/app/AppProviders.tsx';
import { routes } from '../src/app/routes.tsx';
import type { Backend } from '../src/data/repositories.ts';
import { FakeAuth } from './fake-auth.ts';

export interface TestApp {
  auth: FakeAuth;
  store: MemoryStore;
  backend: Backend & { deleteAccount: ReturnType<typeof vi.fn> };
  router: ReturnType<typeof createMemoryRouter>;
  path: () => string;
}

export function renderApp(
  path: string,
  options: {
    auth?: FakeAuth;
    store?: MemoryStore;
    backend?: Pick<Backend, 'watchRefusedWrites' | 'watchLive'>;
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
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders auth={auth} loadBackend={async () => backend}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { auth, store, backend, router, path: () => router.state.location.pathname };
}
