/**
 * When a save of this page that the server has not confirmed yet counts as "waiting to sync"
 * (Firestore keeps it and sends it when it can): at once while the browser is offline; online only
 * once it has stayed unconfirmed for UNCONFIRMED_AFTER_MS, since every online write is unconfirmed
 * for a moment and a mark flashing on each save would say something false. One rule for the form
 * that let go of the save, the top bar's "Saved offline, syncing…" and the rows' "Waiting to sync".
 */
import { browserOffline } from '../sw/register.ts';

/**
 * A warm connection confirms a write in well under a second, the first write of a session (stream
 * and token set-up) in one to two on a busy machine; longer means the network is not delivering it.
 */
export const UNCONFIRMED_AFTER_MS = 3000;

interface WaitOptions {
  /** When the write started; unknown: now. */
  since?: number | undefined;
  offline?: boolean;
  now?: number;
}

/** Whether a write started at `since` counts as waiting to sync at `now`. */
export function countsAsWaiting({
  since,
  offline = browserOffline(),
  now = Date.now(),
}: WaitOptions = {}): boolean {
  return offline || (since !== undefined && now - since >= UNCONFIRMED_AFTER_MS);
}

/**
 * Calls `show` once the write counts as waiting to sync: now when offline or when it started at
 * least UNCONFIRMED_AFTER_MS ago, else when it will have. Returns a cancel, for when the server
 * answers first.
 */
export function whenWaitingToSync(show: () => void, options: WaitOptions = {}): () => void {
  const now = options.now ?? Date.now();
  const since = options.since ?? now;
  if (countsAsWaiting({ ...options, since, now })) {
    show();
    return () => {};
  }
  const timer = setTimeout(show, since + UNCONFIRMED_AFTER_MS - now);
  return () => clearTimeout(timer);
}
