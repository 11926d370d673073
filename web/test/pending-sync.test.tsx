/**
 * "Waiting to sync" (Firebase mode): a record the server has not confirmed carries `pending` from
 * the snapshot to the lists, and the mark shows at once offline but only after a few seconds online
 * (every online write is unconfirmed for a moment: a flashing mark would be false).
 */
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PendingSyncMark } from '../src/components/PendingSyncMark.tsx';
import { toActivity } from '../src/data/activities.ts';
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
    render(<PendingSyncMark />);
    expect(screen.getByText('Waiting to sync')).toBeInTheDocument();
  });

  it('online, shows it only once the write has waited 3 seconds', () => {
    vi.useFakeTimers();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<PendingSyncMark />);
    act(() => vi.advanceTimersByTime(2900));
    expect(screen.queryByText('Waiting to sync')).toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByText('Waiting to sync')).toBeInTheDocument();
  });
});
