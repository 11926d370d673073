/**
 * The page's backend. The offline cache is used only by its owner (`keepsCache`), else deleted first;
 * a session's end stops its instance and, with nobody signed in, makes the next one, which deletes
 * the cache without anyone waiting for it (docs/decisions.md, Logout). Signed out, leftovers go too.
 */
import type { PageSessions } from './auth.ts';
import type { Backend } from './repositories.ts';

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
