import { describe, expect, it } from 'vitest';
import { REQUIRES_RECENT_LOGIN } from '../src/model.ts';
import {
  isRecentSignIn,
  RECENT_SIGN_IN_MAX_AGE_SECONDS,
  RECENT_SIGN_IN_REQUIRED,
  SIGN_IN_CLOCK_SKEW_SECONDS,
} from '../src/recent-sign-in.ts';

const NOW_MS = Date.UTC(2026, 10, 23, 12, 0, 0);
const NOW_S = NOW_MS / 1000;

describe('isRecentSignIn', () => {
  it('a sign-in just now, or a minute ago, is recent', () => {
    expect(isRecentSignIn(NOW_S, NOW_MS)).toBe(true);
    expect(isRecentSignIn(NOW_S - 60, NOW_MS)).toBe(true);
  });

  it('exactly at the limit is recent; a millisecond past it is not (no rounding)', () => {
    const atLimit = NOW_S - RECENT_SIGN_IN_MAX_AGE_SECONDS;
    expect(isRecentSignIn(atLimit, NOW_MS)).toBe(true);
    expect(isRecentSignIn(atLimit, NOW_MS + 1)).toBe(false);
    // flooring the age would let 300.999 s pass
    expect(isRecentSignIn(atLimit, NOW_MS + 999)).toBe(false);
    expect(isRecentSignIn(atLimit - 1, NOW_MS)).toBe(false);
  });

  it('a sign-in from the future is recent within the clock skew, refused beyond it', () => {
    expect(isRecentSignIn(NOW_S + SIGN_IN_CLOCK_SKEW_SECONDS, NOW_MS)).toBe(true);
    expect(isRecentSignIn(NOW_S + SIGN_IN_CLOCK_SKEW_SECONDS, NOW_MS - 1)).toBe(false);
    expect(isRecentSignIn(NOW_S + 365 * 24 * 3600, NOW_MS)).toBe(false);
  });

  it('a missing or malformed auth_time is not recent', () => {
    for (const bad of [undefined, null, '1700000000', Number.NaN, Number.POSITIVE_INFINITY, {}, [NOW_S]])
      expect(isRecentSignIn(bad, NOW_MS)).toBe(false);
    expect(isRecentSignIn(NOW_S, Number.NaN)).toBe(false);
  });

  it('the refusal names the reason the browser looks for and the limit in minutes', () => {
    expect(RECENT_SIGN_IN_REQUIRED.startsWith(`${REQUIRES_RECENT_LOGIN}:`)).toBe(true);
    expect(RECENT_SIGN_IN_REQUIRED).toContain('within the last 5 minutes');
  });
});
