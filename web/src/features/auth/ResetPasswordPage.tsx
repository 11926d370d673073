/** `/reset-password?oobCode=…`: checks the link's code, sets the new password, then on to /login. */
import { validateNewPassword } from '@fit/shared/validation';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { authErrorCode, authErrorMessage } from '../../data/auth.ts';
import { useAuthGateway } from '../../data/context.tsx';
import { AuthError, useAuthForm } from './AuthForm.tsx';
import { AuthShell } from './AuthShell.tsx';
import type { LoginState } from './LoginPage.tsx';

// The page's own words, where the spec is silent.
const RESET_LINK_INVALID = 'This password reset link has expired or was already used. Request a new one.';
const RESET_LINK_MISSING =
  'This is not a complete password reset link. Open the link in the email again, or request a new one.';
const RESET_FAILED = 'Failed to reset password. Please try again.';
const PASSWORD_CHANGED = 'Your password has been changed. Log in with your new password.';

const USED_OR_EXPIRED = new Set(['auth/expired-action-code', 'auth/invalid-action-code']);
/** A used or expired code's message, else the failure's. */
const resetError = (e: unknown) =>
  USED_OR_EXPIRED.has(authErrorCode(e) ?? '')
    ? RESET_LINK_INVALID
    : (authErrorMessage(e, RESET_FAILED) ?? RESET_FAILED);

type CodeState = { kind: 'checking' } | { kind: 'ok'; email: string } | { kind: 'bad'; message: string };

export function ResetPasswordPage() {
  const gateway = useAuthGateway();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const mode = params.get('mode');
  // A link of another kind (say a verification link) is no reset link, whatever its code.
  const code = mode === null || mode === 'resetPassword' ? (params.get('oobCode') ?? '') : '';
  const [state, setState] = useState<CodeState>(() =>
    code ? { kind: 'checking' } : { kind: 'bad', message: RESET_LINK_MISSING },
  );

  useEffect(() => {
    if (!code) return;
    let stale = false;
    gateway.checkPasswordResetCode(code).then(
      (email) => !stale && setState({ kind: 'ok', email }),
      (e: unknown) => !stale && setState({ kind: 'bad', message: resetError(e) }),
    );
    return () => {
      stale = true;
    };
  }, [gateway, code]);

  return (
    <AuthShell title={state.kind === 'bad' ? 'Reset link not valid' : 'Choose a new password'}>
      {state.kind === 'checking' && (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress aria-label="Checking your reset link" />
        </Box>
      )}
      {state.kind === 'bad' && (
        <Stack spacing={2.5}>
          <Alert severity="error">{state.message}</Alert>
          <Button component={RouterLink} to="/forgot-password" variant="contained" size="large">
            Request a new link
          </Button>
          <Typography variant="body2" color="textSecondary" sx={{ textAlign: 'center' }}>
            <Link component={RouterLink} to="/login" sx={{ fontWeight: 600 }}>
              Back to login
            </Link>
          </Typography>
        </Stack>
      )}
      {state.kind === 'ok' && (
        <NewPasswordForm
          code={code}
          email={state.email}
          onDone={() => {
            const handed: LoginState = { notice: PASSWORD_CHANGED, email: state.email };
            navigate('/login', { replace: true, state: handed });
          }}
          onLinkUsed={() => setState({ kind: 'bad', message: RESET_LINK_INVALID })}
        />
      )}
    </AuthShell>
  );
}

function NewPasswordForm(props: { code: string; email: string; onDone: () => void; onLinkUsed: () => void }) {
  const { gateway, password, setPassword, busy, setBusy } = useAuthForm();
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<{ message: string; field?: string | undefined } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const checked = validateNewPassword({ password, confirmPassword });
    if (!checked.ok) return setError({ message: checked.message, field: checked.field });
    setBusy(true);
    try {
      await gateway.resetPassword(props.code, checked.value);
      props.onDone();
    } catch (e) {
      setBusy(false);
      const message = resetError(e);
      if (message === RESET_LINK_INVALID) props.onLinkUsed();
      else setError({ message, field: 'password' });
    }
  }

  return (
    <Stack component="form" spacing={2.25} onSubmit={submit} noValidate aria-label="New password">
      <AuthError message={error?.message} />
      {/* The account the link is for, read-only: it tells password managers which entry to update. */}
      <TextField
        label="Email"
        type="email"
        autoComplete="username"
        value={props.email}
        slotProps={{ htmlInput: { readOnly: true } }}
      />
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        required
        autoFocus
        error={error?.field === 'password'}
        helperText="At least 6 characters."
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        required
        error={error?.field === 'confirmPassword'}
        value={confirmPassword}
        onChange={(e) => setConfirmPassword(e.target.value)}
      />
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        Set New Password
      </Button>
    </Stack>
  );
}
