import { calorieUnits } from '@fit/shared/formulas';
import { paths } from '@fit/shared/model';
import { addDays, browserTimeZone, localDate } from '@fit/shared/periods';
import {
  type ProgressSummary,
  type StoredDay,
  type YearRuns,
  yearKeyOf,
  yearRunsOf,
} from '@fit/shared/progress';
import type { DocData } from '@fit/shared/store';
import { MemoryStore } from '@fit/shared/testing/memory-store';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { theme } from '../../app/theme/index.ts';
import { createQueryClient } from '../../data/connection.ts';
import { SessionUserContext, StoreContext } from '../../data/context.tsx';
import { ProgressSection } from './ProgressSection.tsx';

// The weekly chart's lazy chunk (the charts library), imported before the tests: a chunk's first
// import in a worker took most of a 5 s wait on a loaded machine.
beforeAll(async () => {
  await import('./WeeklyChart.tsx');
});

const UID = 'u1';
const DAY = 86_400_000;
const zone = browserTimeZone();
/** A real zone other than this machine's ('Not/Mine' is counted in UTC, which may be this one). */
const elsewhere = zone === 'Asia/Tokyo' ? 'Europe/Berlin' : 'Asia/Tokyo';
const now = Date.now();
const today = localDate(now, zone);
const yesterday = localDate(now - DAY, zone);
const twoDaysAgo = localDate(now - 2 * DAY, zone);

function bench(id: string, weightLifted: number, timestamp: number) {
  const data = { activityType: 'Bench Press', count: 8, time: 10, weightLifted, timestamp };
  return { [paths.rep(UID, id)]: { ...data, calorieUnits: calorieUnits(data) } };
}

/** The summary and year documents the reactions would write for these days and records. */
function progressDocs(
  timeZone: string,
  days: Record<string, StoredDay>,
  records: ProgressSummary['records'],
  olderRuns: Record<string, YearRuns> = {},
): Record<string, DocData> {
  const years: Record<string, Record<string, StoredDay>> = {};
  for (const [date, day] of Object.entries(days)) {
    const { year, key } = yearKeyOf(date);
    years[year] = { ...years[year], [key]: day };
  }
  const runs: Record<string, YearRuns> = { ...olderRuns };
  for (const [year, d] of Object.entries(years))
    runs[year] = yearRunsOf(
      Number(year),
      Object.keys(d).map((key) => `${year}-${key}`),
    ) as YearRuns;
  return {
    [paths.progress(UID)]: { uid: UID, timeZone, records, years: runs },
    ...Object.fromEntries(
      Object.entries(years).map(([year, d]) => [paths.progressYear(UID, year), { uid: UID, days: d }]),
    ),
  };
}

function progressDoc(benchBest: number, id: string, olderRuns?: Record<string, YearRuns>) {
  return progressDocs(
    zone,
    {
      [twoDaysAgo]: [20, 0, 1600, 1],
      [yesterday]: [25, 0, 2000, 1],
      [today]: [10, 8, 1700, 1],
    },
    {
      'Bench Press': { weightLifted: [benchBest, now - 1000, id], reps: [8, now - DAY, 'a'] },
      Running: { minutes: [25, now - DAY, 'r'] },
    },
    olderRuns,
  );
}

