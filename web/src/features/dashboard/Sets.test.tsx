import { validateDocument } from '@fit/shared/documents';
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

beforeEach(() => freezeClock());
afterEach(() => vi.useRealTimers());

async function chooseBench() {
  const form = await screen.findByRole('form', { name: 'Log activity' });
  const input = await within(form).findByRole('combobox', { name: 'Activity' });
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: '' } });
  fireEvent.change(input, { target: { value: 'Bench Press' } });
  const listbox = await waitFor(() => {
    const found = document.querySelector('[role="listbox"]');
    if (!found) throw new Error('no listbox yet');
    return found as HTMLElement;
  });
  fireEvent.click(within(listbox).getByText('Bench Press', { selector: 'li' }));
  return form;
}

const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

describe('sets in the Log form', () => {
  it('logs sets typed in kg: reps summed, the heaviest set stored in lbs, the sets kept', async () => {
    const store = seedStore({ profile: { unitSystem: 'metric' } });
    renderDashboard(store);
    const form = await chooseBench();
    type(within(form).getByLabelText('Time (min)'), '15');
    // The plain inputs' values start the first set.
    type(within(form).getByLabelText('Reps'), '8');
    type(within(form).getByLabelText('Weight lifted (kg)'), '60');
    fireEvent.click(within(form).getByRole('button', { name: 'Add sets' }));
    expect(within(form).getByLabelText('Set 1 reps')).toHaveValue('8');
    expect(within(form).getByLabelText('Set 1 weight (kg)')).toHaveValue('60');
    // Reps and weight lifted are derived now: their inputs are gone.
    expect(document.getElementById('log-count')).toBeNull();
    expect(document.getElementById('log-weightLifted')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('Set 1 reps')));

    fireEvent.click(within(form).getByRole('button', { name: 'Duplicate set 1' }));
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('Set 2 reps')));
    type(within(form).getByLabelText('Set 2 weight (kg)'), '70');
    fireEvent.click(within(form).getByRole('button', { name: 'Add set' }));
    type(within(form).getByLabelText('Set 3 reps'), '3');
    type(within(form).getByLabelText('Set 3 weight (kg)'), '500');
    fireEvent.click(within(form).getByRole('button', { name: 'Log' }));
    expect(
      await within(form).findByText('Set 3: Weight lifted cannot exceed 362 kg for Bench Press.'),
    ).toBeInTheDocument();
    expect(store.collection(paths.reps(UID))).toEqual({});

    fireEvent.click(within(form).getByRole('button', { name: 'Remove set 3' }));
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('Set 2 reps')));
    expect(within(form).getByText(/^16 reps · volume/)).toBeInTheDocument();
    fireEvent.click(within(form).getByRole('button', { name: 'Log' }));
    await waitFor(() => expect(Object.values(store.collection(paths.reps(UID)))).toHaveLength(1));
    const [doc] = Object.values(store.collection(paths.reps(UID)));
    expect(doc).toMatchObject({
      activityType: 'Bench Press',
      count: 16,
      time: 15,
      weightLifted: 154.32,
      sets: [
        { reps: 8, weight: 132.28 },
        { reps: 8, weight: 154.32 },
      ],
    });
    expect(
      validateDocument('reps', doc as Record<string, unknown>, { uid: UID, now: NOW, before: null }).ok,
    ).toBe(true);
    const table = await screen.findByRole('table', { name: 'Recent activities' });
    expect(await within(table).findByText('70 kg · 2 sets')).toBeInTheDocument();
  });

  it('an empty set is named and nothing is written', async () => {
    const store = seedStore();
    renderDashboard(store);
    const form = await chooseBench();
    type(within(form).getByLabelText('Time (min)'), '15');
    fireEvent.click(within(form).getByRole('button', { name: 'Add sets' }));
    type(within(form).getByLabelText('Set 1 reps'), '0');
    type(within(form).getByLabelText('Set 1 weight (lbs)'), '100');
    fireEvent.click(within(form).getByRole('button', { name: 'Log' }));
    expect(await within(form).findByText('Set 1: Reps must be a positive whole number.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Set 1 reps')).toHaveAttribute('aria-invalid', 'true');
    expect(store.collection(paths.reps(UID))).toEqual({});
  });
});

describe('sets in the details', () => {
  it('shows the sets, volume and one-rep max; an untouched kg load saves exactly as stored', async () => {
    const sets = [
      { reps: 8, weight: 135 },
      { reps: 6, weight: 155 },
      { reps: 5, weight: 155 },
    ];
    const store = seedStore({
      profile: { unitSystem: 'metric' },
      activities: {
        a1: activityDoc({
          activityType: 'Bench Press',
          count: 19,
          time: 15,
          weightLifted: 155,
          sets,
          timestamp: at(2026, 3, 10),
        }),
      },
    });
    renderDashboard(store);
    const table = await screen.findByRole('table', { name: 'Recent activities' });
    expect(await within(table).findByText('70.3 kg · 3 sets')).toBeInTheDocument();
    fireEvent.click(within(table).getByText('Bench Press'));
    const dialog = await screen.findByRole('dialog', { name: 'Activity Details' });
    expect(within(dialog).getByText('8 × 61.2 kg, 6 × 70.3 kg, 5 × 70.3 kg')).toBeInTheDocument();
    // 2,785 lbs is 1,263 kg; 155 x (1 + 6/30) = 186 lbs is 84.4 kg.
    expect(within(dialog).getByText('Volume 1,263 kg · Est. 1RM 84.4 kg')).toBeInTheDocument();
    type(within(dialog).getByLabelText('Time (min)'), '20');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(store.doc(paths.rep(UID, 'a1'))).toMatchObject({ time: 20, sets }));
  });
});
