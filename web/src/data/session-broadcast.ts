/**
 * A sign-out told to this browser's other tabs at once. Firebase Auth's own cross-tab sync polls
 * its saved session, and a second tab was seen still drawing the person's pages (and holding their
 * offline cache open) half a minute after Logout in the first.
 *
 * The tab whose session ended (Logout, account deletion, a session the backend refused) names who
 * left; a tab still drawing for that person loads /login in its place, as the tab that signed out
 * went there (a whole page load: its data, live listeners and offline store go with the page). It
 * never signs out itself: that clears the saved session every tab shares, which a late message
 * would then take from someone who signed in again in a third tab.
 */

const CHANNEL = 'fittrack-session';

interface SignedOut {
  type: 'signed-out';
  uid: string;
}

let channel: BroadcastChannel | null | undefined;

/** This tab's end of the channel (none in a browser without BroadcastChannel: the SDK's sync stays). */
function tabChannel(): BroadcastChannel | null {
  if (channel === undefined)
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
  return channel;
}

/** Tells the other tabs that `uid` is signed out. */
export function announceSignOut(uid: string): void {
  tabChannel()?.postMessage({ type: 'signed-out', uid } satisfies SignedOut);
}

const isSignedOut = (data: unknown): data is SignedOut =>
  typeof data === 'object' &&
  data !== null &&
  (data as Partial<SignedOut>).type === 'signed-out' &&
  typeof (data as Partial<SignedOut>).uid === 'string';

/**
 * The longest a tab holds back its page load for its own erasure of the session: a tab that never
 * lets go of the cache (an old build, a frozen page) must not keep this one drawing for someone gone.
 */
export const ERASURE_WAIT_MS = 10_000;

/**
 * Leaves for /login when another tab announces that the person this one draws for (`shown()`,
 * read at the time) signed out. `erasing()`: this tab's erasure of an ended session's data, if one
 * is under way; the page load waits for it (at most ERASURE_WAIT_MS), because a page load stops it
 * halfway, and the page loaded next no longer knows whose cache is left. The tab that pressed
 * Logout can hear another tab's echo of its own sign-out while its deletion waits for that tab to
 * let go of the cache (a candidate cause of a clean CI run's cache still listed 30 s after Logout).
 * Returns the unsubscribe.
 */
export function leaveOnSignOutElsewhere(
  shown: () => string | null,
  {
    erasing = () => Promise.resolve(),
    leave = () => window.location.replace('/login'),
  }: { erasing?: () => Promise<unknown>; leave?: () => void } = {},
): () => void {
  const tab = tabChannel();
  if (!tab) return () => {};
  // Once: the other tabs announce the same sign-out as their own SDK notices it, and a second
  // page load would abort the first.
  let left = false;
  const listener = (event: MessageEvent<unknown>) => {
    if (left || !isSignedOut(event.data) || event.data.uid !== shown()) return;
    left = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const capped = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ERASURE_WAIT_MS);
    });
    void Promise.race([erasing().catch(() => {}), capped]).then(() => {
      clearTimeout(timer);
      leave();
    });
  };
  tab.addEventListener('message', listener);
  return () => tab.removeEventListener('message', listener);
}
