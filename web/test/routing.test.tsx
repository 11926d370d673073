import { paths } from '@fit/shared/model';
import { MemoryStore } from '@fit/shared/testing/memory-store';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeAuth } from './fake-auth.ts';
import { renderApp, warmRoutes } from './render.tsx';

vi.mock('../src/features/dashboard/DashboardPage.tsx', () => import('./stub-pages.tsx'));
vi.mock('../src/features/progress/ProgressSection.tsx', () => import('./stub-pages.tsx'));
vi.mock('../src/features/community/CommunityPage.tsx', () => import('./stub-pages.tsx'));

beforeAll(() => warmRoutes('/user', '/community', '/account', '/login'));

function signedIn(options: { verified?: boolean; displayName?: string } = {}) {
  const auth = new FakeAuth();
  const user = auth.addUser('ann@example.com', {
    verified: options.verified ?? true,
    signedIn: true,
    uid: 'ann',
  });
  const store = new MemoryStore({
    [paths.user(user.uid)]: {
      userId: user.uid,
      email: 'ann@example.com',
      createdAt: 1,
      displayName: options.displayName ?? 'Ann',
    },
  });
  return { auth, store };
}

describe('landing page', () => {
  it('welcomes the visitor and its Login button opens /login', async () => {
    const app = renderApp('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to FitTrack' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(app.path()).toBe('/login');
  });

  it('sends unknown paths to the landing page', async () => {
    const app = renderApp('/nowhere');
    await waitFor(() => expect(app.path()).toBe('/'));
  });
});

describe('guards', () => {
  for (const path of ['/user', '/community', '/account']) {
    it(`sends a signed-out visitor of ${path} to /login`, async () => {
      const app = renderApp(path);
      expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
      expect(app.path()).toBe('/login');
    });
  }

  it('sends an unverified user on /user to /verify-email', async () => {
    const app = renderApp('/user', signedIn({ verified: false }));
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(app.path()).toBe('/verify-email');
  });

  it('lets an unverified user open /account and /community (the spec guards only /user)', async () => {
    const app = renderApp('/account', signedIn({ verified: false }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
    expect(app.path()).toBe('/account');
  });

  it('shows the dashboard to a verified user', async () => {
    renderApp('/user', signedIn());
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard stub' })).toBeInTheDocument();
  });

  it('shows the community page to a signed-in user', async () => {
    renderApp('/community', signedIn());
    expect(await screen.findByRole('heading', { level: 1, name: 'Community stub' })).toBeInTheDocument();
  });
});

describe('top bar', () => {
  it('links User, Community and Account, highlighting the current one', async () => {
    renderApp('/community', signedIn());
    await screen.findByRole('heading', { level: 1, name: 'Community stub' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const user = within(nav).getByRole('link', { name: 'User' });
    const community = within(nav).getByRole('link', { name: 'Community' });
    const account = within(nav).getByRole('link', { name: 'Account' });
    expect(community).toHaveAttribute('aria-current', 'page');
    expect(user).not.toHaveAttribute('aria-current');
    expect(account).not.toHaveAttribute('aria-current');

    await userEvent.click(account);
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Account' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(within(nav).getByRole('link', { name: 'User' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard stub' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'User' })).toHaveAttribute('aria-current', 'page');
  });

  it('logs out and goes to /login', async () => {
    const { auth, store } = signedIn();
    const app = renderApp('/user', { auth, store });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard stub' });
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(app.path()).toBe('/login');
    expect(auth.current).toBeNull();
  });

  it('says so when logging out fails', async () => {
    const { auth, store } = signedIn();
    auth.failNext('signOut', 'auth/network-request-failed');
    const app = renderApp('/user', { auth, store });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard stub' });
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Failed to log out. Please try again.')).toBeInTheDocument();
    expect(app.path()).toBe('/user');
  });

  it('signs out when the session ends elsewhere (the guard sends the person to /login)', async () => {
    const { auth, store } = signedIn();
    const app = renderApp('/account', { auth, store });
    await screen.findByRole('heading', { level: 1, name: 'Account' });
    await auth.signOut();
    await waitFor(() => expect(app.path()).toBe('/login'));
  });
});
