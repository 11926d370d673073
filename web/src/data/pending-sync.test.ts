import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  countsAsWaiting,
  noteWriteStarted,
  UNCONFIRMED_AFTER_MS,
  unconfirmedSince,
  whenWaitingToSync,
} from './pending-sync.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('when an unconfirmed write counts as waiting to sync (top bar and rows alike)', () => {
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

  it('counts from when the write started, not from when it is asked (a row that mounts later)', () => {
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

describe('the start of each document’s unconfirmed write', () => {
  it('is noted per document until the server answers, once per answer', () => {
    const settled = noteWriteStarted(['users/u/reps/a', 'users/u/reps/b', 'users/u/reps/a'], 1_000);
    expect(unconfirmedSince('users/u/reps/a')).toBe(1_000);
    expect(unconfirmedSince('users/u/reps/b')).toBe(1_000);
    expect(unconfirmedSince('users/u/reps/c')).toBeUndefined();
    settled();
    settled(); // a second call changes nothing
    expect(unconfirmedSince('users/u/reps/a')).toBeUndefined();
    expect(unconfirmedSince('users/u/reps/b')).toBeUndefined();
  });

  it('a document edited again while waiting keeps its first start until every write is answered', () => {
    const first = noteWriteStarted(['users/u/reps/a'], 1_000);
    const second = noteWriteStarted(['users/u/reps/a'], 5_000);
    const other = noteWriteStarted(['users/u/reps/z'], 6_000);
    expect(unconfirmedSince('users/u/reps/a')).toBe(1_000);
    second(); // answered out of order
    expect(unconfirmedSince('users/u/reps/a')).toBe(1_000);
    first();
    expect(unconfirmedSince('users/u/reps/a')).toBeUndefined();
    expect(unconfirmedSince('users/u/reps/z')).toBe(6_000);
    other();
  });
});
