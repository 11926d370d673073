/**
 * What the signed-in pages know about their connection, and how failed loads come back:
 * - the browser's own online/offline events;
 * - whether the server answers: loads failing for want of it (unreachable, 5xx, no answer in time)
 *   versus any load succeeding, read from the query cache (every load of these pages goes there);
 * - whether live results flow (the backend's `watchLive`: Firestore's snapshots being in sync with
 *   the server).
 * A load that failed for want of the server is loaded again when the connection comes back, so the
 * page recovers without a click: TanStack Query's own `refetchOnReconnect` (its onlineManager) and
 * `refetchInterval` while it fails (`recoverWhenFailing`, the QueryClient's defaults), and the live
 * connection returning (`useRecoverFailedLoads`); its Retry button does the same at once.
 */
import { StoreError } from '@fit/shared/store';
import { onlineManager, type Query, type QueryClient, useQueryClient } from '@tanstack/react-query';
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
function isConnectionFailure(error: unknown): boolean {
  return !(error instanceof StoreError && REFUSALS.has(error.code));
}

/**
 * Loads again the shown queries that failed: every one when the person asks (Retry), only those
 * that failed for want of the server when the page recovers by itself (a refusal would only be
 * refused again).
 */
function retryFailedLoads(client: QueryClient, which: 'all' | 'connection'): Promise<void> {
  const predicate = (query: Query) =>
    query.state.status === 'error' && (which === 'all' || isConnectionFailure(query.state.error));
  return client.refetchQueries({ type: 'active', predicate });
}

/** A Retry button's action: every failed load at once (they mostly fail for the same reason). */
export function useRetryFailedLoads(): () => void {
  const client = useQueryClient();
  return useCallback(() => void retryFailedLoads(client, 'all'), [client]);
}

/** Whether a query failed for want of the server (what comes back with the connection). */
function failedForWantOfServer(query: Query): boolean {
  return query.state.status === 'error' && isConnectionFailure(query.state.error);
}

/**
 * The QueryClient's recovery defaults: a query failing for want of the server is loaded again when
 * the browser is back online (at once, whatever its staleTime) and every `recovery.everyMs` while
 * the page is shown; the others (loaded, refused) are left alone.
 */
export const recoverWhenFailing = {
  refetchOnReconnect: (query: Query) => (failedForWantOfServer(query) ? ('always' as const) : false),
  refetchInterval: (query: Query) => (failedForWantOfServer(query) ? recovery.everyMs : false),
};

const subscribeOnline = (onChange: () => void) => onlineManager.subscribe(onChange);

/** The browser's idea of being online (TanStack Query's onlineManager: navigator's events). */
export function useBrowserOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => onlineManager.isOnline(),
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
  // Mounted after a failure (a section's alert), it starts from what the cache holds now.
  const [reachable, setReachable] = useState(
    () => !client.getQueryCache().getAll().some(failedForWantOfServer),
  );
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

/**
 * Loads again what failed for want of the server when the live connection comes back (the server
 * reachable again while the browser never went offline: no online event tells the query cache).
 */
export function useRecoverFailedLoads(live: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (live) void retryFailedLoads(client, 'connection');
  }, [client, live]);
}
