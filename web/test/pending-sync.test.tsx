/**
 * "Waiting to sync": a record the server has not confirmed carries `pending` from the snapshot to
 * the lists, and its mark shows while the browser is offline, or online once a save of this page
 * has waited 3 seconds (every online write is unconfirmed for a moment: a flashing mark would be
 * false). The same count as the top bar's (data/save.ts useWaitingToSync).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PendingSyncMark } from '../src/components/PendingSyncMark.tsx';
import { toActivity } from '../src/data/activities.ts';
import { UNCONFIRMED_AFTER_MS } from '../src/data/pending-sync.ts';
import { beginSave, saveMeta } from '../src/data/save.ts';
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

function withClient(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

/** A save of this page the server has not answered (and never will, here). */
function unansweredSave(client: QueryClient) {
  void client
    .getMutationCache()
    .build(client, {
      mutationFn: () => new Promise<void>(() => {}),
      meta: saveMeta('Failed to log activity. Please try again.'),
      onMutate: beginSave,
    })
    .execute(undefined);
}

describe('waiting to sync', () => {
  it('carries pending from the snapshot to activities and weights, and only when pending', () => {
    expect(toActivity({ ...activity, pending: true }).pending).toBe(true);
    expect(toWeight({ ...weight, pending: true }).pending).toBe(true);
    expect(toActivity(activity)).not.toHaveProperty('pending');
    expect(toWeight(weight)).not.toHaveProperty('pending');
  });

  it('shows the mark at once while offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<PendingSyncMark />, { wrapper: withClient(new QueryClient()) });
    expect(screen.getByText('Waiting to sync')).toBeInTheDocument();
  });

  it('online, shows it only once a save has waited 3 seconds, from when the save started', async () => {
    vi.useFakeTimers();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const client = new QueryClient();
    const wrapper = withClient(client);
    const first = render(<PendingSyncMark />, { wrapper });
    expect(screen.queryByText('Waiting to sync')).toBeNull();
    unansweredSave(client);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    // A row drawn 2 s into the save waits 1 s more, not 3.
    const later = render(<PendingSyncMark />, { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(UNCONFIRMED_AFTER_MS - 2000 - 100));
    expect(screen.queryByText('Waiting to sync')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(within(first.container).getByText('Waiting to sync')).toBeInTheDocument();
    expect(within(later.container).getByText('Waiting to sync')).toBeInTheDocument();
  });
});
