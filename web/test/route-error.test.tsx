/**
 * The routes' `errorElement`: a page that crashes shows the page error under the top bar, whose
 * nav still works and leaves the error behind; a page whose code cannot be loaded says so
 * (offline: no reload, Retry waits).
 */
import { paths } from '@fit/shared/model';
import { MemoryStore } from '@fit/shared/testing/memory-store';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHUNK_FAILED, PAGE_FAILED } from '../src/components/RouteError.tsx';
import { FakeAuth } from './fake-auth.ts';
import { renderApp, warmRoutes } from './render.tsx';

vi.mock('../src/features/dashboard/DashboardPage.tsx', () => import('./stub-pages.tsx'));
vi.mock('../src/features/progress/ProgressSection.tsx', () => import('./stub-pages.tsx'));
vi.mock('../src/features/community/CommunityPage.tsx', () => ({
  CommunityPage: () => {
    throw new Error('test: the community page crashed');
  },
}));
// What a route's lazy import that could not fetch its chunk fails with (the real chunk failure is
// the failures journey's; vitest wraps an error thrown by a mock factory, so the page throws it).
vi.mock('../src/features/account/AccountPage.tsx', () => ({
  AccountPage: () => {
    throw new TypeError('Failed to fetch dynamically imported module: /assets/AccountPage-x.js');
  },
}));

beforeAll(() => warmRoutes('/community', '/user', '/account'));

function signedIn() {
  const auth = new FakeAuth();
  auth.addUser('ann@example.com', { verified: true, signedIn: true, uid: 'ann' });
  const store = new MemoryStore({
    [paths.user('ann')]: { userId: 'ann', email: 'ann@example.com', createdAt: 1, displayName: 'Ann' },
  });
  return { auth, store };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('route errors', () => {
  it('a crashing page shows the page error under the top bar, and navigating away clears it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const app = renderApp('/community', signedIn());
    const alert = (await screen.findByText(PAGE_FAILED)).closest('[role="alert"]');
    expect(alert).not.toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();

    await userEvent.click(within(nav).getByRole('link', { name: 'User' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard stub' })).toBeInTheDocument();
    expect(screen.queryByText(PAGE_FAILED)).not.toBeInTheDocument();
    expect(app.path()).toBe('/user');
  });

  it('a page whose code cannot load says so; offline, Retry waits for the connection', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderApp('/account', signedIn());
    const alert = (await screen.findByText(CHUNK_FAILED)).closest<HTMLElement>('[role="alert"]');
    if (!alert) throw new Error('the message is not in an alert');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(alert).toHaveTextContent('Waiting for the connection…');
  });
});
