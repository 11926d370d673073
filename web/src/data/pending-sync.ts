/** An unconfirmed save waits to sync at once offline; online after a while (every write waits a moment). */
import { browserOffline } from '../sw/register.ts';

/** A warm connection confirms in well under a second, a session's first write in one to two. */
export const UNCONFIRMED_AFTER_MS = 3000;

interface WaitOptions {
  /** When the write started; unknown: now. */
  since?: number | undefined;
  offline?: boolean;
  now?: number;
}

export function countsAsWaiting({
  since,
  offline = browserOffline(),
  now = Date.now(),
}: WaitOptions = {}): boolean {
  return offline || (since !== undefined && now - since >= UNCONFIRMED_AFTER_MS);
}

/** Calls `show` once the write counts as waiting to sync; returns a cancel. */
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
