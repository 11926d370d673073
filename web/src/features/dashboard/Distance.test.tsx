import { validateDocument } from '@fit/shared/documents';
import { paths } from '@fit/shared/model';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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

beforeEach(() => freezeClock());
afterEach(() => vi.useRealTimers());

async function chooseActivity(name: string) {
  const user = userEvent.setup({ delay: null });
  const form = await screen.findByRole('form', { name: 'Log activity' });
  const input = await within(form).findByRole('combobox', { name: 'Activity' });
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: name } });
  const listbox = await waitFor(() => {
    const found = document.querySelector('[role="listbox"]');
    if (!found) throw new Error('no listbox yet');
    return found as HTMLElement;
  });
  fireEvent.click(within(listbox).getByText(name, { selector: 'li' }));
  return { user, form };
}

const recentTable = () => screen.findByRole('table', { name: 'Recent activities' });

describe('distance and pace', () => {
  it('logs a 5 km run in 25 minutes: pace 5:00 /km before and after, stored in metres', async () => {
    const store = seedStore({ profile: { unitSystem: 'metric' } });
    renderDashboard(store);
    const { user, form } = await chooseActivity('Running');
    fireEvent.change(within(form).getByLabelText('Time (min)'), { target: { value: '25' } });
    fireEvent.change(within(form).getByLabelText('Distance (km)'), { target: { value: '5' } });
    expect(within(form).getByText(/About/)).toHaveTextContent('pace 5:00 /km');
    await user.click(within(form).getByRole('button', { name: 'Log' }));

    await waitFor(() => expect(Object.values(store.collection(paths.reps(UID)))).toHaveLength(1));
    const [doc] = Object.values(store.collection(paths.reps(UID)));
    expect(doc).toMatchObject({ activityType: 'Running', time: 25, distance: 5000 });
    // What the browser writes is what the rules accept (documents.ts mirrors them).
    expect(
      validateDocument('reps', doc as Record<string, unknown>, { uid: UID, now: NOW, before: null }).ok,
    ).toBe(true);
    const table = await recentTable();
    expect(await within(table).findByText('5 km · 5:00 /km')).toBeInTheDocument();
  });

  it('an imperial person types miles and reads 8:03 /mi for the same run', async () => {
    const store = seedStore({
      profile: { unitSystem: 'imperial' },
      activities: {
        r: {
          ...activityDoc({ activityType: 'Running', time: 25, timestamp: at(2026, 3, 11, 8) }),
          distance: 5000,
        },
      },
    });
    renderDashboard(store);
    const table = await recentTable();
    expect(await within(table).findByText('3.11 mi · 8:03 /mi')).toBeInTheDocument();
    const { form } = await chooseActivity('Walking');
    expect(within(form).getByLabelText('Distance (mi)')).toBeInTheDocument();
  });

  it('refuses a bad distance with a clear message and writes nothing', async () => {
    const store = seedStore({ profile: { unitSystem: 'metric' } });
    renderDashboard(store);
    const { user, form } = await chooseActivity('Running');
    fireEvent.change(within(form).getByLabelText('Time (min)'), { target: { value: '10' } });
    const distance = within(form).getByLabelText('Distance (km)');
    for (const [typed, message] of [
      ['-3', 'Distance must be a positive number if provided.'],
      ['fast', 'Distance must be a positive number if provided.'],
      ['101', 'Distance cannot exceed 100 km for Running.'],
      ['10', 'Pace cannot be faster than 2:14 /km for Running.'],
    ] as const) {
      fireEvent.change(distance, { target: { value: typed } });
      await user.click(within(form).getByRole('button', { name: 'Log' }));
      expect(await within(form).findByText(message)).toBeInTheDocument();
      expect(distance).toHaveAttribute('aria-invalid', 'true');
    }
    expect(store.collection(paths.reps(UID))).toEqual({});
  });

  it('shows no distance input for an activity that covers no ground', async () => {
    renderDashboard(seedStore({ profile: { unitSystem: 'metric' } }));
    const { form } = await chooseActivity('Yoga');
    expect(within(form).queryByLabelText('Distance (km)')).toBeNull();
  });

  it('Activity Details shows the pace, edits the distance, and keeps it exact when left as shown', async () => {
    const run = {
      ...activityDoc({ activityType: 'Running', time: 25, timestamp: at(2026, 3, 11, 8) }),
      distance: 5000,
    };
    const store = seedStore({ profile: { unitSystem: 'imperial' }, activities: { r: run } });
    renderDashboard(store);
    const table = await recentTable();
    fireEvent.click(await within(table).findByRole('button', { name: /Running/ }));
    let dialog = await screen.findByRole('dialog', { name: 'Activity Details' });
    expect(within(dialog).getByText('3.11 mi · 8:03 /mi')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Distance (mi)')).toHaveValue('3.11');
    // The preview counts the stored 5000 m while the distance is left as shown (3.11 mi typed is 5005 m).
    expect(within(dialog).getByText(/About/)).toHaveTextContent('pace 8:03 /mi');
    fireEvent.change(within(dialog).getByLabelText('Time (min)'), { target: { value: '26' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(store.doc(paths.rep(UID, 'r'))?.time).toBe(26));
    expect(store.doc(paths.rep(UID, 'r'))?.distance).toBe(5000);

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Activity Details' })).toBeNull());
    fireEvent.click(await within(table).findByRole('button', { name: /Running/ }));
    dialog = await screen.findByRole('dialog', { name: 'Activity Details' });
    fireEvent.change(within(dialog).getByLabelText('Distance (mi)'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(store.doc(paths.rep(UID, 'r'))?.distance).toBeUndefined());
  });
});
