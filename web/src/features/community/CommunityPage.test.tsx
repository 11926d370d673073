import type { DocSnapshot, QuerySpec, StoreError, Unsubscribe } from '@fit/shared/store';
import { StoreError as StoreErrorClass } from '@fit/shared/store';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { board, feedActivity, ME, MemoryStore, NOW, renderPage } from '../../../test/community.tsx';
import { communityQueries } from '../../data/community.ts';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const DAY = 86_400_000;

function metricRegion(name: 'Reps' | 'Minutes' | 'Calories') {
  return screen.getByRole('region', { name });
}

const places = (rows: [string, string, number][]) =>
  rows.map(([uid, userName, value]) => ({ uid, userName, value }));

describe('Recent Activities', () => {
  it('shows Date, User, Activity, Reps, Time for the newest 30', async () => {
    const seed = {};
    for (let i = 0; i < 34; i++) {
      Object.assign(
        seed,
        feedActivity(
          `u${i}`,
          `r${i}`,
          NOW - (34 - i) * 3_600_000,
          i === 33 ? { activityType: 'Running', count: 0, time: 45 } : {},
        ),
      );
    }
    Object.assign(
      seed,
      feedActivity(ME.uid, 'mine', NOW - 20 * 60_000, { userName: 'Me Myself', count: 20, time: 5 }),
    );
    renderPage(new MemoryStore(seed));
    const table = await screen.findByRole('table', { name: 'Recent activities' });
    const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers).toEqual(['Date', 'User', 'Activity', 'Reps', 'Time', 'Cheers']);
    await waitFor(() => expect(table.querySelectorAll('tbody tr')).toHaveLength(30));
    const rows = [...table.querySelectorAll<HTMLElement>('tbody tr')];
    // The User cell: avatar initials, the name, and a 'You' chip on own rows; the Activity cell:
    // the name, and the cheers a phone shows there.
    const cells = (row: HTMLElement) =>
      [...row.querySelectorAll('td')]
        .slice(0, 5)
        .map((td, i) => (i === 1 || i === 2 ? td.querySelector('p')?.textContent : td.textContent));
    expect(cells(rows[0] as HTMLElement)).toEqual(['20 min ago', 'Me Myself', 'Squats', '20', '5 min']);
    expect(rows[0]?.textContent).toContain('You');
    expect(rows[0]?.getAttribute('data-own')).toBe('true');
    expect(cells(rows[1] as HTMLElement)).toEqual(['1 h ago', 'User u33', 'Running', '—', '45 min']);
    expect(rows[1]?.getAttribute('data-own')).toBe('false');
    expect(table.textContent).not.toContain('User u4');
  });
});

