/**
 * What the signed-in pages know about their connection, and how failed loads come back:
 * - the browser's own online/offline events;
 * - whether the server answers: loads failing for want of it (unreachable, 5xx, no answer in time)
 *   versus any load succeeding, read from the query cache (every load of these pages goes there);
 * - whether live results flow (the backend's `watchLive`: Firestore's snapshots being in sync with
 *   the server).
 * A load that failed for want of the server is loaded again when the connection comes back
 * (online event, the live connection returning, and every `RECOVER_EVERY_MS` while the page is
 * shown), so the page recovers without a click; its Retry button does the same at once.
 */
import { StoreError } from '@fit/shared/store';
import { type Query, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { BackendContext } from './context.tsx';

/** How often failed loads are tried again in the background while they are failing. */
export const recovery = { everyMs: 15_000 };

/** Refusals (no access, bad input, session over) would fail again: only these are tried again. */
const REFUSALS = new Set([
  'permission-denied',
  'unauthenticated',
  'invalid-argument',
  'failed-precondition',
  'not-found',
  'already-exists',
]);

/** A failure for want of the server (network, 5xx, timeout), as opposed to a refusal. */
export function isConnectionFailure(error: unknown): boolean {
  return !(error instanceof StoreError && REFUSALS.has(error.code));
}

/**
 * Loads again the shown queries that failed: every one when the person asks (Retry), only those
 * that failed for want of the server when the page recovers by itself (a refusal would only be
 * refused again).
 */
export function retryFailedLoads(client: QueryClient, which: 'all' | 'connection'): Promise<void> {
  const predicate = (query: Query) =>
    query.state.status === 'error' && (which === 'all' || isConnectionFailure(query.state.error));
  return client.refetchQueries({ type: 'active', predicate });
}

/** A Retry button's action: every failed load at once (they mostly fail for the same reason). */
export function useRetryFailedLoads(): () => void {
  const client = useQueryClient();
  return useCallback(() => void retryFailedLoads(client, 'all'), [client]);
}

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** The browser's idea of being online (navigator.onLine and its events). */
export function useBrowserOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * Whether live results flow now: the backend says so (true when it does not say: an in-memory
 * store) and the browser is online (a connection can look open for a while after the network went).
 */
export function useLiveConnection(): boolean {
  const backend = useContext(BackendContext);
  const online = useBrowserOnline();
  const [live, setLive] = useState(true);
  useEffect(() => backend?.watchLive?.(setLive), [backend]);
  return live && online;
}

/**
 * False from a load failing for want of the server until a load succeeds, or a failed one is
 * loaded again successfully.
 */
export function useServerReachable(): boolean {
  const client = useQueryClient();
  const [reachable, setReachable] = useState(true);
  useEffect(
    () =>
      client.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated') return;
        if (event.action.type === 'success') setReachable(true);
        else if (event.action.type === 'error' && isConnectionFailure(event.action.error))
          setReachable(false);
      }),
    [client],
  );
  return reachable;
}

/** Loads again what failed for want of the server when the connection comes back (see above). */
export function useRecoverFailedLoads(online: boolean, live: boolean): void {
  const client = useQueryClient();
  // Back online, or the live connection back: at once.
  useEffect(() => {
    if (online && live) void retryFailedLoads(client, 'connection');
  }, [client, online, live]);
  // Otherwise now and then, while something is failing and the page is shown.
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void retryFailedLoads(client, 'connection');
    }, recovery.everyMs);
    return () => clearInterval(timer);
  }, [client]);
}
