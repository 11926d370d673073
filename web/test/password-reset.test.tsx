import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeAuth } from './fake-auth.ts';
import { renderApp, warmRoutes } from './render.tsx';

vi.mock('../src/features/dashboard/DashboardPage.tsx', () => import('./stub-pages.tsx'));
vi.mock('../src/features/progress/ProgressSection.tsx', () => import('./stub-pages.tsx'));
vi.mock('../src/features/community/CommunityPage.tsx', () => import('./stub-pages.tsx'));

beforeAll(() => warmRoutes('/login', '/forgot-password', '/reset-password'));

const SENT = (email: string) =>
  `If an account exists for ${email}, a link to reset its password is on its way. Check your inbox.`;
const LINK_USED = 'This password reset link has expired or was already used. Request a new one.';

async function requestReset(email: string) {
  fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), { target: { value: email } });
  await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
}

async function choose(password: string, confirm: string) {
  fireEvent.change(await screen.findByLabelText(/^New Password/), { target: { value: password } });
  fireEvent.change(screen.getByLabelText(/^Confirm Password/), { target: { value: confirm } });
  await userEvent.click(screen.getByRole('button', { name: 'Set New Password' }));
}

describe('/login: Forgot Password', () => {
  it('opens /forgot-password with the email typed so far', async () => {
    const app = renderApp('/login');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), {
      target: { value: ' ann@example.com ' },
    });
    await userEvent.click(screen.getByRole('link', { name: 'Forgot Password?' }));
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    expect(app.path()).toBe('/forgot-password');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ann@example.com');
  });
});

describe('/forgot-password', () => {
  it('sends the reset email and says so', async () => {
    const auth = new FakeAuth();
    auth.addUser('ann@example.com');
    renderApp('/forgot-password', { auth });
    await requestReset(' ann@example.com ');
    expect(await screen.findByText(SENT('ann@example.com'))).toBeInTheDocument();
    expect(auth.resetEmails).toEqual(['ann@example.com']);
    expect(auth.resetCodeFor('ann@example.com')).toBeDefined();
  });

  it.each(['auth/user-not-found', 'auth/user-disabled'])(
    'answers %s as a known address (no account, nor its state, is revealed)',
    async (code) => {
      const auth = new FakeAuth();
      auth.failNext('sendPasswordReset', code);
      renderApp('/forgot-password', { auth });
      await requestReset('nobody@example.com');
      expect(await screen.findByText(SENT('nobody@example.com'))).toBeInTheDocument();
    },
  );

  it.each([
    ['', 'Email is required.'],
    ['not-an-email', 'Please enter a valid email address.'],
  ])('refuses %j with "%s" and sends nothing', async (email, message) => {
    const auth = new FakeAuth();
    const send = vi.spyOn(auth, 'sendPasswordReset');
    renderApp('/forgot-password', { auth });
    await requestReset(email);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });

  it.each([
    ['auth/too-many-requests', 'Too many attempts. Please wait a few minutes and try again.'],
    ['auth/network-request-failed', 'No network connection. Check your connection and try again.'],
    ['auth/invalid-email', 'Please enter a valid email address.'],
    ['auth/internal-error', 'Failed to send the password reset email. Please try again.'],
  ])('%s shows "%s"', async (code, message) => {
    const auth = new FakeAuth();
    auth.failNext('sendPasswordReset', code);
    renderApp('/forgot-password', { auth });
    await requestReset('ann@example.com');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText(/If an account exists/)).not.toBeInTheDocument();
  });
});

describe('/reset-password', () => {
  function withCode() {
    const auth = new FakeAuth();
    auth.addUser('ann@example.com', { password: 'old-secret' });
    void auth.sendPasswordReset('ann@example.com');
    return { auth, code: auth.resetCodeFor('ann@example.com') ?? '' };
  }

  it('sets the new password, then /login has the email and says so; the old password is refused', async () => {
    const { auth, code } = withCode();
    const app = renderApp(`/reset-password?mode=resetPassword&oobCode=${code}&apiKey=k&lang=en`, { auth });
    expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveValue('ann@example.com');
    await choose('new-secret', 'new-secret');
    expect(
      await screen.findByText('Your password has been changed. Log in with your new password.'),
    ).toBeInTheDocument();
    expect(app.path()).toBe('/login');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ann@example.com');
    await expect(auth.signIn('ann@example.com', 'old-secret')).rejects.toThrow();
    await expect(auth.signIn('ann@example.com', 'new-secret')).resolves.toMatchObject({
      email: 'ann@example.com',
    });
  });

  it.each([
    ['new-secret', 'other-secret', 'Passwords do not match.'],
    ['', '', 'Password is required.'],
  ])('refuses %j / %j with "%s" and changes nothing', async (password, confirm, message) => {
    const { auth, code } = withCode();
    const reset = vi.spyOn(auth, 'resetPassword');
    renderApp(`/reset-password?mode=resetPassword&oobCode=${code}`, { auth });
    await choose(password, confirm);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(reset).not.toHaveBeenCalled();
  });

  it("shows the service's password rules (too short)", async () => {
    const { auth, code } = withCode();
    renderApp(`/reset-password?oobCode=${code}`, { auth });
    await choose('abc', 'abc');
    expect(await screen.findByText('Password must be at least 6 characters.')).toBeInTheDocument();
    expect(auth.resetCodeFor('ann@example.com')).toBe(code); // still usable
  });

  it('says a used or expired link is so, and offers a new one', async () => {
    const auth = new FakeAuth();
    const app = renderApp('/reset-password?mode=resetPassword&oobCode=used', { auth });
    expect(await screen.findByText(LINK_USED)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^New Password/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Request a new link' }));
    await waitFor(() => expect(app.path()).toBe('/forgot-password'));
  });

  it('a link used up in another tab while the form is open says so on submit', async () => {
    const { auth, code } = withCode();
    renderApp(`/reset-password?oobCode=${code}`, { auth });
    await screen.findByLabelText(/^New Password/);
    await auth.resetPassword(code, 'elsewhere1');
    await choose('new-secret', 'new-secret');
    expect(await screen.findByText(LINK_USED)).toBeInTheDocument();
  });

  it.each(['/reset-password?mode=resetPassword', '/reset-password?mode=verifyEmail&oobCode=code-1'])(
    'says %s is no complete reset link, and checks nothing',
    async (path) => {
      const { auth } = withCode();
      const check = vi.spyOn(auth, 'checkPasswordResetCode');
      renderApp(path, { auth });
      expect(
        await screen.findByText(
          'This is not a complete password reset link. Open the link in the email again, or request a new one.',
        ),
      ).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Reset link not valid' })).toBeInTheDocument();
      expect(check).not.toHaveBeenCalled();
    },
  );
});
