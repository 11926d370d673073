/**
 * The recent-sign-in rule of account deletion, as the Cloud Function `deleteAccount` applies it, to
 * the second: a sign-in exactly RECENT_SIGN_IN_MAX_AGE_SECONDS old is recent, one a millisecond
 * older is not. Pure, so it is tested here without an emulator.
 */
import { REQUIRES_RECENT_LOGIN } from './model.ts';

/** Account deletion needs a sign-in this recent (seconds); older sessions must re-authenticate. */
export const RECENT_SIGN_IN_MAX_AGE_SECONDS = 5 * 60;

/**
 * How far a sign-in time may lie ahead of this server's clock (seconds): clocks of the token issuer
 * and the server differ a little. Further ahead is not a real sign-in (an emulator token is
 * unsigned, so anyone can write one), and one dated far ahead would otherwise stay "recent" forever.
 */
export const SIGN_IN_CLOCK_SKEW_SECONDS = 60;

/**
 * Whether a token's `auth_time` (JWT NumericDate: seconds since the epoch) is recent at `nowMs`
 * (milliseconds since the epoch). Exact arithmetic, no rounding: the age is compared as is.
 * A missing or non-numeric `auth_time` is not recent.
 */
export function isRecentSignIn(authTime: unknown, nowMs: number): boolean {
  if (typeof authTime !== 'number' || !Number.isFinite(authTime) || !Number.isFinite(nowMs)) return false;
  const ageSeconds = nowMs / 1000 - authTime;
  return ageSeconds <= RECENT_SIGN_IN_MAX_AGE_SECONDS && ageSeconds >= -SIGN_IN_CLOCK_SKEW_SECONDS;
}

/** The refusal the Function sends; the browser re-authenticates when it sees REQUIRES_RECENT_LOGIN. */
export const RECENT_SIGN_IN_REQUIRED = `${REQUIRES_RECENT_LOGIN}: deleting the account needs a sign-in within the last ${RECENT_SIGN_IN_MAX_AGE_SECONDS / 60} minutes; sign in again and retry.`;

/**
 * The refusal when the account signed in at the call is not the one the page asked to delete: with
 * two tabs, another may have switched accounts after this page was drawn.
 */
export const DELETE_OTHER_ACCOUNT =
  'Another account is signed in now (perhaps in another tab), so nothing was deleted. Reload the page and try again.';
