/** Route guards: `SignedInArea` also gives the signed-in pages their user and store. */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { Loading } from '../components/Loading.tsx';
import { endSessionIfOver } from '../data/auth.ts';
import { createQueryClient } from '../data/connection.ts';
import {
  BackendContext,
  SessionUserContext,
  StoreContext,
  useAuthGateway,
  useBackendLoader,
} from '../data/context.tsx';
import { deferredBackend } from '../data/page-backend.ts';
import { loginPathFor } from '../data/post-login.ts';
import { useAuthState, useAuthUser } from '../data/session.tsx';

export function SignedInArea() {
  const auth = useAuthState();
  const location = useLocation();
  // A visitor who arrives signed out keeps the page asked for (`?next=`); someone who signs out
  // (or is signed out) here starts over at /login, so the next person is not sent to their page.
  const hadUser = useRef(false);
  // While the saved session is checked, the page draws for the person last signed in here; its data
  // waits for the check (WithBackend).
  const confirmed = auth.status === 'ready';
  const user = confirmed ? auth.user : auth.assumed;
  if (!confirmed && !user) return <Loading label="Checking your session" />;
  if (!user) {
    const to = hadUser.current ? '/login' : loginPathFor(location.pathname + location.search + location.hash);
    return <Navigate to={to} replace />;
  }
  if (confirmed) hadUser.current = true;
  return (
    <SessionUserContext.Provider value={user}>
      <WithBackend key={user.uid} confirmed={confirmed} />
    </SessionUserContext.Provider>
  );
}

/**
 * One query cache per signed-in user (keyed by uid), so nothing of one account is shown to the next.
 * The page renders at once, over a backend whose calls wait for the session and the adapter.
 */
function WithBackend({ confirmed }: { confirmed: boolean }) {
  const gateway = useAuthGateway();
  const loadBackend = useBackendLoader();
  const { uid } = useAuthUser();
  const [client] = useState(() => createQueryClient((error) => endSessionIfOver(gateway, error)));
  const backend = useQuery(
    {
      queryKey: ['backend'],
      queryFn: () =>
        loadBackend(uid).catch((error: unknown) => {
          console.error('Could not load the data backend', error);
          throw error;
        }),
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    },
    client,
  );

  const [deferred] = useState(deferredBackend);
  useEffect(() => {
    if (confirmed && backend.data) deferred.resolve(backend.data);
  }, [confirmed, backend.data, deferred]);

  return (
    <QueryClientProvider client={client}>
      {backend.isError ? (
        <Container maxWidth="sm" sx={{ py: 6 }}>
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void backend.refetch()}>
                Retry
              </Button>
            }
          >
            Could not load the app. Check your connection and try again.
          </Alert>
        </Container>
      ) : (
        <BackendContext.Provider value={deferred.backend}>
          <StoreContext.Provider value={deferred.backend.store}>
            <Outlet />
          </StoreContext.Provider>
        </BackendContext.Provider>
      )}
    </QueryClientProvider>
  );
}

/** Only verified users reach the dashboard. */
export function RequireVerified() {
  const user = useAuthUser();
  if (!user.emailVerified) return <Navigate to="/verify-email" replace />;
  return <Outlet />;
}
