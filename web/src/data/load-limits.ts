/** How long a load may take before the page says it failed (every read of the signed-in pages). */
import { StoreError } from '@fit/shared/store';

/**
 * How long a load waits for its first answer. The Firestore SDK retries a listener quietly while
 * the server is unreachable, and a paused server never answers: without a limit the section would
 * show its placeholder for ever instead of the spec's failure message.
 */
export const loadLimits = {
  timeoutMs: 8000,
  retryDelayMs: 500,
};

/** A load that got no answer in time (already waited: not retried). */
export class LoadTimeoutError extends StoreError {
  constructor(ms = loadLimits.timeoutMs) {
    super('unavailable', `no answer within ${ms} ms`);
  }
}

/** Rejects with `LoadTimeoutError` when `promise` has not settled within `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms = loadLimits.timeoutMs): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new LoadTimeoutError(ms)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
