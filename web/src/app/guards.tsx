/**
 * Route guards (spec section 2): signed-out visitors of the signed-in pages go to /login; an
 * unverified user on /user goes to /verify-email. `SignedInArea` also loads the data backend and
 * provides the store and the user to the signed-in pages.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { useEffect, useMemo, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { Loading } from '../components/Loading.tsx';
import {
  BackendContext,
  SessionUserContext,
  StoreContext,
  useAuthGateway,
  useBackendLoader,
} from '../data/context.tsx';
import type { Backend } from '../data/repositories.ts';
import { useAuthState, useAuthUser } from '../data/session.tsx';
import { signOutWhenSessionEnds } from '../data/session-guard.ts';

export function SignedInArea() {
  const auth = useAuthState();
  const location = useLocation();
  if (auth.status === 'loading') return <Loading label="Checking your session" />;
  if (!auth.user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return (
    <SessionUserContext.Provider value={auth.user}>
      <WithBackend />
    </SessionUserContext.Provider>
  );
}

function WithBackend() {
  const loadBackend = useBackendLoader();
  const [backend, setBackend] = useState<Backend | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const gateway = useAuthGateway();
  // Every screen's store calls end an expired session, so no screen has to remember to.
  const store = useMemo(
    () => backend && signOutWhenSessionEnds(backend.store, () => void gateway.signOut().catch(() => {})),
    [backend, gateway],
  );

  useEffect(() => {
    let live = true;
    setFailed(false);
    // `attempt` re-runs the load after a failure.
    void attempt;
    loadBackend().then(
      (loaded) => live && setBackend(loaded),
      (error: unknown) => {
        console.error('Could not load the data backend', error);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [loadBackend, attempt]);

  if (failed) {
    return (
      <Container maxWidth="sm" sx={{ py: 6 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => setAttempt((n) => n + 1)}>
              Retry
            </Button>
          }
        >
          Could not load the app. Check your connection and try again.
        </Alert>
      </Container>
    );
  }
  if (!backend || !store) return <Loading />;
  return (
    <BackendContext.Provider value={backend}>
      <StoreContext.Provider value={store}>
        <Outlet />
      </StoreContext.Provider>
    </BackendContext.Provider>
  );
}

/** Only verified users reach the dashboard. */
export function RequireVerified() {
  const user = useAuthUser();
  if (!user.emailVerified) return <Navigate to="/verify-email" replace />;
  return <Outlet />;
}
