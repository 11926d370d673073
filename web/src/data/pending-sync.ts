/**
 * When a write made on this device and not yet confirmed by the server counts as "waiting to sync"
 * (Firebase mode: Firestore keeps it and sends it when it can). One rule for the top bar's
 * "Saved offline, syncing…" (the Firestore adapter's pending count) and the rows' "Waiting to sync"
 * mark (components/PendingSyncMark.tsx), so the two never disagree: at once while offline; online
 * only once it has stayed unconfirmed for UNCONFIRMED_AFTER_MS, since every online write is
 * unconfirmed for a moment and a mark flashing on each save would say something false.
 */
import { browserOffline } from '../sw/register.ts';

/**
 * A warm connection confirms a write in well under a second, the first write of a session (stream
 * and token set-up) in one to two on a busy machine; longer means the network is not delivering it.
 */
export const UNCONFIRMED_AFTER_MS = 3000;

/**
 * Calls `show` once the write counts as waiting to sync: now when offline, else after
 * UNCONFIRMED_AFTER_MS. Returns a cancel, for when the server confirms it (or the mark goes) first.
 */
export function whenWaitingToSync(show: () => void, offline: boolean = browserOffline()): () => void {
  if (offline) {
    show();
    return () => {};
  }
  const timer = setTimeout(show, UNCONFIRMED_AFTER_MS);
  return () => clearTimeout(timer);
}
