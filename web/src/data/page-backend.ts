/**
 * One backend per page, and what a session leaves in this browser after it ends.
 *
 * Firestore's offline cache (IndexedDB) holds the person's documents and unsent writes, which the
 * next person at a shared computer must not inherit. A session's end ends every page that drew for
 * it: it loads /login in its place (session.tsx, main.tsx), which drops what the tab held in memory
 * and its hold on the cache. So a page serves one person at most, and its backend decides once,
 * before first use, whether the cache it opens is theirs: when the page started signed in as the
 * person signed in now (the session the auth SDK restored), or they signed in from another tab
 * since (that tab made the cache theirs). Otherwise (a sign-in on a page that started signed out,
 * or as someone else) the SDK deletes the cache before anything else runs on the new instance
 * (`clearIndexedDbPersistence`; adapters/firestore.ts).
 *
 * A page where nobody is signed in also deletes a cache left behind (`eraseLeftovers`): after a
 * Logout, /login does (loaded in the tab that logged out), and so does the next page of the site
 * if the tab went before the deletion could finish (another tab held the cache open, then closed).
 */
import type { PageSessions } from './auth.ts';
import type { Backend } from './repositories.ts';

export interface PageBackend {
  /**
   * The page's backend, loaded once (a failed load is tried again on the next call). The argument
   * (who asks) is not needed: a page that drew for someone is gone before anyone else can ask.
   */
  get(uid?: string): Promise<Backend>;
  /** The same, asked for before anyone is known (a signed-in page's first load). */
  warm(): Promise<Backend>;
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
export async function offlineCacheListed(): Promise<boolean> {
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

/**
 * `load(eraseFirst)` loads the backend, deleting the cache first when `eraseFirst()` (asked right
 * before the instance is made) resolves true;
 * `sessions` says who was signed in as the page started and who is now (the auth SDK, loaded
 * then).
 */
export function backendForPage(
  load: (eraseFirst: () => Promise<boolean>) => Promise<Backend>,
  sessions: () => Promise<PageSessions>,
  {
    cacheListed = offlineCacheListed,
    loaded = pageLoaded,
  }: { cacheListed?: () => Promise<boolean>; loaded?: () => Promise<void> } = {},
): PageBackend {
  let backend: Promise<Backend> | undefined;

  function get(): Promise<Backend> {
    if (!backend) {
      const loading = load(async () => !keepsCache(await sessions()));
      loading.catch(() => {
        if (backend === loading) backend = undefined; // a failed chunk load may be retried
      });
      backend = loading;
    }
    return backend;
  }

  return {
    get,
    warm: get,
    async eraseLeftovers() {
      await loaded();
      if (backend || !(await cacheListed())) return;
      try {
        // Nobody signed in: whatever the cache holds is a session's that ended.
        if ((await sessions()).now === null) await get();
      } catch (error) {
        // The code did not load (offline, a deploy): the next page where nobody is signed in tries again.
        console.error('Could not check for offline data left in this browser', error);
      }
    },
  };
}
