/**
 * `/forgot-password`: asks for the email and sends a password reset link (Firebase Auth). Whether
 * the address has an account is never said: an unknown one gets the same answer as a known one.
 */
import { validateEmail } from '@fit/shared/validation';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { TextInput } from '../../components/TextInput.tsx';
import { authErrorCode, authErrorMessage } from '../../data/auth.ts';
import { useAuthGateway } from '../../data/context.tsx';
import { AuthError } from './AuthForm.tsx';
import { AuthShell } from './AuthShell.tsx';
import { RESET_SEND_FAILED, resetEmailSent } from './messages.ts';

/** What /login hands over: the email already typed there. */
export interface ForgotPasswordState {
  email?: string;
}

const NOT_REVEALED = new Set(['auth/user-not-found', 'auth/user-disabled']);

export function ForgotPasswordPage() {
  const gateway = useAuthGateway();
  const handed = (useLocation().state as ForgotPasswordState | null)?.email;
  const [email, setEmail] = useState(typeof handed === 'string' ? handed : '');
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setSentTo(null);
    const checked = validateEmail(email);
    if (!checked.ok) {
      setError({ message: checked.message, field: 'email' });
      return;
    }
    setBusy(true);
    try {
      await gateway.sendPasswordReset(checked.value);
      setSentTo(checked.value);
    } catch (e) {
      // Without email enumeration protection the service says "no such user" (or "disabled"):
      // answered as a success, so the page never tells whether an account exists.
      if (NOT_REVEALED.has(authErrorCode(e) ?? '')) setSentTo(checked.value);
      else setError({ message: authErrorMessage(e, RESET_SEND_FAILED) ?? RESET_SEND_FAILED });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthShell title="Reset your password" subtitle="We will email you a link to choose a new one.">
      <Stack component="form" spacing={2.25} onSubmit={submit} noValidate>
        <AuthError message={error?.message} />
        {sentTo && <Alert severity="success">{resetEmailSent(sentTo)}</Alert>}
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          error={error?.field === 'email'}
          value={email}
          onChange={setEmail}
          onFocus={() => gateway.preload?.()}
        />
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          Send reset link
        </Button>
        <Typography variant="body2" color="textSecondary" sx={{ textAlign: 'center', pt: 1 }}>
          Remembered it?{' '}
          <Link component={RouterLink} to="/login" sx={{ fontWeight: 600 }}>
            Back to login
          </Link>
        </Typography>
      </Stack>
    </AuthShell>
  );
}
