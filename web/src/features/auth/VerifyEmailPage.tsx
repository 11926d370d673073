/** `/verify-email`: offers to resend the link and polls until the email is verified, then /user. */
import { INLINE_RESEND, SUCCESS_VERIFICATION_RESENT } from '@fit/shared/messages';
import MarkEmailUnreadOutlined from '@mui/icons-material/MarkEmailUnreadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { IconTile } from '../../components/IconTile.tsx';
import { authErrorMessage, endSessionIfOver } from '../../data/auth.ts';
import { useAuthGateway } from '../../data/context.tsx';
import { safeNextPath, withNext } from '../../data/post-login.ts';
import { useAuthState } from '../../data/session.tsx';
import { AuthShell } from './AuthShell.tsx';

/** How often the page asks the auth service whether the email is verified (tests shorten it). */
export const verifyPolling = { intervalMs: 3000 };

export function VerifyEmailPage() {
  const gateway = useAuthGateway();
  const navigate = useNavigate();
  const auth = useAuthState();
  const next = safeNextPath(useSearchParams()[0].get('next'));
  const home = withNext('/user', next);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const user = auth.user;
  const waiting = user != null && !user.emailVerified;

  useEffect(() => {
    if (user?.emailVerified) navigate(home, { replace: true });
  }, [user, navigate, home]);

  useEffect(() => {
    if (!waiting) return;
    let stopped = false;
    const timer = setInterval(() => {
      gateway.reload().then(
        (fresh) => {
          if (!stopped && fresh?.emailVerified) navigate(home, { replace: true });
        },
        (error: unknown) => {
          if (endSessionIfOver(gateway, error)) stopped = true;
        },
      );
    }, verifyPolling.intervalMs);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [waiting, gateway, navigate, home]);

  async function resend() {
    setBusy(true);
    setResult(null);
    try {
      await gateway.sendVerificationEmail();
      setResult({ ok: true, message: SUCCESS_VERIFICATION_RESENT });
    } catch (e) {
      setResult({ ok: false, message: authErrorMessage(e, INLINE_RESEND) ?? INLINE_RESEND });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthShell title="Verify your email">
      <Stack spacing={2.5}>
        <IconTile size={56}>
          <MarkEmailUnreadOutlined fontSize="large" />
        </IconTile>
        <Alert severity="info">
          We sent a verification link to{' '}
          <Box component="strong" sx={{ wordBreak: 'break-all' }}>
            {user?.email ?? 'your email address'}
          </Box>
          . Open it to activate your account: this page continues on its own once your email is verified.
        </Alert>
        {result && <Alert severity={result.ok ? 'success' : 'error'}>{result.message}</Alert>}
        <Button variant="contained" size="large" onClick={resend} disabled={busy || !user}>
          Resend verification email
        </Button>
        <Typography variant="body2" color="textSecondary" sx={{ textAlign: 'center' }}>
          Verified on another device, or want to switch accounts?{' '}
          <Link component={RouterLink} to={withNext('/login', next)} sx={{ fontWeight: 600 }}>
            Back to login
          </Link>
        </Typography>
      </Stack>
    </AuthShell>
  );
}
