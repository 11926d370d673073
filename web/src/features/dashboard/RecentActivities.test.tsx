import { paths } from '@fit/shared/model';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  activityDoc,
  at,
  freezeClock,
  NOW,
  renderDashboard,
  seedStore,
  UID,
} from '../../../test/dashboard.tsx';
import { toDateTimeLocal } from '../../components/DateTimeInput.tsx';

beforeEach(() => freezeClock());
afterEach(() => vi.useRealTimers());

function bodyRows(table: HTMLElement): HTMLTableRowElement[] {
  return [...table.querySelectorAll('tbody tr')] as HTMLTableRowElement[];
}

function cells(row: HTMLTableRowElement): string[] {
  // The activity cell also holds a short date for phones: read its first element only.
  return [...row.querySelectorAll('td')].map((td) => (td.firstElementChild ?? td).textContent ?? '');
}

async function dialogNamed(name: string): Promise<HTMLElement> {
  return screen.findByRole('dialog', { name });
}

/** n activities a minute apart, newest (id r000) first. */
function many(n: number) {
  const out: Record<string, Record<string, unknown>> = {};
  for (let i = 0; i < n; i++) {
    out[`r${String(i).padStart(3, '0')}`] = activityDoc({
      activityType: 'Push Ups',
      count: i + 1,
      time: 1,
      timestamp: NOW - 3_600_000 - i * 60_000,
    });
  }
  return out;
}

