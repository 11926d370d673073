/**
 * When a write made on this device and not yet confirmed by the server counts as "waiting to sync"
 * (Firestore keeps it and sends it when it can). One rule for the top bar's
 * "Saved offline, syncing…" (the Firestore adapter's pending count) and the rows' "Waiting to sync"
 * mark (components/PendingSyncMark.tsx), so the two never disagree: at once while offline; online
 * only once it has stayed unconfirmed for UNCONFIRMED_AFTER_MS, since every online write is
 * unconfirmed for a moment and a mark flashing on each save would say something false.
 *
 * Both count from the moment the write started: the adapter notes it per document here
 * (`noteWriteStarted`), and a row's mark, which may mount later (a list that re-renders, a page
 * opened after the save), reads it back (`unconfirmedSince`) instead of starting its own 3 s.
 */
import { browserOffline } from '../sw/register.ts';

/**
 * A warm connection confirms a write in well under a second, the first write of a session (stream
 * and token set-up) in one to two on a busy machine; longer means the network is not delivering it.
 */
export const UNCONFIRMED_AFTER_MS = 3000;

/** Per document path: when its oldest unconfirmed write on this page started, and how many are out. */
const unconfirmed = new Map<string, { since: number; writes: number }>();

/**
 * Notes that a write of `paths` (one batch) starts at `now`. Returns what to call once the server
 * has answered it (confirmed or refused); calling it again does nothing.
 */
export function noteWriteStarted(paths: readonly string[], now: number = Date.now()): () => void {
  const documents = [...new Set(paths)];
  for (const path of documents) {
    const entry = unconfirmed.get(path);
    if (entry)
      entry.writes += 1; // a second edit: the document has been waiting since the first
    else unconfirmed.set(path, { since: now, writes: 1 });
  }
  let settled = false;
  return () => {
    if (settled) return;
    settled = true;
    for (const path of documents) {
      const entry = unconfirmed.get(path);
      if (!entry) continue;
      entry.writes -= 1;
      if (entry.writes <= 0) unconfirmed.delete(path);
    }
  };
}

/**
 * When the oldest write of this document still unconfirmed started on this page; undefined when
 * none did (the write was made before a reload and kept by the SDK: its start is not known).
 */
export function unconfirmedSince(path: string): number | undefined {
  return unconfirmed.get(path)?.since;
}

export interface WaitOptions {
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
 * confirms it (or the mark goes) first.
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
