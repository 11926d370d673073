/**
 * Typed domain errors and the one place they become HttpsError (callables) or are judged
 * permanent (event triggers: logged and swallowed so that retries end) versus transient (rethrown
 * so that Cloud Functions retries the event).
 */
import { REQUIRES_RECENT_LOGIN } from '@fit/shared/model';
import { DELETE_OTHER_ACCOUNT, RECENT_SIGN_IN_REQUIRED } from '@fit/shared/recent-sign-in';
import { StoreError } from '@fit/shared/store';
import { HttpsError } from 'firebase-functions/v2/https';

export type DomainErrorCode =
  | 'unauthenticated'
  | 'requires-recent-login'
  | 'invalid-argument'
  | 'permission-denied';

export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly code: DomainErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const requiresRecentLogin = () => new DomainError('requires-recent-login', RECENT_SIGN_IN_REQUIRED);
/** The page asked to delete another account than the caller's (another tab switched accounts). */
export const otherAccount = () => new DomainError('permission-denied', DELETE_OTHER_ACCOUNT);

/** Store failures worth retrying: contention, outages, quota. Everything else is permanent. */
const TRANSIENT: ReadonlySet<string> = new Set(['aborted', 'unavailable', 'resource-exhausted', 'internal']);

export function isTransient(error: unknown): boolean {
  if (error instanceof StoreError) return TRANSIENT.has(error.code);
  if (error instanceof DomainError || error instanceof RangeError || error instanceof TypeError) return false;
  // Unknown failures (network, SDK) are retried: a reaction is idempotent.
  return true;
}

/** The error a callable throws to the browser. */
export function toHttpsError(error: unknown): HttpsError {
  if (error instanceof HttpsError) return error;
  if (error instanceof DomainError) {
    if (error.code === 'requires-recent-login')
      return new HttpsError('failed-precondition', error.message, { reason: REQUIRES_RECENT_LOGIN });
    return new HttpsError(error.code, error.message);
  }
  if (error instanceof StoreError) {
    const code = error.code === 'aborted' || error.code === 'resource-exhausted' ? 'unavailable' : error.code;
    return new HttpsError(code, 'The operation failed; please try again.');
  }
  return new HttpsError('internal', 'The operation failed; please try again.');
}
