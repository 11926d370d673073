/** The auth session as React state; subscribed only once a screen asks (the landing page never does). */
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { AuthUser } from './auth.ts';
import { useAuthGateway } from './context.tsx';
import { keepOnlyMemoryOf, recallAnyone, remember } from './device-memory.ts';

/**
 * While `loading`, `assumed` is who was last signed in on this device, if verified: the signed-in
 * pages draw for them at once, and read or write nothing until `ready` as the same person.
 */
type AuthState =
  | { status: 'loading'; user: undefined; assumed: AuthUser | null }
  | { status: 'ready'; user: AuthUser | null };

/** The remembered user, if well-formed and verified. */
function assumedUser(): AuthUser | null {
  const saved = recallAnyone('signedIn');
  if (!saved) return null;
  try {
    const { email, emailVerified, providerIds } = JSON.parse(saved.value) ?? {};
    if (emailVerified !== true || !(typeof email === 'string' || email === null)) return null;
    if (!Array.isArray(providerIds) || !providerIds.every((id) => typeof id === 'string')) return null;
    return { uid: saved.uid, email, emailVerified, providerIds };
  } catch {
    return null; // not JSON
  }
}

/** Remembers a verified user for the next visit's first paint; forgets anyone else. */
function rememberSession(user: AuthUser | null): void {
  keepOnlyMemoryOf(user?.uid ?? null);
  if (!user) return;
  const { email, emailVerified, providerIds } = user;
  remember(
    'signedIn',
    user.uid,
    emailVerified ? JSON.stringify({ email, emailVerified, providerIds }) : null,
  );
}

interface SessionValue {
  state: AuthState;
  start: () => void;
}

const SessionContext = createContext<SessionValue | null>(null);

/**
 * `onSessionEnd` runs once the person this page confirmed is no longer signed in (any sign-out,
 * another tab's included, or someone else signing in), after the signed-in pages have unmounted.
 */
export function SessionProvider({
  children,
  onSessionEnd,
}: {
  children: ReactNode;
  onSessionEnd?: (uid: string) => unknown;
}) {
  const gateway = useAuthGateway();
  const [started, setStarted] = useState(false);
  const [state, setState] = useState<AuthState>(() => ({
    status: 'loading',
    user: undefined,
    assumed: assumedUser(),
  }));

  useEffect(() => {
    if (!started) return;
    return gateway.subscribe((user) => {
      rememberSession(user);
      setState({ status: 'ready', user });
    });
  }, [gateway, started]);

  const confirmed = state.status === 'ready' ? (state.user?.uid ?? null) : undefined;
  const lastConfirmed = useRef<string | null>(null);
  useEffect(() => {
    if (confirmed === undefined) return;
    const gone = lastConfirmed.current;
    lastConfirmed.current = confirmed;
    if (gone !== null && gone !== confirmed) onSessionEnd?.(gone);
  }, [confirmed, onSessionEnd]);

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

/** The signed-in user inside the guarded routes (while loading, the one they draw for). */
export function useAuthUser(): AuthUser {
  const { state } = useContext(SessionContext) ?? {};
  const user = state?.status === 'loading' ? state.assumed : state?.user;
  if (!user) throw new Error('useAuthUser outside a signed-in route');
  return user;
}
