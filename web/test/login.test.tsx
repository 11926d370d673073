import { paths } from '@fit/shared/model';
import { StoreError } from '@fit/shared/store';
import { MemoryStore } from '@fit/shared/testing/memory-store';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeAuth } from './fake-auth.ts';
import { renderApp, warmRoutes } from './render.tsx';

vi.mock('../src/features/dashboard/DashboardPage.tsx', () => import('./stub-pages.tsx'));
vi.mock('../src/features/progress/ProgressSection.tsx', () => import('./stub-pages.tsx'));
vi.mock('../src/features/community/CommunityPage.tsx', () => import('./stub-pages.tsx'));

beforeAll(() => warmRoutes('/login', '/verify-email', '/account', '/user'));

const LOGIN_FAILED = 'Failed to login. Please check your email and password.';
const GOOGLE_FAILED = 'Failed to sign in with Google. Please try again.';

async function logIn(email: string, password: string) {
  fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

function profile(uid: string, displayName: string) {
  return { [paths.user(uid)]: { userId: uid, email: `${uid}@example.com`, createdAt: 1, displayName } };
}

describe('/login: where each person lands', () => {
  it('sends an unverified user to /verify-email', async () => {
    const auth = new FakeAuth();
    auth.addUser('new@example.com', { verified: false, uid: 'new' });
    const app = renderApp('/login', { auth, store: new MemoryStore(profile('new', '')) });
    await logIn('new@example.com', 'secret123');
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(app.path()).toBe('/verify-email');
  });

  it('sends a verified user without a display name to /account', async () => {
    const auth = new FakeAuth();
    auth.addUser('nameless@example.com', { uid: 'nameless' });
    const app = renderApp('/login', { auth, store: new MemoryStore(profile('nameless', '   ')) });
    await logIn('nameless@example.com', 'secret123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
    expect(app.path()).toBe('/account');
  });

  it('sends a verified user without any profile to /account', async () => {
    const auth = new FakeAuth();
    auth.addUser('ghost@example.com', { uid: 'ghost' });
    const app = renderApp('/login', { auth });
    await logIn('ghost@example.com', 'secret123');
    await waitFor(() => expect(app.path()).toBe('/account'));
  });

  it('sends a verified user with a display name to /user', async () => {
    const auth = new FakeAuth();
    auth.addUser('ann@example.com', { uid: 'ann' });
    const app = renderApp('/login', { auth, store: new MemoryStore(profile('ann', 'Ann')) });
    await logIn('ann@example.com', 'secret123');
    expect(await screen.findByRole('heading', { name: 'Dashboard stub' })).toBeInTheDocument();
    expect(app.path()).toBe('/user');
  });
});

describe('/login: errors', () => {
  it("shows the spec's line for a wrong password or unknown user", async () => {
    const auth = new FakeAuth();
    auth.addUser('ann@example.com');
    const app = renderApp('/login', { auth });
    await logIn('ann@example.com', 'wrong-password');
    expect(await screen.findByText(LOGIN_FAILED)).toBeInTheDocument();
    expect(app.path()).toBe('/login');
  });

  it.each([
    ['auth/user-not-found', LOGIN_FAILED],
    ['auth/wrong-password', LOGIN_FAILED],
    ['auth/too-many-requests', 'Too many attempts. Please wait a few minutes and try again.'],
    ['auth/network-request-failed', 'No network connection. Check your connection and try again.'],
    ['auth/user-disabled', 'This account has been disabled.'],
  ])('%s shows "%s"', async (code, message) => {
    const auth = new FakeAuth();
    auth.failNext('signIn', code);
    renderApp('/login', { auth });
    await logIn('ann@example.com', 'secret123');
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('asks for both fields before trying', async () => {
    const auth = new FakeAuth();
    const signIn = vi.spyOn(auth, 'signIn');
    renderApp('/login', { auth });
    await userEvent.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Please enter your email and password.')).toBeInTheDocument();
    expect(signIn).not.toHaveBeenCalled();
  });

  it('links to sign-up', async () => {
    const app = renderApp('/login');
    await userEvent.click(await screen.findByRole('link', { name: 'Sign up' }));
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(app.path()).toBe('/signup');
  });
});

describe('/login: Google', () => {
  function google(auth: FakeAuth, names: { displayName: string | null; given?: string; family?: string }) {
    auth.googleResult = {
      user: { uid: 'g1', email: 'gina@example.com', emailVerified: true, providerIds: ['google.com'] },
      profile: {
        displayName: names.displayName,
        givenName: names.given ?? null,
        familyName: names.family ?? null,
      },
    };
  }

  it('creates the missing profile from the Google names and goes to /account', async () => {
    const auth = new FakeAuth();
    google(auth, { displayName: 'Gina Lou Rossi' });
    const store = new MemoryStore();
    const app = renderApp('/login', { auth, store });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    await waitFor(() => expect(app.path()).toBe('/account'));
    const saved = (await store.get(paths.user('g1')))?.data;
    expect(saved).toMatchObject({
      userId: 'g1',
      email: 'gina@example.com',
      firstName: 'Gina',
      lastName: 'Lou Rossi',
      displayName: '',
    });
    expect(typeof saved?.createdAt).toBe('number');
  });

  it('creates a profile without an email for an account that has none', async () => {
    const auth = new FakeAuth();
    google(auth, { displayName: 'Gina Rossi' });
    const result = auth.googleResult as NonNullable<typeof auth.googleResult>;
    auth.googleResult = { ...result, user: { ...result.user, email: null } };
    const store = new MemoryStore();
    const app = renderApp('/login', { auth, store });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    await waitFor(() => expect(app.path()).toBe('/account'));
    const saved = (await store.get(paths.user('g1')))?.data;
    expect(saved).toMatchObject({ userId: 'g1', displayName: '' });
    expect(saved && 'email' in saved).toBe(false);
  });

  it("prefers Google's given and family names, and copes with no name at all", async () => {
    const auth = new FakeAuth();
    google(auth, { displayName: null, given: 'Gina', family: 'Rossi' });
    const store = new MemoryStore();
    const app = renderApp('/login', { auth, store });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    await waitFor(() => expect(app.path()).toBe('/account'));
    expect((await store.get(paths.user('g1')))?.data).toMatchObject({ firstName: 'Gina', lastName: 'Rossi' });
  });

  it('never overwrites an existing profile and goes to /user when it has a display name', async () => {
    const auth = new FakeAuth();
    google(auth, { displayName: 'Someone Else' });
    const store = new MemoryStore({
      [paths.user('g1')]: {
        userId: 'g1',
        email: 'gina@example.com',
        createdAt: 5,
        displayName: 'Gigi',
        firstName: 'G',
      },
    });
    const app = renderApp('/login', { auth, store });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard stub' })).toBeInTheDocument();
    expect(app.path()).toBe('/user');
    expect((await store.get(paths.user('g1')))?.data).toEqual({
      userId: 'g1',
      email: 'gina@example.com',
      createdAt: 5,
      displayName: 'Gigi',
      firstName: 'G',
    });
  });

  it('counts a stored name of invisible characters as no name: on to /account', async () => {
    const auth = new FakeAuth();
    google(auth, { displayName: 'Gina Rossi' });
    const store = new MemoryStore({
      [paths.user('g1')]: {
        userId: 'g1',
        email: 'gina@example.com',
        createdAt: 5,
        displayName: '\u{E0041}\u200B',
      },
    });
    const app = renderApp('/login', { auth, store });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    await waitFor(() => expect(app.path()).toBe('/account'));
  });

  it('treats a closed popup as a choice, not an error', async () => {
    const auth = new FakeAuth(); // googleResult null = popup closed
    const app = renderApp('/login', { auth });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(app.path()).toBe('/login');
  });

  it.each([
    ['auth/internal-error', GOOGLE_FAILED],
    [
      'auth/popup-blocked',
      'Your browser blocked the sign-in popup. Allow popups for this site and try again.',
    ],
    [
      'auth/account-exists-with-different-credential',
      'An account with this email already exists. Log in with your email and password.',
    ],
    ['auth/unauthorized-domain', 'Google sign-in is not enabled for this web address.'],
  ])('%s shows "%s"', async (code, message) => {
    const auth = new FakeAuth();
    auth.failNext('signInWithGoogle', code);
    renderApp('/login', { auth });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('undoes the sign-in and says so when the profile cannot be created', async () => {
    const auth = new FakeAuth();
    google(auth, { displayName: 'Gina Rossi' });
    const store = new MemoryStore();
    vi.spyOn(store, 'commit').mockRejectedValueOnce(new StoreError('unavailable', 'down'));
    const app = renderApp('/login', { auth, store });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    expect(await screen.findByText(GOOGLE_FAILED)).toBeInTheDocument();
    expect(auth.current).toBeNull();
    expect(app.path()).toBe('/login');
  });

  it('says when a refused profile is down to this device clock, and only then', async () => {
    const auth = new FakeAuth();
    google(auth, { displayName: 'Gina Rossi' });
    auth.clockOffsetMs = 10 * 60_000;
    const store = new MemoryStore();
    const refuse = () => new StoreError('permission-denied', 'createdAt');
    vi.spyOn(store, 'commit').mockRejectedValueOnce(refuse()).mockRejectedValueOnce(refuse());
    renderApp('/login', { auth, store });
    const button = await screen.findByRole('button', { name: 'Sign in with Google' });
    await userEvent.click(button);
    expect(
      await screen.findByText(
        "FitTrack refused the sign-in because this device's clock is 10 minutes ahead. Set the date and time to automatic, then try again.",
      ),
    ).toBeInTheDocument();
    expect(auth.current).toBeNull();
    expect(await store.get(paths.user('g1'))).toBeNull();
    // Within the rules' slack the clock is not the reason: the usual message.
    auth.clockOffsetMs = 4 * 60_000;
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    expect(await screen.findByText(GOOGLE_FAILED)).toBeInTheDocument();
  });
});
