import { validateDocument } from '@fit/shared/documents';
import { paths } from '@fit/shared/model';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

async function chooseActivity(name: string) {
  const user = userEvent.setup({ delay: null });
  const form = await screen.findByRole('form', { name: 'Log activity' });
  const input = await within(form).findByRole('combobox', { name: 'Activity' });
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: '' } });
  fireEvent.change(input, { target: { value: name } });
  const listbox = await waitFor(() => {
    const found = document.querySelector('[role="listbox"]');
    if (!found) throw new Error('no listbox yet');
    return found as HTMLElement;
  });
  fireEvent.click(within(listbox).getByText(name, { selector: 'li' }));
  return { user, form };
}

describe('Log Activity', () => {
  it('shows only the inputs the chosen activity accepts', async () => {
    renderDashboard(seedStore());
    const { form } = await chooseActivity('Running');
    expect(within(form).getByLabelText('Time (min)')).toBeInTheDocument();
    expect(within(form).queryByLabelText('Reps')).toBeNull();
    expect(within(form).queryByLabelText('Weight lifted (lbs)')).toBeNull();

    await chooseActivity('Bench Press');
    expect(within(form).getByLabelText('Reps')).toBeInTheDocument();
    expect(within(form).getByLabelText('Time (min)')).toBeInTheDocument();
    expect(within(form).getByLabelText('Weight lifted (lbs)')).toBeInTheDocument();

    await chooseActivity('Leg Curl');
    expect(within(form).getByLabelText('Reps')).toBeInTheDocument();
    expect(within(form).getByLabelText('Weight lifted (lbs)')).toBeInTheDocument();
    expect(within(form).queryByLabelText('Time (min)')).toBeNull();

    await chooseActivity('Push Ups');
    expect(within(form).getByLabelText('Reps')).toBeInTheDocument();
    expect(within(form).getByLabelText('Time (min)')).toBeInTheDocument();
    expect(within(form).queryByLabelText('Weight lifted (lbs)')).toBeNull();
  });

  it('validates with the exact messages', async () => {
    const store = seedStore();
    renderDashboard(store);
    const { user, form } = await chooseActivity('Bench Press');
    await user.click(within(form).getByRole('button', { name: 'Log' }));
    expect(await within(form).findByText('Time must be a positive number.')).toBeInTheDocument();

    fireEvent.change(within(form).getByLabelText('Time (min)'), { target: { value: '10' } });
    fireEvent.change(within(form).getByLabelText('Reps'), { target: { value: '-3' } });
    await user.click(within(form).getByRole('button', { name: 'Log' }));
    expect(await within(form).findByText('Reps must be a positive number if provided.')).toBeInTheDocument();

    fireEvent.change(within(form).getByLabelText('Reps'), { target: { value: '' } });
    fireEvent.change(within(form).getByLabelText('Weight lifted (lbs)'), { target: { value: '-5' } });
    await user.click(within(form).getByRole('button', { name: 'Log' }));
    expect(await within(form).findByText('Weight lifted must be a non-negative number.')).toBeInTheDocument();
    expect(store.collection(paths.reps(UID))).toEqual({});
  });

  it('logs a document the rules accept, timestamped now, and clears the inputs', async () => {
    const store = seedStore({ profile: { currentWeight: 200 } });
    renderDashboard(store);
    const { user, form } = await chooseActivity('Bench Press');
    fireEvent.change(within(form).getByLabelText('Reps'), { target: { value: '12' } });
    fireEvent.change(within(form).getByLabelText('Time (min)'), { target: { value: '10' } });
    fireEvent.change(within(form).getByLabelText('Weight lifted (lbs)'), { target: { value: '135' } });
    expect(within(form).getByText(/About/)).toHaveTextContent('About 148 calories');
    await user.click(within(form).getByRole('button', { name: 'Log' }));

    await waitFor(() => expect(Object.values(store.collection(paths.reps(UID)))).toHaveLength(1));
    const [doc] = Object.values(store.collection(paths.reps(UID)));
    expect(doc).toEqual({
      activityType: 'Bench Press',
      count: 12,
      time: 10,
      weightLifted: 135,
      timestamp: NOW,
      calorieUnits: 50 * 10 * 23,
      loggedAt: NOW,
    });
    expect(
      validateDocument('reps', doc as Record<string, unknown>, { uid: UID, now: NOW, before: null }).ok,
    ).toBe(true);
    await waitFor(() => expect(within(form).getByLabelText('Reps')).toHaveValue(''));
    // The recent list picks it up live.
    const table = await screen.findByRole('table', { name: 'Recent activities' });
    expect(await within(table).findByText('Bench Press')).toBeInTheDocument();
  });

  it('a double click on Log (two clicks in the same tick) writes one entry', async () => {
    const store = seedStore();
    renderDashboard(store);
    const { form } = await chooseActivity('Running');
    fireEvent.change(within(form).getByLabelText('Time (min)'), { target: { value: '30' } });
    const log = within(form).getByRole('button', { name: 'Log' });
    // One act: React renders nothing between the two clicks, so the busy flag cannot stop the second.
    act(() => {
      log.click();
      log.click();
    });
    expect(await within(form).findByText('Running logged. Nice work!')).toBeInTheDocument();
    await waitFor(() => expect(log).toBeEnabled());
    expect(Object.values(store.collection(paths.reps(UID)))).toHaveLength(1);
  });

  it("says 'Failed to log activity. Please try again.' when the write fails", async () => {
    const store = seedStore();
    store.failCommit = (writes) => writes.some((w) => w.path.includes('/reps/'));
    renderDashboard(store);
    const { user, form } = await chooseActivity('Running');
    fireEvent.change(within(form).getByLabelText('Time (min)'), { target: { value: '30' } });
    await user.click(within(form).getByRole('button', { name: 'Log' }));
    expect(await within(form).findByText('Failed to log activity. Please try again.')).toBeInTheDocument();
  });

  it('logs an activity dated yesterday; a time ahead of now or over a year back is refused and writes nothing', async () => {
    const store = seedStore();
    renderDashboard(store);
    const { user, form } = await chooseActivity('Running');
    fireEvent.change(within(form).getByLabelText('Time (min)'), { target: { value: '30' } });
    const when = within(form).getByLabelText('Date and time');
    expect(when).toHaveAttribute('type', 'datetime-local');
    expect(when).toHaveValue(toDateTimeLocal(NOW));
    expect(within(form).getByText(/^Now\./)).toBeInTheDocument();

    fireEvent.change(when, { target: { value: toDateTimeLocal(NOW + 2 * 3_600_000) } });
    await user.click(within(form).getByRole('button', { name: 'Log' }));
    expect(await within(form).findByText('Date and time cannot be in the future.')).toBeInTheDocument();
    expect(when).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(when, { target: { value: toDateTimeLocal(NOW - 400 * 86_400_000) } });
    await user.click(within(form).getByRole('button', { name: 'Log' }));
    expect(
      await within(form).findByText('Date cannot be more than 366 days in the past.'),
    ).toBeInTheDocument();
    expect(store.collection(paths.reps(UID))).toEqual({});

    const yesterday = at(2026, 3, 10, 18, 30);
    fireEvent.change(when, { target: { value: toDateTimeLocal(yesterday) } });
    await user.click(within(form).getByRole('button', { name: 'Log' }));
    await waitFor(() => expect(Object.values(store.collection(paths.reps(UID)))).toHaveLength(1));
    const [doc] = Object.values(store.collection(paths.reps(UID)));
    expect(doc).toMatchObject({ activityType: 'Running', time: 30, timestamp: yesterday, loggedAt: NOW });
    expect(
      validateDocument('reps', doc as Record<string, unknown>, { uid: UID, now: NOW, before: null }).ok,
    ).toBe(true);
    // The next entry is "now" again.
    await waitFor(() =>
      expect(within(form).getByLabelText('Date and time')).toHaveValue(toDateTimeLocal(NOW)),
    );
    expect(within(form).getByText(/^Now\./)).toBeInTheDocument();
  });

  it('"Use now" puts a changed date back to the time of the save', async () => {
    const store = seedStore();
    renderDashboard(store);
    const { user, form } = await chooseActivity('Yoga');
    fireEvent.change(within(form).getByLabelText('Time (min)'), { target: { value: '20' } });
    fireEvent.change(within(form).getByLabelText('Date and time'), {
      target: { value: toDateTimeLocal(at(2026, 3, 1, 7)) },
    });
    await user.click(within(form).getByRole('button', { name: 'Use now' }));
    await user.click(within(form).getByRole('button', { name: 'Log' }));
    await waitFor(() => expect(Object.values(store.collection(paths.reps(UID)))).toHaveLength(1));
    expect(Object.values(store.collection(paths.reps(UID)))[0]).toMatchObject({ timestamp: NOW });
  });

  it('starts on the activity logged last, even when it was dated before a newer one', async () => {
    const store = seedStore({
      preferences: ['Yoga', 'Running', 'Squats'],
      activities: {
        run: {
          ...activityDoc({ activityType: 'Running', time: 20, timestamp: NOW - 3_600_000 }),
          loggedAt: NOW - 3_600_000,
        },
        // Logged a minute ago, for two days back.
        yoga: {
          ...activityDoc({ activityType: 'Yoga', time: 20, timestamp: at(2026, 3, 9) }),
          loggedAt: NOW - 60_000,
        },
      },
    });
    renderDashboard(store);
    const form = await screen.findByRole('form', { name: 'Log activity' });
    const input = await within(form).findByRole('combobox', { name: 'Activity' });
    await waitFor(() => expect(input).toHaveValue('Yoga'));
  });

  it('offers only the saved preferred activities, starting with the last one logged', async () => {
    const store = seedStore({
      preferences: ['Yoga', 'Running', 'Squats'],
      activities: { a1: activityDoc({ activityType: 'Running', time: 20, timestamp: at(2026, 3, 10) }) },
    });
    renderDashboard(store);
    const user = userEvent.setup({ delay: null });
    const form = await screen.findByRole('form', { name: 'Log activity' });
    const input = await within(form).findByRole('combobox', { name: 'Activity' });
    await waitFor(() => expect(input).toHaveValue('Running'));
    await user.click(within(form).getByRole('button', { name: 'Open' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Squats', 'Running', 'Yoga']);
  });

  it('starts on the last activity logged even when the activities arrive after the offered list', async () => {
    const store = seedStore({
      preferences: ['Yoga', 'Running', 'Squats'],
      activities: { a1: activityDoc({ activityType: 'Yoga', time: 20, timestamp: at(2026, 3, 10) }) },
    });
    // The activities answer only when the test says so (a timer raced the form's first render on
    // a busy machine).
    const listen = store.listen.bind(store);
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    store.listen = (spec, onNext, onError) => {
      if (!spec.collection.endsWith('/reps')) return listen(spec, onNext, onError);
      let stopped = false;
      let stop: (() => void) | null = null;
      void answered.then(() => {
        if (!stopped) stop = listen(spec, onNext, onError);
      });
      return () => {
        stopped = true;
        stop?.();
      };
    };
    let offered = false;
    const get = store.get.bind(store);
    store.get = async (path) => {
      const doc = await get(path);
      if (path === paths.activityPreferences(UID)) offered = true;
      return doc;
    };
    renderDashboard(store);
    const form = await screen.findByRole('form', { name: 'Log activity' });
    // Until the last activity is known the form keeps its placeholder (it would change shape when
    // the first offered gave way to the last logged: a layout shift), then starts on the last one.
    await waitFor(() => expect(offered).toBe(true));
    expect(form.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(within(form).queryByRole('combobox', { name: 'Activity' })).toBeNull();
    act(() => answer());
    const input = await within(form).findByRole('combobox', { name: 'Activity' });
    expect(input).toHaveValue('Yoga');
  });

  it('keeps what the person types in the picker when a newer activity arrives meanwhile (another tab, a busy server)', async () => {
    const store = seedStore({
      preferences: ['Yoga', 'Running', 'Tai Chi'],
      activities: { a1: activityDoc({ activityType: 'Yoga', time: 20, timestamp: at(2026, 3, 10) }) },
    });
    renderDashboard(store);
    const form = await screen.findByRole('form', { name: 'Log activity' });
    const input = await within(form).findByRole('combobox', { name: 'Activity' });
    await waitFor(() => expect(input).toHaveValue('Yoga'));
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'Tai' } });
    await screen.findByRole('option', { name: 'Tai Chi' });

    // Logged elsewhere just now: the form no longer follows the last logged activity.
    await act(() =>
      store.commit([
        {
          kind: 'set',
          path: paths.rep(UID, 'elsewhere'),
          data: { ...activityDoc({ activityType: 'Running', time: 5, timestamp: NOW }), loggedAt: NOW },
        },
      ]),
    );
    // Once it has reached the page (Recent Activities lists it):
    await screen.findByRole('cell', { name: /Running/ });
    expect(input).toHaveValue('Tai');
    fireEvent.click(await screen.findByRole('option', { name: 'Tai Chi' }));
    expect(input).toHaveValue('Tai Chi');
  });

  it('offers every activity when no preferences are saved, and reading them writes nothing', async () => {
    const store = seedStore();
    renderDashboard(store);
    const user = userEvent.setup({ delay: null });
    const form = await screen.findByRole('form', { name: 'Log activity' });
    await within(form).findByRole('combobox', { name: 'Activity' });
    await user.click(within(form).getByRole('button', { name: 'Open' }));
    expect(await screen.findAllByRole('option')).toHaveLength(81);
    // The empty document is sign-up's to create (profile.ts), not a read's.
    expect(store.doc(paths.activityPreferences(UID))).toBeUndefined();
    expect(store.commits).toEqual([]);
  });

  it("says 'Failed to fetch available activities. Please try again.' when preferences cannot be read", async () => {
    const store = seedStore();
    store.failRead = (path) => path === paths.activityPreferences(UID);
    renderDashboard(store);
    expect(
      await screen.findByText('Failed to fetch available activities. Please try again.'),
    ).toBeInTheDocument();
  });

  it('shows a motivational quote that is the same all day', async () => {
    renderDashboard(seedStore());
    const quote = (await screen.findByRole('form', { name: 'Log activity' })).parentElement?.querySelector(
      'blockquote',
    );
    expect(quote?.textContent).toMatch(/^“.+”$/);
  });
});
