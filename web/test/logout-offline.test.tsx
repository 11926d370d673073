/**
 * A logout fails mostly for want of a network, and then the toast's own chunk may not load either:
 * the spec's message must still show (as a plain alert), and the page must stay. Likewise the
 * question Logout asks while offline changes wait to sync: without its chunk, the browser asks it.
 */
import { paths } from '@fit/shared/model';
import { MemoryStore } from '@fit/shared/testing/memory-store';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeAuth } from './fake-auth.ts';
import { renderApp, warmRoutes } from './render.tsx';

vi.mock('../src/features/dashboard/DashboardPage.tsx', () => import('./stub-pages.tsx'));
vi.mock('../src/features/progress/ProgressSection.tsx', () => import('./stub-pages.tsx'));
vi.mock('../src/components/ErrorToast.tsx', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});
vi.mock('../src/app/LogoutConfirm.tsx', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

beforeAll(() => warmRoutes('/user'));

describe('a logout that fails while the toast cannot load', () => {
  it("still says 'Failed to log out. Please try again.' and stays on the page", async () => {
    const auth = new FakeAuth();
    auth.addUser('ann@example.com', { verified: true, signedIn: true, uid: 'ann' });
    const store = new MemoryStore({
      [paths.user('ann')]: { userId: 'ann', email: 'ann@example.com', createdAt: 1, displayName: 'Ann' },
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      auth.failNext('signOut', 'auth/network-request-failed');
      const app = renderApp('/user', { auth, store });
      await screen.findByRole('heading', { level: 1, name: 'Dashboard stub' });
      await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
      expect(await screen.findByText('Failed to log out. Please try again.')).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: 'Dashboard stub' })).toBeInTheDocument();
      expect(app.path()).toBe('/user');
    } finally {
      logged.mockRestore();
    }
  });

  it.each([
    [false, '/user'],
    [true, '/login'],
  ])('asks through the browser when the question cannot load (confirmed: %s), once', async (answer, path) => {
    const auth = new FakeAuth();
    auth.addUser('ann@example.com', { verified: true, signedIn: true, uid: 'ann' });
    const store = new MemoryStore({
      [paths.user('ann')]: { userId: 'ann', email: 'ann@example.com', createdAt: 1, displayName: 'Ann' },
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(answer);
    try {
      const app = renderApp('/user', { auth, store, backend: { hasUnsentWrites: async () => true } });
      await screen.findByRole('heading', { level: 1, name: 'Dashboard stub' });
      await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
      await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
      expect(confirm.mock.calls[0]?.[0]).toMatch(/^Changes made offline have not reached the server yet\./);
      await waitFor(() => expect(app.path()).toBe(path));
      expect(auth.current === null).toBe(answer);
      if (!answer) expect(screen.getByRole('button', { name: 'Logout' })).toBeEnabled();
    } finally {
      logged.mockRestore();
      confirm.mockRestore();
    }
  });
});
