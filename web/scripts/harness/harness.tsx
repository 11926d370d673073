/**
 * Screenshot harness (dev server only, never built): the real routes and providers over FakeAuth
 * (signed in as a verified user) and a seeded MemoryStore, so signed-in screens can be looked at
 * without the Auth emulator. `?path=/account`.
 */
import { paths } from '@fit/shared/model';
import { MemoryStore } from '@fit/shared/testing/memory-store';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../../src/app/AppProviders.tsx';
import { routes } from '../../src/app/routes.tsx';
import { FakeAuth } from '../../test/fake-auth.ts';

const path = new URLSearchParams(location.search).get('path') ?? '/account';
const auth = new FakeAuth();
auth.addUser('ann@example.com', { uid: 'ann', signedIn: true });
const store = new MemoryStore({
  [paths.user('ann')]: {
    userId: 'ann',
    email: 'ann@example.com',
    createdAt: Date.now(),
    displayName: 'Ann',
    firstName: 'Ann',
    lastName: 'Lee',
    gender: 'Female',
    height: 65,
    currentWeight: 140,
  },
  [paths.goal('ann')]: { target: '300', type: 'reps' },
});
const backend = {
  store,
  deleteAccount: async () => {},
  watchPendingWrites: (listener: (n: number) => void) => {
    listener(0);
    return () => {};
  },
};
const router = createMemoryRouter(routes, { initialEntries: [path] });
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <AppProviders auth={auth} loadBackend={async () => backend}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}
