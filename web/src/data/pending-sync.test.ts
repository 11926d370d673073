import { afterEach, describe, expect, it, vi } from 'vitest';
import { countsAsWaiting, UNCONFIRMED_AFTER_MS, whenWaitingToSync } from './pending-sync.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('when an unconfirmed save counts as waiting to sync (form, top bar and rows alike)', () => {
  it('offline: at once', () => {
    const show = vi.fn();
    whenWaitingToSync(show, { offline: true });
    expect(show).toHaveBeenCalledTimes(1);
  });

  it('follows the browser when not told: navigator.onLine false means offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const show = vi.fn();
    whenWaitingToSync(show);
    expect(show).toHaveBeenCalledTimes(1);
    expect(countsAsWaiting()).toBe(true);
  });

  it('online: only once unconfirmed for 3 seconds, and never when confirmed before', () => {
    vi.useFakeTimers();
    expect(UNCONFIRMED_AFTER_MS).toBe(3000);
    const late = vi.fn();
    whenWaitingToSync(late, { offline: false });
    vi.advanceTimersByTime(UNCONFIRMED_AFTER_MS - 1);
    expect(late).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(late).toHaveBeenCalledTimes(1);

    const confirmed = vi.fn();
    const cancel = whenWaitingToSync(confirmed, { offline: false });
    vi.advanceTimersByTime(UNCONFIRMED_AFTER_MS - 1);
    cancel();
    vi.advanceTimersByTime(UNCONFIRMED_AFTER_MS * 2);
    expect(confirmed).not.toHaveBeenCalled();
  });

  it('counts from when the save started, not from when it is asked (a form shown again later)', () => {
    vi.useFakeTimers();
    const since = Date.now();
    vi.advanceTimersByTime(2000);
    const show = vi.fn();
    whenWaitingToSync(show, { since, offline: false });
    expect(countsAsWaiting({ since, offline: false })).toBe(false);
    vi.advanceTimersByTime(UNCONFIRMED_AFTER_MS - 2000 - 1);
    expect(show).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(show).toHaveBeenCalledTimes(1);
    expect(countsAsWaiting({ since, offline: false })).toBe(true);
    // Asked after the 3 s have passed: at once.
    const asked = vi.fn();
    whenWaitingToSync(asked, { since, offline: false });
    expect(asked).toHaveBeenCalledTimes(1);
  });
});
