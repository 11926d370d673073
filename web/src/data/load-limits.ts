/** How long a load may take before the page says it failed (every read of the signed-in pages). */
import { StoreError } from '@fit/shared/store';

/** A paused server never answers: without a limit a section would wait for ever. */
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
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}
