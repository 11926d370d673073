/**
 * The page's backend, and what a session leaves in this browser after it ends.
 *
 * Firestore's offline cache (IndexedDB) holds the person's documents and unsent writes, which the
 * next person at a shared computer must not inherit. Whenever the backend's instance is made, it
 * decides before first use whether the cache is the person's now signed in: theirs when the page
 * started signed in as them (the session the auth SDK restored) or they signed in from another tab
 * since (that tab made it theirs). Otherwise (nobody signed in, a sign-in on a page that started
 * signed out, or as someone else) the SDK deletes the cache before anything else runs on the
 * instance (`clearIndexedDbPersistence`; adapters/firestore.ts). The deletion waits for every tab
 * to let go of the database: the SDK stops theirs when asked, and their own session's end stops
 * them anyway.
 *
 * A session's end (`retire`, SessionProvider's hook in main.tsx, after the person's pages have
 * gone) stops the instance that served it (`terminate`: its listeners and its hold on the cache)
 * and, with nobody signed in, makes the next one at once, which deletes the cache. Nothing waits
 * for that: the guards have moved to /login by then. A new instance starts only once the last one
 * has stopped. A page where nobody is signed in also deletes a cache left behind
 * (`eraseLeftovers`): the tab that logged out may have closed before the deletion could finish
 * (another tab held the database open).
 */
import type { PageSessions } from './auth.ts';
import type { Backend } from './repositories.ts';

interface PageBackend {
  /**
   * `uid`'s backend, loaded once per session (a failed load is tried again on the next call). The
   * next person's pages may ask before the last session's end is reported (after their render):
   * they get a new one, never the one about to stop.
   */
  get(uid: string): Promise<Backend>;
  /** Starts loading before anyone is known (a signed-in page's first load); the first `get` claims it. */
  warm(): Promise<Backend>;
  /**
   * `uid`'s session ended: stops its backend, and with nobody signed in deletes the cache (a new
   * backend, which the next sign-in here then uses). Resolves when the deletion has started.
   */
  retire(uid: string): Promise<void>;
  /** Deletes a listed offline cache when nobody is signed in, once the page has loaded. */
  eraseLeftovers(): Promise<void>;
}

/** Whether the offline cache may be used by the person signed in now: it is theirs. */
export const keepsCache = ({ owner, now }: PageSessions): boolean => now !== null && now === owner;

/**
 * Whether the browser lists a Firestore database for this site (the SDK names them
 * `firestore/...`): a page where nobody signs in loads the SDK only to delete one. True when the
 * browser cannot list its databases.
 */
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

/**
 * `load(eraseFirst)` loads the backend, deleting the cache first when `eraseFirst()` (asked right
 * before the instance is made) resolves true; `sessions` says who is signed in and whose the cache
 * is (the auth SDK, loaded then).
 */
export function backendForPage(
  load: (eraseFirst: () => Promise<boolean>) => Promise<Backend>,
  sessions: () => Promise<PageSessions>,
  {
    cacheListed = offlineCacheListed,
    loaded = pageLoaded,
  }: { cacheListed?: () => Promise<boolean>; loaded?: () => Promise<void> } = {},
): PageBackend {
  /** The backend in use, and whose it is (null until someone claims it). */
  let current: { uid: string | null; backend: Promise<Backend> } | undefined;
  /** The last retired backend's stop: a new instance must not open the cache while it holds it. */
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

  /** With nobody signed in, whatever the cache holds is an ended session's: a new backend deletes it. */
  async function eraseIfNobody(): Promise<void> {
    if (!current && (await sessions()).now === null) await start(null);
  }

  return {
    get(uid) {
      if (current?.uid != null && current.uid !== uid) stopCurrent();
      if (!current) return start(uid);
      current.uid = uid;
      return current.backend;
    },
    warm: () => current?.backend ?? start(null),
    async retire(uid) {
      if (current && (current.uid === uid || current.uid === null)) stopCurrent();
      await stopped;
      await eraseIfNobody().catch(report('Could not erase the offline data of the session that ended'));
    },
    async eraseLeftovers() {
      await loaded();
      if (current || !(await cacheListed())) return;
      // The code did not load (offline, a deploy): the next page where nobody is signed in tries again.
      await eraseIfNobody().catch(report('Could not check for offline data left in this browser'));
    },
  };
}
