/**
 * `/login`: email and password or Google (which creates a missing profile), then /verify-email,
 * /user or /account (data/post-login.ts); the email typed so far goes on to Forgot Password.
 */
import { INLINE_GOOGLE, INLINE_LOGIN } from '@fit/shared/messages';
import { StoreError } from '@fit/shared/store';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { clockOffMessage } from '../../components/ClockNotice.tsx';
import { GoogleButton } from '../../components/GoogleButton.tsx';
import { authErrorMessage } from '../../data/auth.ts';
import { isClockOff } from '../../data/connection.ts';
import { destinationAfterLogin, destinationFor } from '../../data/post-login.ts';
import { ensureGoogleProfile, hasDisplayName } from '../../data/profile.ts';
import { AuthError, AuthForm, useAuthForm } from './AuthForm.tsx';
import type { ForgotPasswordState } from './ForgotPasswordPage.tsx';

const CREDENTIALS_REQUIRED = 'Please enter your email and password.';

/** What another sign-in page hands over (the reset page: its notice and the account's email). */
export interface LoginState {
  notice?: string;
  email?: string;
}

export function LoginPage() {
  const handed = (useLocation().state ?? {}) as LoginState;
  const form = useAuthForm(typeof handed.email === 'string' ? handed.email : '');
  const { gateway, loadBackend, navigate, next, email, password, setBusy } = form;
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState(typeof handed.notice === 'string' ? handed.notice : null);
  const forgot: ForgotPasswordState = email.trim() ? { email: email.trim() } : {};

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setNotice(null);
    if (!email.trim() || !password) return setError(CREDENTIALS_REQUIRED);
    setBusy(true);
    try {
      const user = await gateway.signIn(email.trim(), password);
      navigate(await destinationAfterLogin(user, loadBackend, next), { replace: true });
    } catch (e) {
      setError(authErrorMessage(e, INLINE_LOGIN));
      setBusy(false);
    }
  }

  async function google() {
    setError(null);
    setNotice(null);
    setBusy(true);
    let signedIn = false;
    try {
      const result = await gateway.signInWithGoogle();
      if (!result) return setBusy(false); // the person closed the popup: nothing to report
      signedIn = true;
      const { store } = await loadBackend(result.user.uid);
      const profile = await ensureGoogleProfile(store, result.user, result.profile, Date.now());
      navigate(destinationFor(result.user, hasDisplayName(profile), next), { replace: true });
    } catch (e) {
      console.error('Google sign-in failed', e);
      // A new profile carries this device's time (`createdAt`): the rules refuse a clock that is off.
      const refused = signedIn && e instanceof StoreError && e.code === 'permission-denied';
      const off = refused ? await gateway.clockOffset().catch(() => null) : null;
      // Without a profile the signed-in pages cannot work: undo the half-done sign-in.
      if (signedIn) await gateway.signOut().catch(() => {});
      setError(isClockOff(off) ? clockOffMessage(off, 'the sign-in') : authErrorMessage(e, INLINE_GOOGLE));
      setBusy(false);
    }
  }

  return (
    <AuthForm
      title="Welcome back"
      subtitle="Log in to log workouts and see your progress."
      form={form}
      onSubmit={submit}
      messages={
        <>
          <AuthError message={error} />
          {notice && (
            <Alert severity="success" onClose={() => setNotice(null)}>
              {notice}
            </Alert>
          )}
        </>
      }
      submitLabel="Login"
      after={
        <>
          <Divider sx={{ color: 'text.secondary', fontSize: '0.875rem' }}>or</Divider>
          <GoogleButton onClick={google} onFocus={() => gateway.preload?.()} disabled={form.busy} />
        </>
      }
      other={{ question: 'New to FitTrack?', label: 'Sign up', path: '/signup' }}
    >
      <Box>
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => form.setPassword(e.target.value)}
        />
        <Box sx={{ textAlign: 'right', mt: 1 }}>
          <Link component={RouterLink} to="/forgot-password" state={forgot} variant="body2">
            Forgot Password?
          </Link>
        </Box>
      </Box>
    </AuthForm>
  );
}
