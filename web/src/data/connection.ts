/**
 * The QueryClient of the signed-in pages, what they know about their connection, and how failed
 * loads come back without a click: TanStack Query's `refetchOnReconnect` and `refetchInterval` while
 * a load fails for want of the server, and the live connection returning (`useRecoverFailedLoads`).
 */
import { StoreError } from '@fit/shared/store';
import { LIMITS } from '@fit/shared/validation';
import {
  MutationCache,
  onlineManager,
  type Query,
  QueryCache,
  QueryClient,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { isSessionOver } from './auth.ts';
import { BackendContext, useAuthGateway } from './context.tsx';
import { LoadTimeoutError, loadLimits, stopListenersWithoutObservers } from './live-query.ts';

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

/** Refusals and timeouts would only fail again (or wait again): one quick retry for the rest. */
function isRetryable(error: unknown): boolean {
  if (error instanceof LoadTimeoutError || isSessionOver(error)) return false;
  return !(error instanceof StoreError && error.code === 'permission-denied');
}

/** The one QueryClient of the signed-in pages; `onFailure` sees every failed load and save. */
export function createQueryClient(onFailure: (error: unknown) => void): QueryClient {
  // The onlineManager starts online: a page opened offline.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  const client = new QueryClient({
    queryCache: new QueryCache({ onError: onFailure }),
    mutationCache: new MutationCache({ onError: onFailure }),
    defaultOptions: {
      queries: {
        // Failures must surface even when the browser believes it is offline (no silent pause).
        networkMode: 'always',
        retry: (failures, error) => failures < 1 && isRetryable(error),
        retryDelay: () => loadLimits.retryDelayMs,
        refetchOnWindowFocus: false,
        // Recovery: loaded and refused queries are left alone.
        refetchOnReconnect: (query) => (failedForWantOfServer(query) ? 'always' : false),
        refetchInterval: (query) => (failedForWantOfServer(query) ? recovery.everyMs : false),
      },
      // A save runs offline too: Firestore keeps the write.
      mutations: { networkMode: 'always', retry: false },
    },
  });
  stopListenersWithoutObservers(client);
  return client;
}

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

/** How long a measured clock offset is used again, while the clock was not set meanwhile. */
const CLOCK_KNOWN_MS = 10 * 60_000;

/** Whether a measured offset is past what the rules allow for a time the device stamps. */
export const isClockOff = (ms: number | null): ms is number =>
  ms !== null && Math.abs(ms) > LIMITS.timestampSkewMs;

/** The wall clock less the monotonic one: it moves when the device's clock is set. */
const clockBase = () => Date.now() - performance.now();

/**
 * How far this device's clock is off (ms, ahead positive) once the server refused a save carrying
 * the device's time and the clock proves off by more than the rules allow; null otherwise.
 */
export function useClockOff(): [number | null, () => void] {
  const client = useQueryClient();
  const gateway = useAuthGateway();
  const [off, setOff] = useState<number | null>(null);
  useEffect(() => {
    let checking = false;
    // Each check forces a fresh token, which restarts Firestore's streams in every tab: a burst of
    // refusals reuses the last one unless the clock was set since.
    let known: { ms: number | null; base: number; at: number } | null = null;
    const show = (ms: number | null) => setOff(isClockOff(ms) ? ms : null);
    return client.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated') return;
      const { action } = event;
      if (action.type === 'success') setOff(null);
      // Only a refusal of writes carrying a time the rules check can be the clock's doing (not a goal's).
      const refused = action.type === 'error' && action.error instanceof StoreError && action.error.timed;
      if (!refused || action.error.code !== 'permission-denied' || checking) return;
      if (known && performance.now() - known.at < CLOCK_KNOWN_MS && Math.abs(clockBase() - known.base) < 1000)
        return show(known.ms);
      checking = true;
      gateway
        .clockOffset()
        .then((ms) => {
          known = { ms, base: clockBase(), at: performance.now() };
          show(ms);
        })
        .catch((error: unknown) => console.error('Could not check the clock', error))
        .finally(() => {
          checking = false;
        });
    });
  }, [client, gateway]);
  return [off, useCallback(() => setOff(null), [])];
}
