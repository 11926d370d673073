/**
 * The auth session as React state. The gateway is subscribed only once a screen asks for the
 * session (`useAuthState`), so the landing page never loads the auth SDK.
 */
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
 * `loading` until the auth service has read its saved session and checked it with the server (one
 * round trip on every page load). Meanwhile `assumed` is who was last signed in on this device, if
 * verified: the signed-in pages draw for them at once, and read or write nothing until the session
 * is `ready` as the same person (guards.tsx).
 */
export type AuthState =
  | { status: 'loading'; user: undefined; assumed: AuthUser | null }
  | { status: 'ready'; user: AuthUser | null };

/** The remembered user, if it is a well-formed, verified one (anything else is ignored). */
export function assumedUser(): AuthUser | null {
  const saved = recallAnyone('signedIn');
  if (!saved) return null;
  try {
    const value: unknown = JSON.parse(saved.value);
    if (typeof value !== 'object' || value === null) return null;
    const { email, emailVerified, providerIds } = value as Record<string, unknown>;
    if (emailVerified !== true || !(typeof email === 'string' || email === null)) return null;
    if (!Array.isArray(providerIds) || !providerIds.every((id) => typeof id === 'string')) return null;
    return { uid: saved.uid, email, emailVerified, providerIds };
  } catch {
    return null;
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

/** How long a tab still follows another's sign-out of the person it has just stopped drawing for. */
const JUST_GONE_MS = 10_000;

/**
 * The tabs' channel (session-broadcast.ts), loaded on first use: /user's first render is 200 KB at
 * most. Should its chunk fail to load, the other tabs still follow through the auth SDK's own sync.
 */
function withBroadcast(use: (broadcast: typeof import('./session-broadcast.ts')) => void): void {
  import('./session-broadcast.ts').then(use, () => {});
}

/**
 * `onSessionEnd` runs once whenever the person this page drew for, assumed or confirmed, is no
 * longer signed in: a sign-out by any path, a session the backend refused, or a remembered session
 * that had ended elsewhere. It runs after the signed-in pages have let go of their data (an effect,
 * so after their unmount), and is where the backend erases what it kept (backend-session.ts). The
 * other tabs are told too, and one drawing for that person leaves for /login (session-broadcast.ts).
 */
export function SessionProvider({
  children,
  onSessionEnd,
}: {
  children: ReactNode;
  onSessionEnd?: (uid: string) => Promise<void> | void;
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
      // Whoever is not signed in now leaves nothing on this device (sign-out by any path, deletion).
      rememberSession(user);
      setState({ status: 'ready', user });
    });
  }, [gateway, started]);

  const uid = (state.status === 'ready' ? state.user : state.assumed)?.uid ?? null;
  const lastUid = useRef<string | null>(null);
  const justGone = useRef<{ uid: string; at: number } | null>(null);
  /** The erasure `onSessionEnd` started last: a page load now would stop it halfway. */
  const erasing = useRef<Promise<void> | undefined>(undefined);
  useEffect(() => {
    const previous = lastUid.current;
    lastUid.current = uid;
    if (previous !== null && previous !== uid) {
      if (uid === null) justGone.current = { uid: previous, at: Date.now() };
      erasing.current = Promise.resolve(onSessionEnd?.(previous));
      withBroadcast((b) => b.announceSignOut(previous));
    }
  }, [uid, onSessionEnd]);
  // Another tab's sign-out of the person drawn here: this tab follows at once (session-broadcast.ts).
  // Also for a few seconds after they went from this tab: the auth SDK's own sync may have got here
  // first and the guards gone to /login in-app, and the page load leaves nothing of the session in
  // this tab's memory. Not later: someone may be typing into the sign-in form by then.
  useEffect(() => {
    if (!started) return;
    let stop: (() => void) | undefined;
    let stopped = false;
    withBroadcast((b) => {
      if (stopped) return;
      stop = b.leaveOnSignOutElsewhere(
        () => {
          const gone = justGone.current;
          return lastUid.current ?? (gone && Date.now() - gone.at < JUST_GONE_MS ? gone.uid : null);
        },
        { erasing: () => erasing.current ?? Promise.resolve() },
      );
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [started]);

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
