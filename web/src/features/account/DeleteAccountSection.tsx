/** Deletes the account on the server; a sign-in too old is proven again (password or Google), then retried. */
import {
  ALERT_DELETE_ACCOUNT,
  CONFIRM_DELETE_ACCOUNT,
  INLINE_GOOGLE,
  INLINE_LOGIN,
} from '@fit/shared/messages';
import { DELETE_OTHER_ACCOUNT } from '@fit/shared/recent-sign-in';
import { StoreError } from '@fit/shared/store';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ActionDialog, ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { GoogleButton } from '../../components/GoogleButton.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { type Status, StatusAlert } from '../../components/StatusAlert.tsx';
import { authErrorMessage, needsRecentLogin, reauthMethod } from '../../data/auth.ts';
import { useAuthGateway, useBackend } from '../../data/context.tsx';
import { forgetUser } from '../../data/device-memory.ts';
import { useAuthUser } from '../../data/session.tsx';

export function DeleteAccountSection() {
  const backend = useBackend();
  const gateway = useAuthGateway();
  const user = useAuthUser();
  const navigate = useNavigate();
  const [step, setStep] = useState<'confirm' | 'reauth' | null>(null);
  const [password, setPassword] = useState('');
  const [status, setStatus] = useState<Status>(null);
  const [reauthError, setReauthError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const method = reauthMethod(user.providerIds);

  /** Deleted: drop the session and what this device kept (the sign-out may fail; the account is gone). */
  async function finish() {
    forgetUser(user.uid);
    await gateway.signOut().catch(() => {});
    navigate('/login', { replace: true });
  }

  /** Opens the re-authentication step when the server asks for it (once). */
  async function attemptDeletion(afterReauth: boolean) {
    setBusy(true);
    try {
      await backend.deleteAccount(user.uid);
    } catch (e) {
      setBusy(false);
      if (needsRecentLogin(e) && !afterReauth) return setStep('reauth');
      console.error('Deleting the account failed', e);
      setStep(null);
      // The server found another account signed in now (another tab switched): nothing was deleted.
      // By its message: a 403 from the function's host is permission-denied too, and says no such thing.
      const otherAccount = e instanceof StoreError && e.message.includes(DELETE_OTHER_ACCOUNT);
      return setStatus({
        kind: 'error',
        message: otherAccount ? DELETE_OTHER_ACCOUNT : ALERT_DELETE_ACCOUNT,
      });
    }
    await finish();
  }

  async function reauthenticate(withPassword: string | null) {
    setBusy(true);
    setReauthError(null);
    try {
      // Not proven: the Google popup was closed.
      if (await gateway.reauthenticate(withPassword)) return attemptDeletion(true);
    } catch (e) {
      setReauthError(authErrorMessage(e, withPassword === null ? INLINE_GOOGLE : INLINE_LOGIN));
    }
    setBusy(false);
  }

  function submitPassword() {
    if (!password) setReauthError('Please enter your password.');
    else void reauthenticate(password);
  }

  return (
    <SectionCard title="Delete Account" tone="danger">
      <Typography variant="body2" color="textSecondary">
        Permanently deletes your profile and everything in it: activities, weight history, goals, preferences
        and posts.
      </Typography>
      <Stack spacing={2} sx={{ mt: 2.5 }}>
        <StatusAlert status={status} />
        <Box>
          <Button variant="outlined" color="error" onClick={() => setStep('confirm')} disabled={busy}>
            Delete Account
          </Button>
        </Box>
      </Stack>
      <ConfirmDialog
        open={step === 'confirm'}
        title="Delete your account?"
        message={CONFIRM_DELETE_ACCOUNT}
        confirmLabel="Delete my account"
        destructive
        busy={busy}
        onConfirm={() => {
          setStatus(null);
          void attemptDeletion(false);
        }}
        onCancel={() => setStep(null)}
      />
      <ActionDialog
        open={step === 'reauth'}
        title="Confirm it's you"
        onClose={() => setStep(null)}
        busy={busy}
        onSubmit={submitPassword}
        actions={
          <>
            <Button onClick={() => setStep(null)} disabled={busy}>
              Cancel
            </Button>
            {method === 'password' && (
              <Button type="submit" variant="contained" color="error" disabled={busy}>
                Confirm and delete
              </Button>
            )}
          </>
        }
      >
        <DialogContentText sx={{ mb: 2 }}>
          {method === 'password'
            ? 'For your security, enter your password again to delete your account.'
            : 'For your security, sign in with Google again to delete your account.'}
        </DialogContentText>
        <Stack spacing={2}>
          {reauthError && <StatusAlert status={{ kind: 'error', message: reauthError }} />}
          {method === 'password' ? (
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              autoFocus
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          ) : (
            <GoogleButton
              label="Continue with Google"
              onClick={() => void reauthenticate(null)}
              disabled={busy}
            />
          )}
        </Stack>
      </ActionDialog>
    </SectionCard>
  );
}
