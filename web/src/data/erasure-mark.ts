/**
 * An erasure of the offline cache that was started and not seen to finish, remembered on this
 * device (backend-session.ts). Logging out erases Firestore's cache from IndexedDB; a tab closed,
 * reloaded or crashed meanwhile stops the deletion halfway, and the person who signed out is
 * forgotten at once (device-memory.ts), so nothing else says whose cache is still on disk. With
 * the mark, the next page of this site finishes the job before any session uses the cache.
 *
 * Per device, not per person (the cache is the site's, whoever's data it holds), and it names
 * nobody: one key, present or not.
 */

/** What backend-session.ts needs of the mark. */
export interface ErasureMark {
  /** Whether an erasure was started here (this tab or another, this page or an earlier one) and not seen to finish. */
  due(): boolean;
  set(): void;
  clear(): void;
}

/**
 * Named like the other per-device keys (`fit-style-snapshot`), outside the per-person `fittrack…`
 * prefixes: those are all gone once a Logout returns (the keyboard journey checks), while this one
 * stays until the erasure it stands for is done.
 */
export const ERASURE_MARK_KEY = 'fit-erase-offline-cache';

/** The mark in localStorage; where storage is refused it is never due (nothing else could be kept either). */
export const erasureMark: ErasureMark = {
  due() {
    try {
      return localStorage.getItem(ERASURE_MARK_KEY) !== null;
    } catch {
      return false;
    }
  },
  set() {
    try {
      localStorage.setItem(ERASURE_MARK_KEY, '1');
    } catch {
      // storage refused or full: this page's own erasure still runs
    }
  },
  clear() {
    try {
      localStorage.removeItem(ERASURE_MARK_KEY);
    } catch {
      // storage refused: nothing was set
    }
  },
};
