/** The signed-in frame: the top bar (brand, nav, sync marker, bell, Logout) over the page. */
import { ALERT_LOG_OUT } from '@fit/shared/messages';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import CloudSyncOutlined from '@mui/icons-material/CloudSyncOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import Logout from '@mui/icons-material/Logout';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { NavLink, Outlet, Link as RouterLink } from 'react-router-dom';
import { Brand } from '../components/Brand.tsx';
import { ClockNotice } from '../components/ClockNotice.tsx';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { ErrorToast } from '../components/ErrorToast.tsx';
import { NotificationsButton } from '../components/NotificationsButton.tsx';
import { OfflineNotice } from '../components/OfflineNotice.tsx';
import { useAuthGateway, useBackend } from '../data/context.tsx';
import { useRefusedSaves, useWaitingToSync } from '../data/save.ts';

const LINKS: { to: string; label: string; icon: ReactNode }[] = [
  { to: '/user', label: 'User', icon: <InsightsOutlined fontSize="small" /> },
  { to: '/community', label: 'Community', icon: <GroupsOutlined fontSize="small" /> },
  { to: '/account', label: 'Account', icon: <AccountCircleOutlined fontSize="small" /> },
];

/** Why Logout asks: it erases the offline cache. `pending`: this tab's count; 0 when only the SDK knows. */
export function unsentChangesMessage(pending: number): string {
  const [what, them, they] =
    pending === 0
      ? ['Changes made offline have', 'them', 'they']
      : pending === 1
        ? ['1 change made offline has', 'it', 'it']
        : [`${pending} changes made offline have`, 'them', 'they'];
  return `${what} not reached the server yet. Logging out erases ${them} from this device, so ${they} will not be saved. Stay signed in until ${they} ${they === 'it' ? 'syncs' : 'sync'}, or log out anyway.`;
}

/** Saves the server refused after their form let go of them: each message once, until dismissed. */
function RefusedSaves() {
  const { refused, dismiss } = useRefusedSaves();
  const messages = [...new Set(refused.map((r) => r.message))];
  if (messages.length === 0) return null;
  return (
    <Alert severity="error" role="alert" onClose={dismiss} sx={{ mb: 2 }}>
      {messages.map((message) => (
        <div key={message}>{message}</div>
      ))}
    </Alert>
  );
}

export function AppLayout() {
  const gateway = useAuthGateway();
  const backend = useBackend();
  const pending = useWaitingToSync();
  // The guards move to /login once the session has ended; nothing here waits for more.
  const logout = useMutation({
    mutationFn: () => gateway.signOut(),
    onError: (e) => console.error('Logout failed', e),
  });
  // Why Logout asks: this tab's count of unsent writes, or the SDK's word for writes it cannot count.
  const [asking, setAsking] = useState<'counted' | 'kept' | null>(null);
  // Counted writes that reach the server meanwhile leave nothing to ask about.
  const confirming = asking === 'kept' || (asking === 'counted' && pending > 0);
  // Logging out erases unsent changes with the offline cache: the person decides first.
  const check = useMutation({
    // A failed check (a store already stopped) has nothing left to lose.
    mutationFn: async () => (await backend.hasUnsentWrites?.().catch(() => false)) ?? false,
    onSuccess: (unsent) => (unsent ? setAsking('kept') : logout.mutate()),
  });
  const busy = check.isPending || logout.isPending || logout.isSuccess;
  const askThenLogout = () => (pending > 0 ? setAsking('counted') : check.mutate());

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar
        position="sticky"
        color="inherit"
        sx={{ bgcolor: 'surface.bar', backdropFilter: 'blur(8px)', borderBottom: 1, borderColor: 'divider' }}
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
                // Per breakpoint: a plain borderColor would lose to the xs `borderTop` shorthand.
                borderTop: { xs: 1, md: 0 },
                borderColor: { xs: 'divider' },
                py: { xs: 0.75, md: 0 },
              }}
            >
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
            </Box>
            <Box sx={{ flex: 1 }} />
            {pending > 0 && (
              <Chip
                icon={<CloudSyncOutlined />}
                label="Saved offline, syncing…"
                size="small"
                color="warning"
                variant="outlined"
                role="status"
                sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
              />
            )}
            <NotificationsButton />
            <Button
              variant="outlined"
              color="inherit"
              onClick={askThenLogout}
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
        <RefusedSaves />
        <Outlet />
        <ClockNotice />
      </Container>
      {confirming && (
        <ConfirmDialog
          open
          title="Log out and lose unsent changes?"
          message={unsentChangesMessage(pending)}
          confirmLabel="Log out anyway"
          destructive
          onConfirm={() => {
            setAsking(null);
            logout.mutate();
          }}
          onCancel={() => setAsking(null)}
        />
      )}
      {logout.isError && <ErrorToast message={ALERT_LOG_OUT} onClose={logout.reset} />}
    </Box>
  );
}
