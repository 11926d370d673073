import { paths } from '@fit/shared/model';
import { MemoryStore } from '@fit/shared/testing/memory-store';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { verifyPolling } from '../src/features/auth/VerifyEmailPage.tsx';
import { FakeAuth } from './fake-auth.ts';
import { renderApp, warmRoutes } from './render.tsx';

vi.mock('../src/features/dashboard/DashboardPage.tsx', () => import('./stub-pages.tsx'));
vi.mock('../src/features/progress/ProgressSection.tsx', () => import('./stub-pages.tsx'));
vi.mock('../src/features/community/CommunityPage.tsx', () => import('./stub-pages.tsx'));

beforeAll(() => warmRoutes('/signup', '/verify-email', '/user', '/login'));

async function fillSignUp(email: string, password: string, confirm: string) {
  fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
  fireEvent.change(screen.getByLabelText(/^Confirm Password/), { target: { value: confirm } });
  await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
}

describe('/signup', () => {
  it('refuses different passwords', async () => {
    const auth = new FakeAuth();
    const signUp = vi.spyOn(auth, 'signUp');
    renderApp('/signup', { auth });
    await fillSignUp('new@example.com', 'secret123', 'secret124');
    expect(await screen.findByText('Passwords do not match.')).toBeInTheDocument();
    expect(signUp).not.toHaveBeenCalled();
  });

  it('requires email and password', async () => {
    renderApp('/signup');
    await fillSignUp('', '', '');
    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
    await fillSignUp('new@example.com', '', '');
    expect(await screen.findByText('Password is required.')).toBeInTheDocument();
  });

  it('creates the account, the profile and the empty activity selection, sends the verification email and goes to /verify-email', async () => {
    const auth = new FakeAuth();
    const store = new MemoryStore();
    const before = Date.now();
    const app = renderApp('/signup', { auth, store });
    await fillSignUp(' new@example.com ', 'secret123', 'secret123');
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(app.path()).toBe('/verify-email');
    expect(auth.verificationEmails).toBe(1);
    const uid = auth.current?.uid ?? '';
    const saved = (await store.get(paths.user(uid)))?.data;
    expect(saved).toMatchObject({ userId: uid, email: 'new@example.com', displayName: '' });
    expect(saved?.createdAt).toBeGreaterThanOrEqual(before);
    // The spec's "create empty if missing", at sign-up rather than on a read.
    expect((await store.get(paths.activityPreferences(uid)))?.data).toEqual({ activities: [] });
    expect(await screen.findByText('new@example.com')).toBeInTheDocument();
  });

  it("stores the account's email, as Firebase Auth keeps it (lower case), not the case typed", async () => {
    // The rules take a profile's email only when it is the ID token's.
    const auth = new FakeAuth();
    const store = new MemoryStore();
    renderApp('/signup', { auth, store });
    await fillSignUp('New.Person@Example.com', 'secret123', 'secret123');
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    const uid = auth.current?.uid ?? '';
    expect((await store.get(paths.user(uid)))?.data).toMatchObject({ email: 'new.person@example.com' });
  });

  it.each([
    ['auth/internal-error', 'Failed to sign up. Please try again.'],
    ['auth/email-already-in-use', 'An account with this email already exists. Log in instead.'],
    ['auth/weak-password', 'Password must be at least 6 characters.'],
    ['auth/network-request-failed', 'No network connection. Check your connection and try again.'],
  ])('%s shows "%s"', async (code, message) => {
    const auth = new FakeAuth();
    auth.failNext('signUp', code);
    const app = renderApp('/signup', { auth });
    await fillSignUp('new@example.com', 'secret123', 'secret123');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(app.path()).toBe('/signup');
  });

  it('names the password rules the server enforces', async () => {
    const auth = new FakeAuth();
    auth.failNext(
      'signUp',
      'auth/password-does-not-meet-requirements',
      'auth/password-does-not-meet-requirements: Missing password requirements: [Password must contain an upper case character, Password must contain a numeric character]',
    );
    renderApp('/signup', { auth });
    await fillSignUp('new@example.com', 'secretpass', 'secretpass');
    expect(
      await screen.findByText(
        'Password does not meet the requirements: Password must contain an upper case character; Password must contain a numeric character.',
      ),
    ).toBeInTheDocument();
  });
});

describe('/verify-email', () => {
  beforeEach(() => {
    verifyPolling.intervalMs = 50;
  });
  afterEach(() => {
    verifyPolling.intervalMs = 3000;
  });

  /** The resend button, once it can be used (the session has loaded). */
  async function resendButton() {
    const button = await screen.findByRole('button', { name: 'Resend verification email' });
    await waitFor(() => expect(button).toBeEnabled());
    return button;
  }

  function unverified() {
    const auth = new FakeAuth();
    auth.addUser('new@example.com', { verified: false, signedIn: true, uid: 'new' });
    const store = new MemoryStore({
      [paths.user('new')]: { userId: 'new', email: 'new@example.com', createdAt: 1, displayName: 'Newbie' },
    });
    return { auth, store };
  }

  it('resends the verification email', async () => {
    const { auth, store } = unverified();
    renderApp('/verify-email', { auth, store });
    await userEvent.click(await resendButton());
    expect(
      await screen.findByText('Verification email resent. Please check your inbox.'),
    ).toBeInTheDocument();
    expect(auth.verificationEmails).toBe(1);
  });

  it('says so when resending fails', async () => {
    const { auth, store } = unverified();
    auth.failNext('sendVerificationEmail', 'auth/internal-error');
    renderApp('/verify-email', { auth, store });
    await userEvent.click(await resendButton());
    expect(
      await screen.findByText('Failed to resend verification email. Please try again.'),
    ).toBeInTheDocument();
  });

  it('explains a resend refused for too many requests', async () => {
    const { auth, store } = unverified();
    auth.failNext('sendVerificationEmail', 'auth/too-many-requests');
    renderApp('/verify-email', { auth, store });
    await userEvent.click(await resendButton());
    expect(
      await screen.findByText('Too many attempts. Please wait a few minutes and try again.'),
    ).toBeInTheDocument();
  });

  it('polls, reloads the user and moves on to /user once the email is verified', async () => {
    const { auth, store } = unverified();
    const app = renderApp('/verify-email', { auth, store });
    await screen.findByRole('heading', { name: 'Verify your email' });
    await waitFor(() => expect(auth.reloads).toBeGreaterThan(1));
    expect(app.path()).toBe('/verify-email');
    auth.verify('new@example.com');
    expect(await screen.findByRole('heading', { name: 'Dashboard stub' })).toBeInTheDocument();
    expect(app.path()).toBe('/user');
  });

  it('signs the person out when the session has expired', async () => {
    const { auth, store } = unverified();
    auth.failNext('reload', 'auth/user-token-expired');
    renderApp('/verify-email', { auth, store });
    await waitFor(() => expect(auth.current).toBeNull());
  });

  it('links to login', async () => {
    const { auth, store } = unverified();
    const app = renderApp('/verify-email', { auth, store });
    await userEvent.click(await screen.findByRole('link', { name: 'Back to login' }));
    await waitFor(() => expect(app.path()).toBe('/login'));
  });
});
