/**
 * A signed-out deep link survives sign-in (issue 11), through the real routes and guards: the
 * guard keeps the page as `?next=`, login honours it within the spec's rules, sign-up and
 * verification carry it, and nothing but this app's own signed-in pages is ever followed.
 */
import { paths } from '@fit/shared/model';
import { MemoryStore } from '@fit/shared/testing/memory-store';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { verifyPolling } from '../src/features/auth/VerifyEmailPage.tsx';
import { FakeAuth } from './fake-auth.ts';
import { renderApp, warmRoutes } from './render.tsx';

vi.mock('../src/features/dashboard/DashboardPage.tsx', () => import('./stub-pages.tsx'));
vi.mock('../src/features/progress/ProgressSection.tsx', () => import('./stub-pages.tsx'));
vi.mock('../src/features/community/CommunityPage.tsx', () => import('./stub-pages.tsx'));

beforeAll(() => warmRoutes('/login', '/signup', '/verify-email', '/user', '/community', '/account'));

const named = (uid: string, displayName = 'Kim') =>
  new MemoryStore({
    [paths.user(uid)]: { userId: uid, email: `${uid}@example.com`, createdAt: 1, displayName },
  });

async function logIn(email: string) {
  fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'secret123' } });
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('deep links through sign-in', () => {
  it('keeps /community through /login and lands there', async () => {
    const auth = new FakeAuth();
    auth.addUser('kim@example.com', { uid: 'kim' });
    const app = renderApp('/community', { auth, store: named('kim') });
    await screen.findByRole('button', { name: 'Login' });
    expect(app.search()).toBe('?next=%2Fcommunity');
    await logIn('kim@example.com');
    expect(await screen.findByRole('heading', { name: 'Community stub' })).toBeInTheDocument();
    expect(app.path()).toBe('/community');
  });

  it.each(['//evil.com', 'https://evil.com', '/\\evil.com', '/login'])('ignores next=%s', async (evil) => {
    const auth = new FakeAuth();
    auth.addUser('kim@example.com', { uid: 'kim' });
    const app = renderApp(`/login?next=${encodeURIComponent(evil)}`, { auth, store: named('kim') });
    await logIn('kim@example.com');
    expect(await screen.findByRole('heading', { name: 'Dashboard stub' })).toBeInTheDocument();
    expect(app.path()).toBe('/user');
  });

  it('keeps the spec: a user without a display name still goes to /account', async () => {
    const auth = new FakeAuth();
    auth.addUser('kim@example.com', { uid: 'kim' });
    const app = renderApp('/login?next=%2Fcommunity', { auth, store: named('kim', '') });
    await logIn('kim@example.com');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
    expect(app.path()).toBe('/account');
  });

  it('carries next from login to sign-up to the verify page, and on to /user once verified', async () => {
    // Polls quickly from the start: the verify page reads the interval when its effect starts the
    // timer, which may be before or after the heading is seen (set later, the poll could stay at 3 s).
    verifyPolling.intervalMs = 50;
    try {
      await carriesNextToUser();
    } finally {
      verifyPolling.intervalMs = 3000;
    }
  });

  async function carriesNextToUser() {
    const auth = new FakeAuth();
    const app = renderApp('/login?next=%2Fcommunity', { auth });
    await userEvent.click(await screen.findByRole('link', { name: 'Sign up' }));
    await screen.findByRole('heading', { name: 'Create your account' });
    expect(app.search()).toBe('?next=%2Fcommunity');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), {
      target: { value: 'new@example.com' },
    });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'secret123' } });
    fireEvent.change(screen.getByLabelText(/^Confirm Password/), { target: { value: 'secret123' } });
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await screen.findByRole('heading', { name: 'Verify your email' });
    expect(app.path()).toBe('/verify-email');
    expect(app.search()).toBe('?next=%2Fcommunity');
    auth.verify('new@example.com');
    // The spec's /user (its display-name prompt follows next once the name is saved).
    await waitFor(() => expect(app.path()).toBe('/user'));
    expect(app.search()).toBe('?next=%2Fcommunity');
  }

  it('does not keep the page of someone who signs out', async () => {
    const auth = new FakeAuth();
    auth.addUser('kim@example.com', { uid: 'kim' });
    const app = renderApp('/login', { auth, store: named('kim') });
    await logIn('kim@example.com');
    await screen.findByRole('heading', { name: 'Dashboard stub' });
    await app.router.navigate('/community');
    await screen.findByRole('heading', { name: 'Community stub' });
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await screen.findByRole('button', { name: 'Login' });
    expect(app.path()).toBe('/login');
    expect(app.search()).toBe('');
  });
});
