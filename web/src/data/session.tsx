/**
 * The auth session as React state. The gateway is subscribed only once a screen asks for the
 * session (`useAuthState`), so the landing page never loads the auth SDK.
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { AuthUser } from './auth.ts';
import { useAuthGateway } from './context.tsx';
import { keepOnlyMemoryOf } from './device-memory.ts';

export type AuthState = { status: 'loading'; user: undefined } | { status: 'ready'; user: AuthUser | null };

interface SessionValue {
  state: AuthState;
  start: () => void;
}

const SessionContext = createContext<SessionValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const gateway = useAuthGateway();
  const [started, setStarted] = useState(false);
  const [state, setState] = useState<AuthState>({ status: 'loading', user: undefined });

  useEffect(() => {
    if (!started) return;
    return gateway.subscribe((user) => {
      // Whoever is not signed in now leaves nothing on this device (sign-out by any path, deletion).
      keepOnlyMemoryOf(user?.uid ?? null);
      setState({ status: 'ready', user });
    });
  }, [gateway, started]);

  const start = useCallback(() => setStarted(true), []);
  const value = useMemo(() => ({ state, start }), [state, start]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The current session; starts listening to the auth service on first use. */
export function useAuthState(): AuthState {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useAuthState outside SessionProvider');
  const { start } = session;
  useEffect(() => start(), [start]);
  return session.state;
}

/** The signed-in user inside the guarded routes. */
export function useAuthUser(): AuthUser {
  const { state } = useContext(SessionContext) ?? {};
  if (!state?.user) throw new Error('useAuthUser outside a signed-in route');
  return state.user;
}
