/**
 * The page's backend: the store port plus what is not plain documents; Firestore loads on demand.
 * The offline cache is used only by its owner (`keepsCache`), else deleted first; a session's end
 * stops its instance and, with nobody signed in, makes the next one, which deletes the cache
 * without anyone waiting for it (docs/decisions.md, Logout). Signed out, leftovers go too.
 */
import type { LiveDocumentStore, Unsubscribe } from '@fit/shared/store';
import type { PageSessions } from './auth.ts';
import type { AppConfig } from './config.ts';

/** The optional members are Firestore's own; the tests' in-memory backends leave them out. */
export interface Backend {
  store: LiveDocumentStore;
  /** Refused (`permission-denied`) when another account than `uid` is signed in at the call. */
  deleteAccount(uid: string): Promise<void>;
  /** Whether writes from another tab or an earlier load wait for the server. */
  hasUnsentWrites?(): Promise<boolean>;
  /** Stops the backend for good (its session ended). */
  stop?(): Promise<void>;
  /** Whether live results are flowing from the server now (absent: treated as live). */
  watchLive?(listener: (live: boolean) => void): Unsubscribe;
}

/** `eraseFirst` is asked right before the instance is made: another tab may have signed in meanwhile. */
export async function loadBackend(config: AppConfig, eraseFirst: () => Promise<boolean>): Promise<Backend> {
  const [{ firebaseAuth }, { createFirestoreStore }] = await Promise.all([
    import('./adapters/firebase-auth.ts'),
    import('./adapters/firestore.ts'),
  ]);
  const erase = await eraseFirst();
  const store = createFirestoreStore(firebaseAuth(config).app, config, { eraseFirst: erase });
  const { deleteAccount, stop, hasUnsentWrites, watchLive } = store; // closures: no `this`
  return { store, deleteAccount, stop, hasUnsentWrites, watchLive };
}

/**
 * The backend of a page drawn for the person last signed in here before the session is confirmed:
 * every call waits for `resolve` (guards.tsx, once confirmed as that person), then goes straight
 * through, so the page keeps one store for its whole life.
 */
export function deferredBackend() {
  let real: Backend | undefined;
  let open: (backend: Backend) => void = () => {};
  const ready = new Promise<Backend>((resolve) => {
    open = resolve;
  });

  const later = <T>(call: (backend: Backend) => Promise<T>): Promise<T> =>
    real ? call(real) : ready.then(call);

  /** A subscription asked for early starts once the backend is there; stopping before cancels it. */
  function watch(start: (backend: Backend) => Unsubscribe | undefined): Unsubscribe {
    if (real) return start(real) ?? (() => {});
    let stop: Unsubscribe | undefined;
    let stopped = false;
    void ready.then((backend) => {
      if (!stopped) stop = start(backend);
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }

  const backend: Backend = {
    store: {
      get: (path) => later((b) => b.store.get(path)),
      query: (spec) => later((b) => b.store.query(spec)),
      aggregate: (spec, aggregate) => later((b) => b.store.aggregate(spec, aggregate)),
      commit: (writes) => later((b) => b.store.commit(writes)),
      listen: (spec, onNext, onError) => watch((b) => b.store.listen(spec, onNext, onError)),
      listenDoc: (path, onNext, onError) => watch((b) => b.store.listenDoc(path, onNext, onError)),
    },
    deleteAccount: (uid) => later((b) => b.deleteAccount(uid)),
    // Unresolved, this page has written nothing.
    hasUnsentWrites: async () => (real?.hasUnsentWrites ? real.hasUnsentWrites() : false),
    watchLive: (listener) =>
      watch((b) => {
        if (b.watchLive) return b.watchLive(listener);
        listener(true);
        return undefined;
      }),
  };
  return {
    backend,
    /** Hands every waiting and later call to `real`; only the first call counts. */
    resolve(to: Backend) {
      if (real) return;
      real = to;
      open(to);
    },
  };
}

/** Whether the offline cache may be used by the person signed in now: it is theirs. */
export const keepsCache = ({ owner, now }: PageSessions): boolean => now !== null && now === owner;

/** Whether the browser lists a `firestore/...` database (true when it cannot list them). */
async function offlineCacheListed(): Promise<boolean> {
  try {
    if (typeof indexedDB?.databases !== 'function') return true;
    return (await indexedDB.databases()).some((db) => db.name?.startsWith('firestore/') === true);
  } catch {
    return false; // no IndexedDB: no cache either
  }
}

/** Resolves once the page has loaded: the check must not compete with the page's own code. */
function pageLoaded(): Promise<void> {
  if (typeof document === 'undefined' || document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

const report = (what: string) => (error: unknown) => console.error(what, error);

/** `load(eraseFirst)` deletes the cache first when `eraseFirst()` resolves true. */
export function backendForPage(
  load: (eraseFirst: () => Promise<boolean>) => Promise<Backend>,
  sessions: () => Promise<PageSessions>,
  {
    cacheListed = offlineCacheListed,
    loaded = pageLoaded,
  }: { cacheListed?: () => Promise<boolean>; loaded?: () => Promise<void> } = {},
) {
  let current: { uid: string | null; backend: Promise<Backend> } | undefined;
  /** A new instance must not open the cache while the last one still holds it. */
  let stopped: Promise<void> = Promise.resolve();

  function start(uid: string | null): Promise<Backend> {
    const backend = stopped.then(() => load(async () => !keepsCache(await sessions())));
    const session = { uid, backend };
    backend.catch(() => {
      if (current === session) current = undefined; // a failed chunk load may be retried
    });
    current = session;
    return backend;
  }

  function stopCurrent(): void {
    const old = current?.backend;
    current = undefined;
    stopped = stopped
      .then(() => old?.then((b) => b.stop?.()))
      .catch(report('Could not stop the data backend of the session that ended'));
  }

  async function eraseIfNobody(): Promise<void> {
    if (!current && (await sessions()).now === null) await start(null);
  }

  return {
    /** `uid`'s backend, once per session; the next person never gets the one about to stop. */
    get(uid: string): Promise<Backend> {
      if (current?.uid != null && current.uid !== uid) stopCurrent();
      if (!current) return start(uid);
      current.uid = uid;
      return current.backend;
    },
    /** `uid`'s session ended: stops its backend; with nobody signed in, starts deleting the cache. */
    async retire(uid: string) {
      if (current && (current.uid === uid || current.uid === null)) stopCurrent();
      await stopped;
      await eraseIfNobody().catch(report('Could not erase the offline data of the session that ended'));
    },
    /** Deletes a listed offline cache when nobody is signed in, once the page has loaded. */
    async eraseLeftovers() {
      await loaded();
      if (current || !(await cacheListed())) return;
      // The code did not load (offline, a deploy): the next page where nobody is signed in tries again.
      await eraseIfNobody().catch(report('Could not check for offline data left in this browser'));
    },
  };
}
