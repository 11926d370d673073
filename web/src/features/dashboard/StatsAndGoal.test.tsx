import { caloriesFromUnits, calorieUnits } from '@fit/shared/formulas';
import { paths } from '@fit/shared/model';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  activityDoc,
  at,
  freezeClock,
  reactToActivities,
  renderDashboard,
  seedStore,
  UID,
} from '../../../test/dashboard.tsx';

beforeEach(() => {
  freezeClock();
  sessionStorage.clear();
});
afterEach(() => vi.useRealTimers());

// Now is Wednesday 2026-03-11 12:00 local: the week is Sun 8 - Sat 14 March, the month is March.
const ACTIVITIES = {
  today1: activityDoc({ activityType: 'Running', time: 30, timestamp: at(2026, 3, 11, 10) }),
  today2: activityDoc({
    activityType: 'Bench Press',
    count: 10,
    time: 5,
    weightLifted: 100,
    timestamp: at(2026, 3, 11, 8),
  }),
  monday: activityDoc({ activityType: 'Push Ups', count: 50, time: 10, timestamp: at(2026, 3, 9, 18) }),
  lastWeek: activityDoc({ activityType: 'Yoga', time: 60, timestamp: at(2026, 3, 7, 23, 59) }),
  lastMonth: activityDoc({ activityType: 'Walking', time: 45, timestamp: at(2026, 2, 28, 12) }),
  midnight: activityDoc({ activityType: 'Squats', count: 20, time: 4, timestamp: at(2026, 3, 11, 0, 0) }),
};

function stat(kind: string, metric: string): string {
  return screen.getByTestId(`stat-${kind}-${metric}`).textContent ?? '';
}

/** A store holding `seed`, and the progress document the reactions keep for it. */
async function seeded(seed: Parameters<typeof seedStore>[0]) {
  const store = seedStore(seed);
  await reactToActivities(store);
  return store;
}

describe('Your Stats', () => {
  it('totals reps, minutes and calories for today, this week (Sun-Sat) and this month', async () => {
    renderDashboard(await seeded({ profile: { currentWeight: 200 }, activities: ACTIVITIES }));
    await waitFor(() => expect(stat('daily', 'reps')).toBe('30'));
    // Today: Running 30 min (24000 units), Bench Press 10 x 5 min @100 lbs (5000), Squats 20 x 4 min (2400).
    expect(calorieUnits({ activityType: 'Squats', time: 4 })).toBe(2400);
    expect(caloriesFromUnits(31400, 200)).toBe(405);
    expect(stat('daily', 'reps')).toBe('30');
    expect(stat('daily', 'minutes')).toBe('39');
    expect(stat('daily', 'calories')).toBe('405');
    // Week adds Monday's Push Ups 50 x 10 min (4000 units); Saturday 7 March is last week.
    expect(stat('weekly', 'reps')).toBe('80');
    expect(stat('weekly', 'minutes')).toBe('49');
    expect(stat('weekly', 'calories')).toBe(String(caloriesFromUnits(35400, 200)));
    expect(stat('weekly', 'calories')).toBe('457');
    // Month adds last week's Yoga 60 min (21000); 28 February is last month.
    expect(stat('monthly', 'reps')).toBe('80');
    expect(stat('monthly', 'minutes')).toBe('109');
    expect(stat('monthly', 'calories')).toBe('728');
    const today = screen.getByRole('region', { name: 'Today' });
    expect(today).toHaveTextContent('of 1,000 reps');
    expect(today).toHaveTextContent('of 60 min');
    expect(today).toHaveTextContent('of 2,000 cal');
    expect(screen.getByRole('region', { name: 'This Week' })).toHaveTextContent('of 14,000 cal');
    expect(screen.getByRole('region', { name: 'This Month' })).toHaveTextContent('of 1,800 min');
    const bar = screen.getByRole('progressbar', { name: 'Today minutes' });
    expect(bar).toHaveAttribute('aria-valuenow', '65');
  });

  it('prices calories at 155 lbs when the weight is unknown', async () => {
    renderDashboard(await seeded({ activities: { a: ACTIVITIES.today1 } }));
    await screen.findByTestId('stat-daily-calories');
    // Running 8 cal/min x 30 min at 155 lbs.
    await waitFor(() => expect(stat('daily', 'calories')).toBe('240'));
  });

  it('reads the progress document, and follows it: no aggregate query, nothing read again after a change', async () => {
    const store = await seeded({ activities: ACTIVITIES });
    const aggregate = vi.spyOn(store, 'aggregate');
    renderDashboard(store);
    await screen.findByTestId('stat-monthly-minutes');
    await waitFor(() => expect(stat('monthly', 'minutes')).toBe('109'));
    await store.commit([{ kind: 'delete', path: paths.rep(UID, 'today1') }]);
    await reactToActivities(store); // the reaction to the delete
    await waitFor(() => expect(stat('monthly', 'minutes')).toBe('79'));
    expect(aggregate).not.toHaveBeenCalled();
  });

  it("says 'Failed to fetch activities. Please try again.' when the progress cannot be read", async () => {
    const store = await seeded({ activities: ACTIVITIES });
    store.failRead = (path) => path === paths.progress(UID);
    renderDashboard(store);
    const stats = await screen.findByRole('region', { name: 'Your Stats' });
    expect(
      await within(stats).findByText('Failed to fetch activities. Please try again.'),
    ).toBeInTheDocument();
  });
});

