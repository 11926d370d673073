/**
 * One backend per session. It is loaded on first use (a signed-in page, or the sign-in that needs
 * the profile), and a session's end erases what it kept in this browser: Firestore's offline
 * cache holds the person's documents and unsent writes in IndexedDB, which the next person
 * at a shared computer must not inherit (device-memory.ts does the same for localStorage). The next
 * session then loads a fresh backend.
 *
 * Each backend belongs to the person it was asked for. The signed-in pages of the next person can
 * ask for theirs before the last session's end is reported (SessionProvider reports it after the
 * render that unmounts the last person's pages): they get a new one, never the one about to be
 * erased, and an end reported late erases only the backend of the person it names.
 *
 * An erasure interrupted (the tab closed or reloaded, the browser crashed) is finished by the next
 * page of this site: an `ErasureMark` is set as it starts and cleared once it is done, and while it
 * is set no backend starts before the cache is erased again; `resume()` does it on a page that
 * starts none.
 */
import type { ErasureMark } from './erasure-mark.ts';
import type { Backend } from './repositories.ts';

export interface BackendPerSession {
  /** `uid`'s backend, loaded once; a failed load is tried again on the next call. */
  get(uid: string): Promise<Backend>;
  /** Starts loading before anyone is known (a signed-in page's first load); the first `get` claims it. */
  warm(): Promise<Backend>;
  /**
   * `uid`'s session ended: erases what the backend kept of it in this browser (loading one for
   * that alone when none is loaded here); resolves when done.
   */
  end(uid: string): Promise<void>;
  /** Finishes an erasure an earlier page left halfway (the mark), when this page has started no backend. */
  resume(): Promise<void>;
}

interface Session {
  /** Whose it is; null until claimed (warm). */
  uid: string | null;
  backend: Promise<Backend>;
}

/**
 * `lastSignedIn`: who this browser last saw signed in (device-memory.ts's `signedIn` entry), if
 * known. A new session for someone else first erases what the SDK kept for them: a sign-in on
 * /login, which does not watch the session, is the first to learn that theirs has ended.
 */
export function backendPerSession(
  load: () => Promise<Backend>,
  lastSignedIn: () => string | null = () => null,
  mark?: ErasureMark,
): BackendPerSession {
  let current: Session | undefined;
  // A new backend waits for the last one's erasure: a new Firebase instance must not start on the
  // cache being deleted, nor before the old instance has stopped.
  let erased: Promise<void> = Promise.resolve();
  /** Whose backend was retired last: an end reported for them again has nothing left to erase. */
  let lastRetired: string | null = null;
  /** Erasures started by this page: the mark is cleared only once the last of them is done. */
  let retirements = 0;

  function start(uid: string | null): Session {
    const session: Session = { uid, backend: erased.then(load) };
    session.backend.catch(() => {
      if (current === session) current = undefined; // a failed chunk load may be retried
    });
    current = session;
    return session;
  }

  function retire(session: Session): void {
    if (current === session) current = undefined;
    lastRetired = session.uid;
    mark?.set(); // before anything can stop this page
    const retirement = ++retirements;
    const erasing = session.backend.then(
      (backend) => backend.eraseFromDevice?.(),
      () => {}, // a backend that never loaded kept nothing
    );
    erased = Promise.all([erased, erasing])
      .then(() => {
        if (retirement === retirements) mark?.clear();
      })
      .catch((error: unknown) => {
        // Nothing the person can do about it here, and the next session still starts (the mark
        // stays: the next page of this site tries again).
        console.error('Could not erase the ended session’s data from this browser', error);
      });
  }

  /**
   * Nothing of `uid`'s is loaded in this tab (a remembered session found ended on a page that had
   * not used it, the last tab that had closed): what the SDK kept for them is still in the browser,
   * so a backend is loaded only to erase it.
   */
  function eraseUnloaded(uid: string | null): void {
    retire({ uid, backend: erased.then(load) });
  }

  /**
   * Whether an erasure left halfway by an earlier page (or one that failed there) must be done
   * first. Once this page has erased, the mark is its own (cleared when done, kept when failed).
   */
  const leftHalfway = () => retirements === 0 && mark?.due() === true;

  return {
    get(uid) {
      if (current?.uid != null && current.uid !== uid) retire(current);
      if (!current) {
        const before = lastSignedIn();
        if (before !== null && before !== uid && before !== lastRetired) eraseUnloaded(before);
        else if (leftHalfway()) eraseUnloaded(null);
        return start(uid).backend;
      }
      current.uid = uid;
      return current.backend;
    },
    warm() {
      if (!current && leftHalfway()) eraseUnloaded(null);
      return (current ?? start(null)).backend;
    },
    resume() {
      if (!current && leftHalfway()) eraseUnloaded(null);
      return erased;
    },
    end(uid) {
      if (current === undefined) {
        if (lastRetired !== uid) eraseUnloaded(uid);
      } else if (current.uid === uid || current.uid === null) {
        retire(current); // theirs, or warmed and unused: it opened the cache they left
      } // else someone else's session has begun: theirs was retired then
      return erased;
    },
  };
}
