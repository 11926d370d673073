/**
 * The SDK never fails a listener for want of a server: it retries for ever and answers from its
 * cache. So a first result must come from the server (or the browser says it is offline), and a
 * read unanswered for a while asks the server directly, which the SDK fails at once when unreachable.
 */
import { isStoreErrorCode, StoreError, type Unsubscribe } from '@fit/shared/store';
import { browserOffline } from '../../sw/register.ts';

const PROBE_AFTER_MS = 1500;

/** Firebase errors carry codes like 'permission-denied' (Firestore) or 'functions/not-found'. */
export function toStoreError(error: unknown): StoreError {
  if (error instanceof StoreError) return error;
  const raw = (error as { code?: unknown })?.code;
  const code = typeof raw === 'string' ? raw.replace(/^functions\//, '') : '';
  const message = error instanceof Error ? error.message : String(error);
  if (isStoreErrorCode(code)) return new StoreError(code, message);
  if (code === 'deadline-exceeded' || code === 'cancelled') return new StoreError('unavailable', message);
  return new StoreError('internal', message);
}

/** Settles like `work`, or fails as soon as `probe` (a server-only read) finds the server unreachable. */
export function failFastWhenUnreachable<T>(work: Promise<T>, probe: () => Promise<unknown>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      probe().catch((error: unknown) => {
        const storeError = toStoreError(error);
        if (storeError.code === 'unavailable') reject(storeError);
      });
    }, PROBE_AFTER_MS);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

type Observer<S> = { next: (snap: S) => void; error: (error: unknown) => void };

/** Listeners under the first-result rule, and whether all of them are in sync with the server. */
export function syncedListeners() {
  const inSync = new Map<symbol, boolean>();
  const watchers = new Set<(live: boolean) => void>();
  let live = false;
  const update = () => {
    const next = !browserOffline() && inSync.size > 0 && [...inSync.values()].every(Boolean);
    if (next === live) return;
    live = next;
    for (const watcher of watchers) watcher(live);
  };
  if (typeof window !== 'undefined') {
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
  }

  function listenSynced<S extends { metadata: { fromCache: boolean } }>(
    start: (observer: Observer<S>) => Unsubscribe,
    probe: () => Promise<S>,
    onNext: (snap: S) => void,
    onError: (error: StoreError) => void,
  ): Unsubscribe {
    const key = Symbol('listener');
    let answered = false;
    let stopped = false;
    let stop: Unsubscribe = () => {};
    let timer: ReturnType<typeof setTimeout> | undefined;
    const end = () => {
      if (stopped) return false;
      stopped = true;
      clearTimeout(timer);
      inSync.delete(key);
      update();
      stop();
      return true;
    };
    const next = (snap: S) => {
      if (stopped) return;
      inSync.set(key, !snap.metadata.fromCache);
      update();
      if (!answered && snap.metadata.fromCache && !browserOffline()) return;
      answered = true;
      onNext(snap);
    };
    const fail = (error: unknown) => {
      if (end()) onError(toStoreError(error));
    };
    inSync.set(key, false);
    update();
    try {
      stop = start({ next, error: fail });
    } catch (error) {
      queueMicrotask(() => fail(error)); // a stopped instance throws at once
    }
    timer = setTimeout(() => {
      if (answered || stopped) return;
      probe().then(
        (snap) => answered || next(snap),
        (error: unknown) => answered || fail(error),
      );
    }, PROBE_AFTER_MS);
    return () => void end();
  }

  function watchLive(watcher: (live: boolean) => void): Unsubscribe {
    watchers.add(watcher);
    watcher(live);
    return () => watchers.delete(watcher);
  }

  return { listenSynced, watchLive };
}