describe('Leaderboards', () => {
  it('shows the current top 3 with bars scaled to the leader, and the time zone', async () => {
    renderPage(
      new MemoryStore({
        ...board('daily', NOW, {
          reps: places([
            ['a', 'Ada', 200],
            ['me', 'Me Myself', 100],
            ['c', 'Cy', 50],
          ]),
          minutes: places([['a', 'Ada', 30]]),
        }),
        ...board('weekly', NOW),
        ...board('monthly', NOW),
      }),
    );
    await waitFor(() => expect(metricRegion('Reps').querySelectorAll('li')).toHaveLength(3));
    const reps = metricRegion('Reps');
    const rows = [...reps.querySelectorAll<HTMLElement>('li')];
    expect(rows.map((r) => r.getAttribute('data-rank'))).toEqual(['1', '2', '3']);
    expect(rows[0]?.textContent).toContain('Ada');
    expect(rows[0]?.textContent).toContain('200');
    expect(rows[1]?.getAttribute('data-own')).toBe('true');
    const bars = within(reps).getAllByRole('progressbar');
    expect(bars.map((b) => b.getAttribute('aria-valuenow'))).toEqual(['100', '50', '25']);
    expect(within(metricRegion('Minutes')).getByText('Ada')).toBeTruthy();
    expect(within(metricRegion('Calories')).getByText('No data available.')).toBeTruthy();
    expect(screen.getByText(/Leaderboard days run midnight to midnight, UTC/)).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Weekly' }));
    await waitFor(() => expect(screen.getAllByText('No data available.')).toHaveLength(3));
  });

  it("shows 'No data available.' for a stale, missing or empty board", async () => {
    renderPage(
      new MemoryStore({
        // Yesterday's daily board: stale today.
        ...board('daily', NOW - DAY, { reps: places([['a', 'Ada', 200]]) }),
        ...board('weekly', NOW, { reps: places([['a', 'Ada', 900]]) }),
        // no monthly board at all
      }),
    );
    await waitFor(() => expect(screen.getAllByText('No data available.')).toHaveLength(3));
    expect(screen.queryByText('Ada')).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: 'Weekly' }));
    await waitFor(() => expect(within(metricRegion('Reps')).getByText('Ada')).toBeTruthy());
    expect(within(metricRegion('Minutes')).getByText('No data available.')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Monthly' }));
    await waitFor(() => expect(screen.getAllByText('No data available.')).toHaveLength(3));
  });

  it('rolls over at midnight without a reload', async () => {
    let now = Date.UTC(2026, 10, 22, 23, 59, 30);
    renderPage(new MemoryStore({ ...board('daily', now, { reps: places([['a', 'Ada', 200]]) }) }), {
      clock: () => now,
      tickMs: 25,
    });
    await waitFor(() => expect(within(metricRegion('Reps')).getByText('Ada')).toBeTruthy());
    now += 60_000;
    await waitFor(() => expect(within(metricRegion('Reps')).getByText('No data available.')).toBeTruthy());
  });

  it('uses the time zone of the boards', async () => {
    const zone = 'America/New_York';
    renderPage(
      new MemoryStore({
        'boards/daily': {
          kind: 'daily',
          periodKey: 'd2026-11-22',
          timeZone: zone,
          reps: [{ uid: 'a', userName: 'Ada', value: 5 }],
          minutes: [],
          calories: [],
          computedAt: NOW,
        },
        'boards/weekly': {
          kind: 'weekly',
          periodKey: 'w2026-11-22',
          timeZone: zone,
          reps: [],
          minutes: [],
          calories: [],
          computedAt: NOW,
        },
      }),
      // 02:00 UTC on the 23rd is still the 22nd in New York.
      { clock: () => Date.UTC(2026, 10, 23, 2, 0, 0) },
    );
    await waitFor(() => expect(within(metricRegion('Reps')).getByText('Ada')).toBeTruthy());
    expect(screen.getByText(/Leaderboard days run midnight to midnight, America\/New_York/)).toBeTruthy();
  });
});

class FailingReadStore extends MemoryStore {
  failing = true;
  override listen(
    spec: QuerySpec,
    onNext: (docs: DocSnapshot[]) => void,
    onError: (error: StoreError) => void,
  ): Unsubscribe {
    if (this.failing && spec.collection === 'feedActivities') {
      queueMicrotask(() => onError(new StoreErrorClass('permission-denied', 'denied')));
      return () => {};
    }
    return super.listen(spec, onNext, onError);
  }
}

describe('reads', () => {
  it("shows 'Failed to fetch community data. Please try again.' when a read fails, and retries", async () => {
    const store = new FailingReadStore();
    renderPage(store);
    expect(await screen.findByText('Failed to fetch community data. Please try again.')).toBeTruthy();
    store.failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(screen.queryByText('Failed to fetch community data. Please try again.')).toBeNull(),
    );
    expect(await screen.findByText('No activity yet. Log a workout and lead the way!')).toBeTruthy();
  });

  it('issues exactly the two feed queries and three board reads', async () => {
    const store = new MemoryStore();
    const listen = vi.spyOn(store, 'listen');
    const listenDoc = vi.spyOn(store, 'listenDoc');
    renderPage(store);
    await screen.findByText('No posts yet. Be the first to say hello!');
    // No shown items: no counts or kudos to read (both are read for shown items only).
    expect(listen.mock.calls.map((c) => c[0])).toEqual([
      communityQueries.feedPosts,
      communityQueries.feedActivities,
    ]);
    expect(communityQueries.feedPosts).toEqual({
      collection: 'feedPosts',
      orderBy: [{ field: 'timestamp', direction: 'desc' }],
      limit: 30,
    });
    expect(listenDoc.mock.calls.map((c) => c[0]).sort()).toEqual([
      'boards/daily',
      'boards/monthly',
      'boards/weekly',
    ]);
  });
});
