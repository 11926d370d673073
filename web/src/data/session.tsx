/**
 * The auth session as React state. The gateway is subscribed only once a screen asks for the
 * session (`useAuthState`), so the landing page never loads the auth SDK.
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { type AuthGateway, type AuthUser, isSessionOver } from './auth.ts';
import { useAuthGateway } from './context.tsx';

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
    return gateway.subscribe((user) => setState({ status: 'ready', user }));
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

/**
 * Ends a session the backend no longer accepts (expired or revoked token): signs the person out,
 * and the guards then send them to /login. The signed-in pages' QueryClient calls it for every
 * failed load and save; the verify page for its polling. Returns whether the session was over.
 */
export function endSessionIfOver(gateway: AuthGateway, error: unknown): boolean {
  const over = isSessionOver(error);
  if (over) void gateway.signOut().catch(() => {});
  return over;
}