function renderSection(store: MemoryStore) {
  return render(
    // The app's theme: the calendar's shades are its CSS variables (theme.vars).
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={createQueryClient(() => {})}>
        <StoreContext.Provider value={store}>
          <SessionUserContext.Provider value={{ uid: UID, email: 'sam@example.com', emailVerified: true }}>
            <ProgressSection />
          </SessionUserContext.Provider>
        </StoreContext.Provider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

describe('progress on the dashboard', () => {
  it("shows the heaviest weight in the viewer's units (kg for a metric profile)", async () => {
    const store = new MemoryStore({
      [paths.user(UID)]: {
        userId: UID,
        displayName: 'Sam',
        timeZone: zone,
        currentWeight: 180,
        unitSystem: 'metric',
      },
      ...progressDoc(135, 'a'),
      ...bench('a', 135, now - DAY),
    });
    renderSection(store);
    const records = await screen.findByRole('list', { name: 'Personal records' });
    expect(await within(records).findByText(`${(61.2).toLocaleString()} kg`)).toBeInTheDocument();
    expect(within(records).queryByText('135 lbs')).toBeNull();
  });

  it.each([
    ['metric', '5 km', 'Fastest pace (1 km+)', '5:00 /km', 'Fastest pace (1 mi+)'],
    ['imperial', '3.11 mi', 'Fastest pace (1 mi+)', '8:03 /mi', 'Fastest pace (1 km+)'],
  ] as const)(
    'shows the longest distance and the fastest pace of a %s person',
    async (units, far, label, pace, other) => {
      const store = new MemoryStore({
        [paths.user(UID)]: { userId: UID, displayName: 'Sam', timeZone: zone, unitSystem: units },
        ...progressDocs(
          zone,
          { [yesterday]: [25, 0, 2000, 1] },
          // A 5 km run in 25 minutes: 200 m a minute, the fastest over both 1 km and 1 mile.
          {
            Running: {
              distance: [5000, now - DAY, 'r'],
              paceKm: [200, now - DAY, 'r'],
              paceMi: [200, now - DAY, 'r'],
            },
          },
        ),
      });
      renderSection(store);
      const records = await screen.findByRole('list', { name: 'Personal records' });
      expect(await within(records).findByText(far)).toBeInTheDocument();
      expect(within(records).getByText(pace)).toBeInTheDocument();
      expect(within(records).getByText(new RegExp(label.replace(/[()+]/g, '\\$&')))).toBeInTheDocument();
      expect(within(records).queryByText(new RegExp(other.replace(/[()+]/g, '\\$&')))).toBeNull();
    },
  );

  it('shows the streak, the records, and marks a record set as it is logged', async () => {
    const store = new MemoryStore({
      [paths.user(UID)]: { userId: UID, displayName: 'Sam', timeZone: zone, currentWeight: 180 },
      ...progressDoc(135, 'a'),
      ...bench('a', 135, now - DAY),
    });
    renderSection(store);
    expect(await screen.findByText('Current streak: 3 days')).toBeInTheDocument();
    expect(screen.getByText('Best streak: 3 days')).toBeInTheDocument();
    const records = screen.getByRole('list', { name: 'Personal records' });
    expect(within(records).getByText('135 lbs')).toBeInTheDocument();
    expect(screen.queryByText(/New personal record/)).toBeNull();

    // The reaction writes the heavier lift as the new record.
    await act(() =>
      store.commit(
        Object.entries(progressDoc(185, 'b')).map(([path, data]) => ({ kind: 'set' as const, path, data })),
      ),
    );
    expect(
      await screen.findByText(/New personal record:.*Bench Press \(heaviest weight\)/),
    ).toBeInTheDocument();
    expect(within(records).getByText('185 lbs')).toBeInTheDocument();
    expect(within(records).getByText('New')).toBeInTheDocument();
  });

  it('counts a best streak of a year it does not read from the summary', async () => {
    // Three years back: no listener on that year, its 40-day run is in the summary's streak inputs.
    const old = String(Number(today.slice(0, 4)) - 3);
    const store = new MemoryStore({
      [paths.user(UID)]: { userId: UID, displayName: 'Sam', timeZone: zone },
      ...progressDoc(135, 'a', { [old]: [0, 0, 40] }),
    });
    renderSection(store);
    expect(await screen.findByText('Best streak: 40 days')).toBeInTheDocument();
    expect(screen.getByText('Current streak: 3 days')).toBeInTheDocument();
  });

  it("shades the days logged and opens a day's entries", async () => {
    const store = new MemoryStore({
      [paths.user(UID)]: { userId: UID, displayName: 'Sam', timeZone: zone },
      ...progressDoc(135, 'a'),
      ...bench('a', 135, now),
    });
    const { container } = renderSection(store);
    await screen.findByText('3 active days in the last 12 months');
    const cell = container.querySelector(`[data-date="${today}"]`) as HTMLElement;
    expect(cell.dataset.level).toBe('1');
    expect(container.querySelector(`[data-date="${yesterday}"]`)?.getAttribute('data-level')).toBe('2');
    await userEvent.click(cell);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Bench Press')).toBeInTheDocument();
    expect(within(dialog).getByText(/8 reps · 10 min · 135 lbs/)).toBeInTheDocument();
  });

  it('is one tab stop: arrow keys move between days (week by week sideways), Home and End, Enter opens', async () => {
    const store = new MemoryStore({
      [paths.user(UID)]: { userId: UID, displayName: 'Sam', timeZone: zone },
      ...progressDoc(135, 'a'),
      ...bench('a', 135, now),
    });
    const { container } = renderSection(store);
    await screen.findByText('3 active days in the last 12 months');
    const calendar = screen.getByRole('group', { name: 'Activity calendar, last 12 months' });
    const stops = [...calendar.querySelectorAll('button')].filter((b) => b.tabIndex === 0);
    expect(stops.map((b) => b.dataset.date)).toEqual([today]); // one tab stop, on today
    expect(calendar).not.toHaveAttribute('tabindex');
    expect(calendar).toHaveAccessibleDescription(/Arrow keys move by day and week/);
    const day = (date: string) => container.querySelector(`[data-date="${date}"]`) as HTMLElement;

    // Tab from the filter above: the calendar's one stop.
    for (let i = 0; i < 5 && !calendar.contains(document.activeElement); i++) await userEvent.tab();
    expect(day(today)).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}'); // no day after today: stays
    expect(day(today)).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(day(yesterday)).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(day(addDays(yesterday, -7))).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(day(yesterday)).toHaveFocus();
    expect([...calendar.querySelectorAll('button')].filter((b) => b.tabIndex === 0)).toEqual([
      day(yesterday),
    ]);
    await userEvent.keyboard('{Home}');
    const first = calendar.querySelector('button') as HTMLElement;
    expect(first).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(day(today)).toHaveFocus();
    // Tab leaves the calendar at once (no walk through 371 days).
    await userEvent.tab();
    expect(calendar.contains(document.activeElement)).toBe(false);
    await userEvent.tab({ shift: true });
    expect(day(today)).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await within(await screen.findByRole('dialog')).findByText('Bench Press')).toBeInTheDocument();
  });

  it("shows what was just logged on today's cell while the days are still in another zone", async () => {
    // Late evening here is already tomorrow in UTC+14: the document (counted there, by another
    // device's zone or before the reactions recount) holds the entry under that date. Taking
    // today in this browser's zone left it past the map's last cell and out of the streak.
    const far = 'Etc/GMT-14';
    const evening = new Date(2026, 10, 26, 23, 0).getTime();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(evening);
    try {
      const farToday = localDate(evening, far);
      const hereToday = localDate(evening, zone);
      expect(farToday > hereToday).toBe(true);
      const store = new MemoryStore({
        [paths.user(UID)]: { userId: UID, displayName: 'Sam', timeZone: far },
        ...progressDocs(
          far,
          { [addDays(farToday, -1)]: [20, 0, 1600, 1], [farToday]: [10, 8, 1700, 1] },
          { Running: { minutes: [20, evening - DAY, 'r'] } },
        ),
      });
      const { container } = renderSection(store);
      expect(await screen.findByText('Current streak: 2 days')).toBeInTheDocument();
      expect(container.querySelector(`[data-date="${farToday}"]`)?.getAttribute('data-level')).toBe('1');
    } finally {
      vi.useRealTimers();
    }
  });

  it("saves the browser's time zone on the profile when it differs", async () => {
    const store = new MemoryStore({
      [paths.user(UID)]: { userId: UID, displayName: 'Sam', timeZone: elsewhere },
    });
    renderSection(store);
    await waitFor(async () => expect((await store.get(paths.user(UID)))?.data.timeZone).toBe(zone));
  });

  // A profile without a zone has its days counted in UTC (the reactions' progressZone).
  it.each([
    ['UTC', 0],
    ['Europe/Berlin', 1],
  ] as const)(
    'a profile without a zone, in a browser on %s: saved %i time(s)',
    async (browserZone, saves) => {
      const options = Intl.DateTimeFormat.prototype.resolvedOptions;
      const zoneSpy = vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
        this: Intl.DateTimeFormat,
      ) {
        return { ...options.call(this), timeZone: browserZone };
      });
      try {
        const store = new MemoryStore({
          [paths.user(UID)]: { userId: UID, displayName: 'Sam', currentWeight: 180 },
          ...progressDocs(
            'UTC',
            { [yesterday]: [25, 0, 20000, 1] },
            {
              Running: { calories: [80_000, now - DAY, 'r'] },
            },
          ),
        });
        const commit = vi.spyOn(store, 'commit');
        renderSection(store);
        // 929 cal at 180 lbs (800 without a weight): the profile has reached the progress state.
        const records = await screen.findByRole('list', { name: 'Personal records' });
        expect(await within(records).findByText('929 cal')).toBeInTheDocument();
        await act(async () => {}); // the passive effects of that render
        expect(commit).toHaveBeenCalledTimes(saves);
        const stored = saves ? browserZone : undefined;
        await waitFor(async () => expect((await store.get(paths.user(UID)))?.data.timeZone).toBe(stored));
      } finally {
        zoneSpy.mockRestore();
      }
    },
  );

  it('saves it once, not again when another device (a phone in another zone) saves its own', async () => {
    // A laptop on its home zone and a phone that took the local one, both on the dashboard: each
    // saving its zone whenever the profile's differs made them overwrite each other without end,
    // every write recounting the whole history (the reactions' time-zone recompute).
    const store = new MemoryStore({
      [paths.user(UID)]: { userId: UID, displayName: 'Sam', timeZone: elsewhere },
    });
    renderSection(store);
    await waitFor(async () => expect((await store.get(paths.user(UID)))?.data.timeZone).toBe(zone));
    await act(() =>
      store.commit([{ kind: 'set', path: paths.user(UID), data: { timeZone: elsewhere }, merge: true }]),
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect((await store.get(paths.user(UID)))?.data.timeZone).toBe(elsewhere);
    expect(store.writeCount(paths.user(UID))).toBe(2);
  });
});
