/**
 * A session's end replaces the page (session.tsx, guards.tsx; main.tsx loads /login): once the
 * hook says it is doing so, the signed-in routes draw nothing more for anyone and do not move
 * in-app (a route change racing the page load). The hook runs once per confirmed person who is
 * gone: Logout, a sign-out elsewhere, someone else signing in.
 */
import { paths } from '@fit/shared/model';
import { MemoryStore } from '@fit/shared/testing/memory-store';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { memoryKey } from '../src/data/device-memory.ts';
import { FakeAuth } from './fake-auth.ts';
import { renderApp, warmRoutes } from './render.tsx';

vi.mock('../src/features/dashboard/DashboardPage.tsx', () => import('./stub-pages.tsx'));
vi.mock('../src/features/progress/ProgressSection.tsx', () => import('./stub-pages.tsx'));

beforeAll(() => warmRoutes('/user', '/login'));
afterEach(() => localStorage.clear());

const profiles = new MemoryStore({
  [paths.user('ann')]: { userId: 'ann', email: 'ann@example.com', createdAt: 1, displayName: 'Ann' },
  [paths.user('bob')]: { userId: 'bob', email: 'bob@example.com', createdAt: 1, displayName: 'Bob' },
});

/** Ann on her dashboard, with a session's end that replaces the page (as main.tsx's does). */
async function annReplacedOnEnd() {
  const auth = new FakeAuth();
  auth.addUser('ann@example.com', { uid: 'ann', signedIn: true, password: 'pw-ann' });
  auth.addUser('bob@example.com', { uid: 'bob', password: 'pw-bob' });
  const ended = vi.fn(() => true);
  const app = renderApp('/user', { auth, store: profiles, onSessionEnd: ended });
  await screen.findByRole('heading', { level: 1, name: 'Dashboard stub' }, { timeout: 20_000 });
  expect(localStorage.getItem(memoryKey('signedIn', 'ann'))).not.toBeNull();
  return { app, auth, ended };
}

/** The page is being replaced: a spinner in place of the signed-in routes, no move in-app. */
async function expectLeaving(app: ReturnType<typeof renderApp>) {
  expect(await screen.findByLabelText('Signing out')).toBeVisible();
  expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
  expect(screen.queryByRole('heading', { name: 'Welcome back' })).toBeNull();
  expect(app.path()).toBe('/user');
}

describe('a session that ends replaces the page', () => {
  it('Logout: the hook runs once for Ann, her memory goes, and the routes wait for the page load', async () => {
    const { app, ended } = await annReplacedOnEnd();
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(ended.mock.calls).toEqual([['ann']]));
    await expectLeaving(app);
    expect(localStorage.getItem(memoryKey('signedIn', 'ann'))).toBeNull();
  });

  it('a sign-out in another tab (the auth SDK tells this one) does the same', async () => {
    const { app, auth, ended } = await annReplacedOnEnd();
    await act(() => auth.signOut());
    await waitFor(() => expect(ended.mock.calls).toEqual([['ann']]));
    await expectLeaving(app);
  });

  it('someone else signing in does the same: nothing is drawn for Bob on a page that was Ann’s', async () => {
    const { app, auth, ended } = await annReplacedOnEnd();
    await act(() => auth.signIn('bob@example.com', 'pw-bob'));
    await waitFor(() => expect(ended.mock.calls).toEqual([['ann']]));
    await expectLeaving(app);
  });
});
