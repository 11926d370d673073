/**
 * `/login`: email + password, Google sign-in, a Forgot Password link (coming soon) and a link to
 * sign-up. After sign-in: unverified -> /verify-email; verified -> /user with a display name, else
 * /account; a signed-in page asked for before (`?next=`, checked by `safeNextPath`) stands in for
 * /user and travels on through sign-up and verification. Google sign-in creates the profile only
 * when it is missing.
 */
import { INLINE_GOOGLE, INLINE_LOGIN } from '@fit/shared/messages';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import { type FormEvent, useState } from 'react';
import { GoogleButton } from '../../components/GoogleButton.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { authErrorMessage } from '../../data/auth.ts';
import { destinationAfterLogin, destinationFor } from '../../data/post-login.ts';
import { ensureGoogleProfile, hasDisplayName } from '../../data/profile.ts';
import { AuthError, AuthForm, useAuthForm } from './AuthForm.tsx';
import { CREDENTIALS_REQUIRED, FORGOT_PASSWORD_SOON } from './messages.ts';

export function LoginPage() {
  const form = useAuthForm();
  const { gateway, loadBackend, navigate, next, email, password, setBusy } = form;
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setNotice(null);
    if (!email.trim() || !password) {
      setError(CREDENTIALS_REQUIRED);
      return;
    }
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
      if (!result) {
        setBusy(false); // the person closed the popup: nothing to report
        return;
      }
      signedIn = true;
      const { store } = await loadBackend(result.user.uid);
      const profile = await ensureGoogleProfile(store, result.user.uid, result.profile, Date.now());
      navigate(destinationFor(result.user, hasDisplayName(profile), next), { replace: true });
    } catch (e) {
      console.error('Google sign-in failed', e);
      // Without a profile the signed-in pages cannot work: undo the half-done sign-in.
      if (signedIn) await gateway.signOut().catch(() => {});
      setError(authErrorMessage(e, INLINE_GOOGLE));
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
            <Alert severity="info" onClose={() => setNotice(null)}>
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
        <TextInput
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={form.setPassword}
        />
        <Box sx={{ textAlign: 'right', mt: 1 }}>
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={() => {
              setError(null);
              setNotice(FORGOT_PASSWORD_SOON);
            }}
          >
            Forgot Password?
          </Link>
        </Box>
      </Box>
    </AuthForm>
  );
}
