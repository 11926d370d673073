import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNCONFIRMED_AFTER_MS, whenWaitingToSync } from './pending-sync.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('when an unconfirmed write counts as waiting to sync (top bar and rows alike)', () => {
  it('offline: at once', () => {
    const show = vi.fn();
    whenWaitingToSync(show, true);
    expect(show).toHaveBeenCalledTimes(1);
  });

  it('follows the browser when not told: navigator.onLine false means offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const show = vi.fn();
    whenWaitingToSync(show);
    expect(show).toHaveBeenCalledTimes(1);
  });

  it('online: only once unconfirmed for 3 seconds, and never when confirmed before', () => {
    vi.useFakeTimers();
    expect(UNCONFIRMED_AFTER_MS).toBe(3000);
    const late = vi.fn();
    whenWaitingToSync(late, false);
    vi.advanceTimersByTime(UNCONFIRMED_AFTER_MS - 1);
    expect(late).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(late).toHaveBeenCalledTimes(1);

    const confirmed = vi.fn();
    const cancel = whenWaitingToSync(confirmed, false);
    vi.advanceTimersByTime(UNCONFIRMED_AFTER_MS - 1);
    cancel();
    vi.advanceTimersByTime(UNCONFIRMED_AFTER_MS * 2);
    expect(confirmed).not.toHaveBeenCalled();
  });
});
