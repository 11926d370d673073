/** How long a load may take before the page says it failed (every read of the signed-in pages). */
import { StoreError } from '@fit/shared/store';

/**
 * How long a load waits for its first answer. The local adapter's live streams reconnect quietly
 * while the server is down or answering 500, and a paused server never answers: without a limit
 * the section would show its placeholder for ever instead of the spec's failure message.
 */
export const loadLimits = { timeoutMs: 8000, retryDelayMs: 500 };

/** A load that got no answer in time (already waited: not retried). */
export class LoadTimeoutError extends StoreError {
  constructor() {
    super('unavailable', `no answer within ${loadLimits.timeoutMs} ms`);
  }
}

/** Rejects with `LoadTimeoutError` when `promise` has not settled in time. */
export function withTimeout<T>(promise: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new LoadTimeoutError()), loadLimits.timeoutMs);
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
