/**
 * The hook for a session's end (session.tsx; main.tsx stops the backend there and deletes the
 * offline cache): once per confirmed person who is gone (Logout, a sign-out elsewhere, someone else
 * signing in), after the signed-in pages have gone (they must not use a stopped backend), while the
 * routes move to /login at once, without waiting for it.
 */
import { paths } from '@fit/shared/model';
import { MemoryStore } from '@fit/shared/testing/memory-store';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeAuth } from './fake-auth.ts';
import { renderApp, warmRoutes } from './render.tsx';

vi.mock('../src/features/dashboard/DashboardPage.tsx', () => import('./stub-pages.tsx'));
vi.mock('../src/features/progress/ProgressSection.tsx', () => import('./stub-pages.tsx'));

beforeAll(() => warmRoutes('/user', '/login'));
afterEach(() => localStorage.clear());

const profiles = () =>
  new MemoryStore({
    [paths.user('ann')]: { userId: 'ann', email: 'ann@example.com', createdAt: 1, displayName: 'Ann' },
    [paths.user('bob')]: { userId: 'bob', email: 'bob@example.com', createdAt: 1, displayName: 'Bob' },
  });

/** Ann on her dashboard; the hook notes whether the signed-in pages were still there when it ran. */
async function annSignedIn() {
  const auth = new FakeAuth();
  auth.addUser('ann@example.com', { uid: 'ann', signedIn: true, password: 'pw-ann' });
  auth.addUser('bob@example.com', { uid: 'bob', password: 'pw-bob' });
  const pagesAtEnd: boolean[] = [];
  const ended = vi.fn((_uid: string) => {
    pagesAtEnd.push(screen.queryByRole('button', { name: 'Logout' }) !== null);
    return new Promise<void>(() => {}); // an erasure that never finishes (a tab holds the cache)
  });
  const app = renderApp('/user', { auth, store: profiles(), onSessionEnd: ended });
  await screen.findByRole('heading', { level: 1, name: 'Dashboard stub' });
  return { app, auth, ended, pagesAtEnd };
}

describe('a session that ends', () => {
  it('Logout: /login at once, the hook once for Ann after her pages have gone, nothing waits for it', async () => {
    const { app, ended, pagesAtEnd } = await annSignedIn();
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeVisible();
    expect(app.path()).toBe('/login');
    await waitFor(() => expect(ended.mock.calls).toEqual([['ann']]));
    expect(pagesAtEnd).toEqual([false]);
  });

  it('a sign-out in another tab (the auth SDK tells this one) does the same', async () => {
    const { app, auth, ended, pagesAtEnd } = await annSignedIn();
    await act(() => auth.signOut());
    await waitFor(() => expect(app.path()).toBe('/login'));
    await waitFor(() => expect(ended.mock.calls).toEqual([['ann']]));
    expect(pagesAtEnd).toEqual([false]);
  });

  it('someone else signing in ends Ann’s session: the pages are Bob’s, after the hook ran for her', async () => {
    const { auth, ended } = await annSignedIn();
    await act(() => auth.signIn('bob@example.com', 'pw-bob'));
    await waitFor(() => expect(ended.mock.calls).toEqual([['ann']]));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard stub' })).toBeVisible();
  });
});
