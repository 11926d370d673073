/**
 * "Waiting to sync": a record the server has not confirmed carries `pending` from the snapshot to
 * the lists, and the mark shows at once offline but only after a few seconds online (every online
 * write is unconfirmed for a moment: a flashing mark would be false).
 */
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PendingSyncMark } from '../src/components/PendingSyncMark.tsx';
import { toActivity } from '../src/data/activities.ts';
import { noteWriteStarted } from '../src/data/pending-sync.ts';
import { toWeight } from '../src/data/weights.ts';

const activity = {
  path: 'users/u1/reps/a1',
  id: 'a1',
  data: { activityType: 'Yoga', time: 20, timestamp: 1 },
};
const weight = { path: 'users/u1/weightRecords/w1', id: 'w1', data: { weight: 180, timestamp: 1 } };

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('waiting to sync', () => {
  it('carries pending from the snapshot to activities and weights, and only when pending', () => {
    expect(toActivity({ ...activity, pending: true }).pending).toBe(true);
    expect(toWeight({ ...weight, pending: true }).pending).toBe(true);
    expect(toActivity(activity)).not.toHaveProperty('pending');
    expect(toWeight(weight)).not.toHaveProperty('pending');
  });

  it('shows the mark at once while offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<PendingSyncMark path={activity.path} />);
    expect(screen.getByText('Waiting to sync')).toBeInTheDocument();
  });

  it('online, shows it only once the write has waited 3 seconds (start unknown: from the mark)', () => {
    vi.useFakeTimers();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<PendingSyncMark path={activity.path} />);
    act(() => vi.advanceTimersByTime(2900));
    expect(screen.queryByText('Waiting to sync')).toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByText('Waiting to sync')).toBeInTheDocument();
  });

  it('online, counts from when the write started, as the top bar does: a row that appears 2 s later waits 1 s', () => {
    vi.useFakeTimers();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const settled = noteWriteStarted([activity.path, weight.path]);
    act(() => vi.advanceTimersByTime(2000));
    render(<PendingSyncMark path={activity.path} />);
    act(() => vi.advanceTimersByTime(900));
    expect(screen.queryByText('Waiting to sync')).toBeNull();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByText('Waiting to sync')).toBeInTheDocument();
    // A row mounted after the 3 s (the list re-rendered, another page) shows it from its first paint.
    act(() => vi.advanceTimersByTime(5000));
    const later = render(<PendingSyncMark path={weight.path} />);
    expect(within(later.container).getByText('Waiting to sync')).toBeInTheDocument();
    settled();
  });
});