describe('Recent Activities', () => {
  it('shows the latest 5 by time with Date, Activity, Reps, Time, Calories', async () => {
    const store = seedStore({ profile: { currentWeight: 310 }, activities: many(8) });
    renderDashboard(store);
    const table = await screen.findByRole('table', { name: 'Recent activities' });
    expect([...table.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      'Date',
      'Activity',
      'Reps',
      'Time',
      'Calories',
    ]);
    await waitFor(() => expect(bodyRows(table)).toHaveLength(5));
    expect(bodyRows(table).map((r) => cells(r)[2])).toEqual(['1', '2', '3', '4', '5']);
    // Push Ups: 4 cal/min at 155 lbs -> 8 at 310 lbs (once the profile's weight has arrived).
    await waitFor(() =>
      expect(cells(bodyRows(table)[0] as HTMLTableRowElement).slice(1)).toEqual([
        'Push Ups',
        '1',
        '1 min',
        '8',
      ]),
    );
  });

  it('has a friendly empty state', async () => {
    renderDashboard(seedStore());
    expect(await screen.findByText('No activities yet')).toBeInTheDocument();
  });

  it('explains calories in the ? popup', async () => {
    renderDashboard(seedStore({ activities: many(1) }));
    const table = await screen.findByRole('table', { name: 'Recent activities' });
    fireEvent.click(within(table).getByRole('button', { name: 'How calories are calculated' }));
    const dialog = await dialogNamed('How calories are calculated');
    expect(dialog).toHaveTextContent(
      'Calories = base rate × minutes × (your weight ÷ 155) × (1 + 0.1 × whole tens of lbs lifted), rounded',
    );
    expect(dialog).toHaveTextContent('155 lbs is used');
  });

  it('shows stored names in display case, and reading writes nothing back', async () => {
    const store = seedStore({
      activities: {
        a: {
          activityType: 'bench press',
          count: 5,
          time: 2,
          timestamp: at(2026, 3, 11, 8),
          calorieUnits: 1000,
        },
        b: { activityType: 'RUNNING', time: 10, timestamp: at(2026, 3, 11, 9), calorieUnits: 8000 },
      },
    });
    renderDashboard(store);
    const table = await screen.findByRole('table', { name: 'Recent activities' });
    await waitFor(() => expect(bodyRows(table).map((r) => cells(r)[1])).toEqual(['Running', 'Bench Press']));
    // Old names are repaired once by scripts/repair-stored-data.ts, not by every read.
    expect(store.doc(paths.rep(UID, 'a'))?.activityType).toBe('bench press');
    expect(store.commits).toEqual([]);
  });

  it('pages Show All 50 at a time with Previous / Next and Page n of m', async () => {
    renderDashboard(seedStore({ activities: many(120) }));
    const card = (await screen.findByRole('table', { name: 'Recent activities' })).closest(
      'section',
    ) as HTMLElement;
    fireEvent.click(within(card).getByRole('button', { name: 'Show All' }));
    const dialog = await dialogNamed('All Activities');
    expect(await within(dialog).findByText('Page 1 of 3')).toBeInTheDocument();
    const table = within(dialog).getByRole('table', { name: 'All activities' });
    await waitFor(() => expect(bodyRows(table)).toHaveLength(50));
    expect(cells(bodyRows(table)[0] as HTMLTableRowElement)[2]).toBe('1');
    expect(within(dialog).getByRole('button', { name: 'Previous' })).toBeDisabled();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Page 2 of 3')).toBeInTheDocument();
    await waitFor(() => expect(cells(bodyRows(table)[0] as HTMLTableRowElement)[2]).toBe('51'));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Page 3 of 3')).toBeInTheDocument();
    await waitFor(() => expect(bodyRows(table)).toHaveLength(20));
    expect(cells(bodyRows(table)[19] as HTMLTableRowElement)[2]).toBe('120');
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Previous' }));
    expect(await within(dialog).findByText('Page 2 of 3')).toBeInTheDocument();
    await waitFor(() => expect(cells(bodyRows(table)[0] as HTMLTableRowElement)[2]).toBe('51'));
  });

  it('opens Activity Details from a row; Save updates the record', async () => {
    const store = seedStore({
      activities: {
        a: activityDoc({ activityType: 'Bench Press', count: 10, time: 5, timestamp: at(2026, 3, 11, 8) }),
      },
    });
    renderDashboard(store);
    const table = await screen.findByRole('table', { name: 'Recent activities' });
    await waitFor(() => expect(bodyRows(table)).toHaveLength(1));
    fireEvent.click(bodyRows(table)[0] as HTMLElement);
    const dialog = await dialogNamed('Activity Details');
    expect(within(dialog).getByLabelText('Reps')).toHaveValue('10');
    fireEvent.change(within(dialog).getByLabelText('Time (min)'), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Time must be a positive number.')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText('Time (min)'), { target: { value: '8' } });
    fireEvent.change(within(dialog).getByLabelText('Reps'), { target: { value: '' } });
    fireEvent.change(within(dialog).getByLabelText('Weight lifted (lbs)'), { target: { value: '45' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(store.doc(paths.rep(UID, 'a'))).toEqual({
        activityType: 'Bench Press',
        time: 8,
        weightLifted: 45,
        timestamp: at(2026, 3, 11, 8),
        calorieUnits: 50 * 8 * 14,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Activity Details' })).toBeNull());
  });

  it('Activity Details changes the type (its inputs, its calories) and the date and time', async () => {
    const logged = at(2026, 3, 11, 8);
    const store = seedStore({
      profile: { currentWeight: 155 },
      activities: {
        a: { ...activityDoc({ activityType: 'Running', time: 30, timestamp: logged }), loggedAt: logged },
      },
    });
    renderDashboard(store);
    const table = await screen.findByRole('table', { name: 'Recent activities' });
    await waitFor(() => expect(bodyRows(table)).toHaveLength(1));
    fireEvent.click(bodyRows(table)[0] as HTMLElement);
    const dialog = await dialogNamed('Activity Details');
    expect(within(dialog).queryByLabelText('Reps')).toBeNull();
    // Running 30 min at 155 lbs: 8 x 30 = 240 calories.
    expect(within(dialog).getByText(/About/)).toHaveTextContent('About 240 calories');
    const when = within(dialog).getByLabelText('Date and time');
    expect(when).toHaveValue(toDateTimeLocal(logged));

    const picker = within(dialog).getByRole('combobox', { name: 'Activity' });
    fireEvent.focus(picker);
    fireEvent.change(picker, { target: { value: 'Bench Press' } });
    const listbox = await waitFor(() => {
      const found = document.querySelector('[role="listbox"]');
      if (!found) throw new Error('no listbox yet');
      return found as HTMLElement;
    });
    fireEvent.click(within(listbox).getByText('Bench Press', { selector: 'li' }));
    // Bench Press takes reps and load; 5 x 30 x (1 + 0.1 x 10) = 300 calories once 100 lbs are in.
    expect(within(dialog).getByLabelText('Reps')).toBeInTheDocument();
    expect(within(dialog).getByText(/About/)).toHaveTextContent('About 150 calories');
    fireEvent.change(within(dialog).getByLabelText('Weight lifted (lbs)'), { target: { value: '100' } });
    expect(within(dialog).getByText(/About/)).toHaveTextContent('About 300 calories');
    fireEvent.change(within(dialog).getByLabelText('Reps'), { target: { value: '10' } });

    fireEvent.change(when, { target: { value: toDateTimeLocal(NOW + 3_600_000) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Date and time cannot be in the future.')).toBeInTheDocument();
    expect(store.doc(paths.rep(UID, 'a'))).toMatchObject({ activityType: 'Running' });

    const earlier = at(2026, 3, 9, 7, 15);
    fireEvent.change(when, { target: { value: toDateTimeLocal(earlier) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(store.doc(paths.rep(UID, 'a'))).toEqual({
        activityType: 'Bench Press',
        count: 10,
        time: 30,
        weightLifted: 100,
        timestamp: earlier,
        calorieUnits: 50 * 30 * 20,
        loggedAt: logged,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Activity Details' })).toBeNull());
    // The row shows the new type and the new calories.
    await waitFor(() => expect(cells(bodyRows(table)[0] as HTMLTableRowElement)[1]).toBe('Bench Press'));
    expect(cells(bodyRows(table)[0] as HTMLTableRowElement)[4]).toBe('300');
  });

  it('Delete removes the record; Close leaves it', async () => {
    const store = seedStore({
      activities: { a: activityDoc({ activityType: 'Yoga', time: 30, timestamp: at(2026, 3, 11, 8) }) },
    });
    renderDashboard(store);
    const table = await screen.findByRole('table', { name: 'Recent activities' });
    await waitFor(() => expect(bodyRows(table)).toHaveLength(1));
    fireEvent.click(bodyRows(table)[0] as HTMLElement);
    let dialog = await dialogNamed('Activity Details');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Activity Details' })).toBeNull());
    expect(store.doc(paths.rep(UID, 'a'))).toBeDefined();

    fireEvent.click(bodyRows(table)[0] as HTMLElement);
    dialog = await dialogNamed('Activity Details');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(store.doc(paths.rep(UID, 'a'))).toBeUndefined());
    expect(await screen.findByText('No activities yet')).toBeInTheDocument();
  });

  it('Save on an activity deleted meanwhile (another tab) writes nothing back and says it failed', async () => {
    const store = seedStore({
      activities: {
        a: activityDoc({ activityType: 'Bench Press', count: 10, time: 5, timestamp: at(2026, 3, 11, 8) }),
      },
    });
    renderDashboard(store);
    const table = await screen.findByRole('table', { name: 'Recent activities' });
    await waitFor(() => expect(bodyRows(table)).toHaveLength(1));
    fireEvent.click(bodyRows(table)[0] as HTMLElement);
    const dialog = await dialogNamed('Activity Details');
    // The other tab deletes it while this popup is open.
    await store.commit([{ kind: 'delete', path: paths.rep(UID, 'a') }]);
    fireEvent.change(within(dialog).getByLabelText('Reps'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Failed to update activity.')).toBeInTheDocument();
    expect(store.doc(paths.rep(UID, 'a'))).toBeUndefined();
  });

  it("says 'Failed to update activity.' and 'Failed to delete activity.' when the writes fail", async () => {
    const store = seedStore({
      activities: { a: activityDoc({ activityType: 'Yoga', time: 30, timestamp: at(2026, 3, 11, 8) }) },
    });
    store.failCommit = (writes) => writes.some((w) => w.path === paths.rep(UID, 'a'));
    renderDashboard(store);
    const table = await screen.findByRole('table', { name: 'Recent activities' });
    await waitFor(() => expect(bodyRows(table)).toHaveLength(1));
    fireEvent.click(bodyRows(table)[0] as HTMLElement);
    const dialog = await dialogNamed('Activity Details');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Failed to update activity.')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Failed to delete activity.')).toBeInTheDocument();
  });

  it("says 'Failed to fetch activities. Please try again.' when they cannot be read", async () => {
    const store = seedStore();
    store.failRead = (path) => path === paths.reps(UID);
    renderDashboard(store);
    expect(
      (await screen.findAllByText('Failed to fetch activities. Please try again.')).length,
    ).toBeGreaterThan(0);
  });

  it('popups open and close independently: the calories help over Show All', async () => {
    renderDashboard(seedStore({ activities: many(3) }));
    const card = (await screen.findByRole('table', { name: 'Recent activities' })).closest(
      'section',
    ) as HTMLElement;
    fireEvent.click(within(card).getByRole('button', { name: 'Show All' }));
    const all = await dialogNamed('All Activities');
    const allTable = within(all).getByRole('table', { name: 'All activities' });
    await waitFor(() => expect(bodyRows(allTable)).toHaveLength(3));
    fireEvent.click(within(allTable).getByRole('button', { name: 'How calories are calculated' }));
    const help = await dialogNamed('How calories are calculated');
    fireEvent.click(within(help).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'How calories are calculated' })).toBeNull(),
    );
    expect(screen.getByRole('dialog', { name: 'All Activities' })).toBeInTheDocument();
    // A row of the full list opens its details on top; closing them keeps the list.
    fireEvent.click(bodyRows(allTable)[1] as HTMLElement);
    const details = await dialogNamed('Activity Details');
    fireEvent.click(within(details).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Activity Details' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'All Activities' })).toBeInTheDocument();
  });
});