describe('Daily goal', () => {
  it("shows today's progress as 'x/target type' with a link to Account", async () => {
    renderDashboard(await seeded({ goal: { target: '60', type: 'minutes' }, activities: ACTIVITIES }));
    await waitFor(() => expect(screen.getByTestId('goal-progress')).toHaveTextContent('39/60 minutes'));
    expect(screen.getByRole('link', { name: 'Change goal' })).toHaveAttribute('href', '/account');
  });

  it('counts calories for a calories goal', async () => {
    renderDashboard(
      await seeded({
        profile: { currentWeight: 200 },
        goal: { target: '500', type: 'calories' },
        activities: ACTIVITIES,
      }),
    );
    await waitFor(() => expect(screen.getByTestId('goal-progress')).toHaveTextContent('405/500 calories'));
  });

  it("without a goal: a prompt, and the goal popup with 'Maybe Later' once per session", async () => {
    const store = seedStore({ goal: null });
    const first = renderDashboard(store);
    const dialog = await screen.findByRole('dialog', { name: 'Set a daily goal' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Maybe Later' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Set a daily goal' })).toBeNull());
    expect(screen.getByText('Set a daily goal to track your progress.')).toBeInTheDocument();
    first.unmount();

    renderDashboard(store);
    expect(await screen.findByText('Set a daily goal to track your progress.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Set a daily goal' })).toBeNull();
    // The prompt opens it on demand, and it saves a goal.
    fireEvent.click(screen.getByRole('button', { name: 'Set a goal' }));
    const again = await screen.findByRole('dialog', { name: 'Set a daily goal' });
    fireEvent.change(within(again).getByLabelText('Target'), { target: { value: '0' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Set Goal' }));
    expect(await within(again).findByText('Target must be a positive number.')).toBeInTheDocument();
    fireEvent.change(within(again).getByLabelText('Target'), { target: { value: '45' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Set Goal' }));
    await waitFor(() => expect(store.doc(paths.goal(UID))).toEqual({ target: '45', type: 'minutes' }));
    await waitFor(() => expect(screen.getByTestId('goal-progress')).toHaveTextContent('0/45 minutes'));
  });

  it("says 'Failed to fetch profile or goal. Please try again.' when they cannot be read", async () => {
    const store = seedStore();
    store.failRead = (path) => path === paths.goal(UID);
    renderDashboard(store);
    expect(await screen.findByText('Failed to fetch profile or goal. Please try again.')).toBeInTheDocument();
  });
});

describe('MET values popup', () => {
  it("lists each activity's rate scaled by the user's weight", async () => {
    renderDashboard(seedStore({ profile: { currentWeight: 310 } }));
    fireEvent.click(await screen.findByRole('button', { name: 'MET values' }));
    const dialog = await screen.findByRole('dialog', { name: 'MET values' });
    const running = within(dialog).getByText('Running').parentElement as HTMLElement;
    expect(running).toHaveTextContent('16.0 cal/min');
    const pose = within(dialog).getByText('Childs Pose').parentElement as HTMLElement;
    expect(pose).toHaveTextContent('3.0 cal/min');
    expect(dialog.querySelectorAll('li')).toHaveLength(81);
  });
});
