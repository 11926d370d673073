/**
 * Route guards (spec section 2): signed-out visitors of the signed-in pages go to /login; an
 * unverified user on /user goes to /verify-email. `SignedInArea` also loads the data backend and
 * provides the store and the user to the signed-in pages.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { Loading } from '../components/Loading.tsx';
import {
  BackendContext,
  SessionUserContext,
  StoreContext,
  useAuthGateway,
  useBackendLoader,
} from '../data/context.tsx';
import { loginPathFor } from '../data/post-login.ts';
import { createQueryClient } from '../data/query-client.ts';
import { useAuthState, useAuthUser } from '../data/session.tsx';
import { endSessionIfOver } from '../data/session-end.ts';

export function SignedInArea() {
  const auth = useAuthState();
  const location = useLocation();
  // A visitor who arrives signed out keeps the page asked for (`?next=`); someone who signs out
  // (or is signed out) here starts over at /login, so the next person is not sent to their page.
  const hadUser = useRef(false);
  if (auth.status === 'loading') return <Loading label="Checking your session" />;
  if (!auth.user) {
    const to = hadUser.current ? '/login' : loginPathFor(location.pathname + location.search + location.hash);
    return <Navigate to={to} replace />;
  }
  hadUser.current = true;
  return (
    <SessionUserContext.Provider value={auth.user}>
      <WithQueryClient key={auth.user.uid} />
    </SessionUserContext.Provider>
  );
}

/**
 * One query cache per signed-in user (keyed by uid above, so nothing of one account is shown to the
 * next); dropped when the person signs out (its live listeners stop with their last observer).
 */
function WithQueryClient() {
  const gateway = useAuthGateway();
  const [client] = useState(() =>
    createQueryClient((error) => {
      endSessionIfOver(gateway, error);
    }),
  );
  return (
    <QueryClientProvider client={client}>
      <WithBackend />
    </QueryClientProvider>
  );
}

function WithBackend() {
  const loadBackend = useBackendLoader();
  const backend = useQuery({
    queryKey: ['backend'],
    queryFn: () =>
      loadBackend().catch((error: unknown) => {
        console.error('Could not load the data backend', error);
        throw error;
      }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

  // The signed-in page renders in a transition once the backend is there: React draws that first,
  // large tree in slices between frames rather than in one long task (the query's own update would
  // render it synchronously).
  const data = useDeferredValue(backend.data);

  if (backend.isError) {
    return (
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
    );
  }
  if (!data) return <Loading />;
  return (
    <BackendContext.Provider value={data}>
      <StoreContext.Provider value={data.store}>
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
