/**
 * `/signup`: email, password and confirmation. Creates the account, stores email and createdAt in
 * the profile, sends the verification email and goes to /verify-email.
 */
import { validateSignUp } from '@fit/shared/validation';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { TextInput } from '../../components/TextInput.tsx';
import { authErrorMessage } from '../../data/auth.ts';
import { useAuthGateway, useBackendLoader } from '../../data/context.tsx';
import { safeNextPath, withNext } from '../../data/post-login.ts';
import { createSignUpProfile } from '../../data/profile.ts';
import { AuthShell } from './AuthShell.tsx';
import { SIGNUP_FAILED } from './messages.ts';

export function SignUpPage() {
  const gateway = useAuthGateway();
  const loadBackend = useBackendLoader();
  const navigate = useNavigate();
  // The page asked for before sign-in (see post-login.ts) travels on to the verify page.
  const next = safeNextPath(useSearchParams()[0].get('next'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const checked = validateSignUp({ email, password, confirmPassword });
    if (!checked.ok) {
      setError({ message: checked.message, ...(checked.field ? { field: checked.field } : {}) });
      return;
    }
    setBusy(true);
    let user: Awaited<ReturnType<typeof gateway.signUp>>;
    try {
      user = await gateway.signUp(checked.value.email, checked.value.password);
    } catch (e) {
      setError({ message: authErrorMessage(e, SIGNUP_FAILED) ?? SIGNUP_FAILED });
      setBusy(false);
      return;
    }
    // The account exists now. The profile is completed on /account and the email can be resent
    // from /verify-email, so a hiccup in either step below does not stop the person here.
    try {
      const { store } = await loadBackend();
      await createSignUpProfile(store, user.uid, checked.value.email, Date.now());
    } catch (e) {
      console.error('Could not create the profile at sign-up', e);
    }
    try {
      await gateway.sendVerificationEmail();
    } catch (e) {
      console.error('Could not send the verification email', e);
    }
    navigate(withNext('/verify-email', next), { replace: true });
  }

  const fieldError = (field: string) => error?.field === field;

  return (
    <AuthShell title="Create your account" subtitle="Start tracking in under a minute.">
      <Stack component="form" spacing={2.25} onSubmit={submit} noValidate>
        {error && <Alert severity="error">{error.message}</Alert>}
        <TextInput
          label="Email"
          type="email"
          onFocus={() => gateway.preload?.()}
          autoComplete="email"
          required
          error={fieldError('email')}
          value={email}
          onChange={setEmail}
        />
        <TextInput
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          error={fieldError('password')}
          helperText="At least 6 characters."
          value={password}
          onChange={setPassword}
        />
        <TextInput
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          required
          error={fieldError('confirmPassword')}
          value={confirmPassword}
          onChange={setConfirmPassword}
        />
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          Sign Up
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', pt: 1 }}>
          Already have an account?{' '}
          <Link component={RouterLink} to={withNext('/login', next)} sx={{ fontWeight: 600 }}>
            Log in
          </Link>
        </Typography>
      </Stack>
    </AuthShell>
  );
}
