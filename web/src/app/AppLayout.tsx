/**
 * The signed-in frame: a top bar with the brand, the User / Community / Account links (the current
 * one highlighted), a pending-sync marker for offline writes, and Logout.
 */

import { ALERT_LOG_OUT } from '@fit/shared/messages';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import Logout from '@mui/icons-material/Logout';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import { type ReactNode, useEffect, useState } from 'react';
import { NavLink, Outlet, Link as RouterLink, useNavigate } from 'react-router-dom';
import { Brand } from '../components/Brand.tsx';
import { ErrorToast } from '../components/ErrorToast.tsx';
import { OfflineNotice } from '../components/OfflineNotice.tsx';
import { useAuthGateway, useBackend } from '../data/context.tsx';
import type { Backend } from '../data/repositories.ts';
import { LogoutConfirm } from './LogoutConfirm.tsx';
import { PendingChip } from './PendingChip.tsx';

const LINKS: { to: string; label: string; icon: ReactNode }[] = [
  { to: '/user', label: 'User', icon: <InsightsOutlined fontSize="small" /> },
  { to: '/community', label: 'Community', icon: <GroupsOutlined fontSize="small" /> },
  { to: '/account', label: 'Account', icon: <AccountCircleOutlined fontSize="small" /> },
];

export const LOGOUT_FAILED = ALERT_LOG_OUT;

function NavLinks() {
  return (
    <Box component="ul" sx={{ display: 'flex', gap: 0.5, listStyle: 'none', m: 0, p: 0 }}>
      {LINKS.map((link) => (
        <Box component="li" key={link.to} sx={{ flex: { xs: 1, md: 'none' } }}>
          <Button
            component={NavLink}
            to={link.to}
            startIcon={link.icon}
            fullWidth
            sx={{
              color: 'text.secondary',
              px: { xs: 0.5, sm: 1.75 },
              minWidth: 0,
              whiteSpace: 'nowrap',
              // At phone widths the three labels alone fit (320 px included); icons come back from sm.
              '& .MuiButton-startIcon': { display: { xs: 'none', sm: 'inherit' } },
              py: 0.9,
              borderRadius: '10px',
              '&:hover': { bgcolor: 'tint.primary', color: 'text.primary' },
              '&.active': { color: 'primary.main', bgcolor: 'tint.primaryStrong' },
            }}
          >
            {link.label}
          </Button>
        </Box>
      ))}
    </Box>
  );
}

/** Writes this tab made offline that the server does not have yet. */
function usePendingWrites(backend: Backend): number {
  const [pending, setPending] = useState(0);
  useEffect(() => backend.watchPendingWrites(setPending), [backend]);
  return pending;
}

/**
 * A change the top bar showed as saved offline and the server refused when it arrived: said once,
 * until dismissed (rare: e.g. the email verification was revoked meanwhile).
 */
function RefusedWrites() {
  const backend = useBackend();
  const [refused, setRefused] = useState(0);
  const [seen, setSeen] = useState(0);
  useEffect(() => backend.watchRefusedWrites?.(setRefused), [backend]);
  if (refused <= seen) return null;
  return (
    <Alert severity="error" onClose={() => setSeen(refused)} sx={{ mb: 2 }}>
      {refused - seen === 1
        ? 'A change saved while offline was refused by the server when it arrived, so it was not kept.'
        : `${refused - seen} changes saved while offline were refused by the server when they arrived, so they were not kept.`}
    </Alert>
  );
}

export function AppLayout() {
  const gateway = useAuthGateway();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const backend = useBackend();
  const pending = usePendingWrites(backend);
  // Why Logout asks: this tab's count of unsent writes, or the SDK's word for writes it cannot count.
  const [asking, setAsking] = useState<'counted' | 'kept' | null>(null);
  // Counted writes that reach the server meanwhile leave nothing to ask about.
  const confirming = asking === 'kept' || (asking === 'counted' && pending > 0);

  /** Logging out erases unsent changes with the offline cache: the person decides first. */
  async function askThenLogout() {
    if (pending > 0) return setAsking('counted');
    setBusy(true);
    // A failed check (a store already stopped) has nothing left to lose.
    const unsent = await (backend.hasUnsentWrites?.().catch(() => false) ?? false);
    if (!unsent) return logout();
    setBusy(false);
    setAsking('kept');
  }

  async function logout() {
    setAsking(null);
    setBusy(true);
    try {
      await gateway.signOut();
      navigate('/login', { replace: true });
    } catch (e) {
      console.error('Logout failed', e);
      setError(LOGOUT_FAILED);
      setBusy(false);
    }
  }

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar
        position="sticky"
        color="inherit"
        sx={{
          bgcolor: 'surface.bar',
          backdropFilter: 'blur(8px)',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Container maxWidth="lg" disableGutters>
          <Toolbar sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0, minHeight: { xs: 60, sm: 68 } }}>
            <Box
              component={RouterLink}
              to="/user"
              aria-label="FitTrack home"
              sx={{ textDecoration: 'none', display: 'inline-flex', mr: { md: 2 }, py: { xs: 1.5, md: 0 } }}
            >
              <Brand />
            </Box>
            <Box
              component="nav"
              aria-label="Main"
              sx={{
                order: { xs: 3, md: 0 },
                width: { xs: '100%', md: 'auto' },
                // Responsive values land in media queries after the plain ones: a plain borderColor
                // would lose to the xs shorthand (a line in the text colour), so it is per breakpoint too.
                borderTop: { xs: 1, md: 0 },
                borderColor: { xs: 'divider' },
                py: { xs: 0.75, md: 0 },
              }}
            >
              <NavLinks />
            </Box>
            <Box sx={{ flex: 1 }} />
            <PendingChip pending={pending} />
            <Button
              variant="outlined"
              color="inherit"
              onClick={() => void askThenLogout()}
              disabled={busy}
              startIcon={<Logout fontSize="small" />}
              sx={{ borderColor: 'divider', color: 'text.primary', flexShrink: 0 }}
            >
              Logout
            </Button>
          </Toolbar>
        </Container>
      </AppBar>
      <Container component="main" maxWidth="lg" sx={{ py: { xs: 3, sm: 4.5 } }}>
        <OfflineNotice />
        <RefusedWrites />
        <Outlet />
      </Container>
      {confirming && (
        <LogoutConfirm pending={pending} onConfirm={() => void logout()} onCancel={() => setAsking(null)} />
      )}
      {error !== null && <ErrorToast message={error} onClose={() => setError(null)} />}
    </Box>
  );
}
