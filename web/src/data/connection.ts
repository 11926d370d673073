/**
 * What the signed-in pages know about their connection, and how failed loads come back without a
 * click: TanStack Query's `refetchOnReconnect` and `refetchInterval` while a load fails for want of
 * the server (`recoverWhenFailing`), and the live connection returning (`useRecoverFailedLoads`).
 */
import { StoreError } from '@fit/shared/store';
import { onlineManager, type Query, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { BackendContext } from './context.tsx';

/** How often failed loads are tried again in the background while they are failing. */
export const recovery = { everyMs: 15_000 };

/** Refusals would only fail again; anything else failed for want of the server. */
const REFUSALS = new Set([
  'permission-denied',
  'unauthenticated',
  'invalid-argument',
  'failed-precondition',
  'not-found',
  'already-exists',
]);

const isConnectionFailure = (error: unknown) => !(error instanceof StoreError && REFUSALS.has(error.code));

const failedForWantOfServer = (query: Query) =>
  query.state.status === 'error' && isConnectionFailure(query.state.error);

/** Loads again the shown queries that failed: all of them, or only those that failed for want of the server. */
function retryFailedLoads(client: QueryClient, all: boolean): Promise<void> {
  const predicate = (query: Query) => query.state.status === 'error' && (all || failedForWantOfServer(query));
  return client.refetchQueries({ type: 'active', predicate });
}

/** A Retry button's action: every failed load at once (they mostly fail for the same reason). */
export function useRetryFailedLoads(): () => void {
  const client = useQueryClient();
  return useCallback(() => void retryFailedLoads(client, true), [client]);
}

/** The QueryClient's recovery defaults: loaded and refused queries are left alone. */
export const recoverWhenFailing = {
  refetchOnReconnect: (query: Query) => (failedForWantOfServer(query) ? ('always' as const) : false),
  refetchInterval: (query: Query) => (failedForWantOfServer(query) ? recovery.everyMs : false),
};

const subscribeOnline = (onChange: () => void) => onlineManager.subscribe(onChange);

/** The browser's idea of being online (TanStack Query's onlineManager). */
export function useBrowserOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => onlineManager.isOnline(),
    () => true,
  );
}

/** Whether live results flow: the backend says so (or does not say) and the browser is online. */
export function useLiveConnection(): boolean {
  const backend = useContext(BackendContext);
  const online = useBrowserOnline();
  const [live, setLive] = useState(true);
  useEffect(() => backend?.watchLive?.(setLive), [backend]);
  return live && online;
}

/** False from a load failing for want of the server until a load succeeds. */
export function useServerReachable(): boolean {
  const client = useQueryClient();
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

/** The server reachable again while the browser never went offline: no online event tells the cache. */
export function useRecoverFailedLoads(live: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (live) void retryFailedLoads(client, false);
  }, [client, live]);
}
