import { paths } from '@fit/shared/model';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { at, freezeClock, NOW, renderDashboard, seedStore, UID } from '../../../test/dashboard.tsx';
import { toDateTimeLocal } from '../../components/DateTimeInput.tsx';
import { BMI_ENCOURAGEMENT } from './ProfileFigures.tsx';

beforeEach(() => freezeClock());
afterEach(() => vi.useRealTimers());

async function section(name: string): Promise<HTMLElement> {
  return screen.findByRole('region', { name });
}

const WEIGHTS = {
  w1: { weight: 200, timestamp: at(2026, 3, 1) },
  w2: { weight: 195, timestamp: at(2026, 3, 5) },
  w3: { weight: 190, timestamp: at(2026, 3, 10) },
};

describe('Your Profile', () => {
  it('shows the current weight read-only and saves target weight and date', async () => {
    const store = seedStore({ profile: { currentWeight: 190 } });
    renderDashboard(store);
    const card = await section('Your Profile');
    const current = await within(card).findByLabelText('Current weight');
    expect(current).toHaveValue('190');
    expect(current).toHaveAttribute('readonly');

    fireEvent.change(within(card).getByLabelText('Target weight'), { target: { value: '-1' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save Profile' }));
    expect(await within(card).findByText('Target weight must be a positive number.')).toBeInTheDocument();

    fireEvent.change(within(card).getByLabelText('Target weight'), { target: { value: '175' } });
    fireEvent.change(within(card).getByLabelText('Target date'), { target: { value: '2026-03-10' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save Profile' }));
    expect(await within(card).findByText('Target date cannot be in the past.')).toBeInTheDocument();

    fireEvent.change(within(card).getByLabelText('Target date'), { target: { value: '2026-06-08' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save Profile' }));
    expect(await within(card).findByText('Profile saved successfully!')).toBeInTheDocument();
    expect(store.doc(paths.user(UID))).toMatchObject({
      targetWeight: 175,
      targetDate: '2026-06-08',
      currentWeight: 190,
    });
    // Advice follows the saved values: 15 lbs in 89 days.
    const advice = await within(card).findByRole('note', { name: 'Goal advice' });
    expect(advice).toHaveTextContent(
      'To lose 15 lbs by 2026-06-08 (89 days), burn about 590 calories a day more than you eat.',
    );
  });

  it("names a metric person's units when a target weight stored before the ranges is out of range", async () => {
    const store = seedStore({ profile: { currentWeight: 190, targetWeight: 2000, unitSystem: 'metric' } });
    renderDashboard(store);
    const card = await section('Your Profile');
    fireEvent.change(await within(card).findByLabelText('Target date'), { target: { value: '2026-06-08' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save Profile' }));
    expect(await within(card).findByText('Target weight must be between 19 and 498 kg.')).toBeInTheDocument();
    expect(store.doc(paths.user(UID))).not.toHaveProperty('targetDate');
  });

  it("says 'Failed to save profile. Please try again.' when the write fails", async () => {
    const store = seedStore({ profile: { currentWeight: 190 } });
    store.failCommit = (writes) => writes.some((w) => w.path === paths.user(UID));
    renderDashboard(store);
    const card = await section('Your Profile');
    fireEvent.change(await within(card).findByLabelText('Target weight'), { target: { value: '180' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save Profile' }));
    expect(await within(card).findByText('Failed to save profile. Please try again.')).toBeInTheDocument();
  });

  it("says 'You're at your target weight!' when the weights are equal", async () => {
    renderDashboard(seedStore({ profile: { currentWeight: 180, targetWeight: 180 } }));
    const card = await section('Your Profile');
    expect(await within(card).findByText("You're at your target weight!")).toBeInTheDocument();
  });

  it('shows BMR and BMI with explainers, the categories and the encouragement at 25+', async () => {
    renderDashboard(
      seedStore({ profile: { currentWeight: 200, height: 70, dateOfBirth: '1990-03-12', gender: 'Male' } }),
    );
    const card = await section('Your Profile');
    // BMI 703 x 200 / 4900 = 28.69; BMR 10 x 90.7184 + 6.25 x 177.8 - 5 x 35 + 5 = 1848.4
    expect(await within(card).findByText('28.7')).toBeInTheDocument();
    expect(within(card).getByText('Overweight')).toBeInTheDocument();
    expect(within(card).getByText('1,848')).toBeInTheDocument();
    expect(within(card).getByText(BMI_ENCOURAGEMENT)).toBeInTheDocument();

    fireEvent.click(within(card).getByRole('button', { name: 'What is BMI?' }));
    const bmiDialog = await screen.findByRole('dialog', { name: 'About BMI' });
    const categories = within(bmiDialog).getByRole('list', { name: 'BMI categories' });
    expect([...categories.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'UnderweightBelow 18.5',
      'Healthy18.5 – 24.9',
      'Overweight25.0 – 29.9',
      'Obese30.0 and above',
    ]);
    expect(categories.querySelector('[aria-current="true"]')).toHaveTextContent('Overweight');

    // Popups are independent: BMR opens while BMI is open, and closes alone.
    fireEvent.click(within(card).getByRole('button', { name: 'What is BMR?', hidden: true }));
    const bmrDialog = await screen.findByRole('dialog', { name: 'About BMR' });
    expect(bmrDialog).toHaveTextContent('Mifflin-St Jeor');
    fireEvent.click(within(bmrDialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'About BMR' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'About BMI' })).toBeInTheDocument();
  });

  it('shows no BMR for a gender never chosen (none is assumed), and says how to see it', async () => {
    const store = seedStore({ profile: { currentWeight: 200, height: 70, dateOfBirth: '1990-03-12' } });
    renderDashboard(store);
    const card = await section('Your Profile');
    expect(await within(card).findByText('28.7')).toBeInTheDocument();
    expect(within(card).queryByText('BMR')).toBeNull();
    expect(within(card).getByText(/To see your BMR, choose your gender on the/)).toBeInTheDocument();
    await store.commit([{ kind: 'set', path: paths.user(UID), data: { gender: 'Female' }, merge: true }]);
    // 10 x 90.7184 + 6.25 x 177.8 - 5 x 35 - 161 = 1682.4
    expect(await within(card).findByText('1,682')).toBeInTheDocument();
    expect(within(card).queryByText(/choose your gender/)).toBeNull();
  });

  it('hides BMI and BMR while weight or height is unknown, and has no encouragement under 25', async () => {
    const store = seedStore({ profile: { currentWeight: 150, dateOfBirth: '1990-01-01' } });
    renderDashboard(store);
    const card = await section('Your Profile');
    await within(card).findByLabelText('Current weight');
    expect(within(card).queryByText('BMI')).toBeNull();
    expect(within(card).queryByText('BMR')).toBeNull();
    await store.commit([{ kind: 'set', path: paths.user(UID), data: { height: 70 }, merge: true }]);
    expect(await within(card).findByText('21.5')).toBeInTheDocument();
    expect(within(card).getByText('Healthy')).toBeInTheDocument();
    expect(within(card).queryByText(BMI_ENCOURAGEMENT)).toBeNull();
  });
});

describe('Weight Tracking', () => {
  it('logs a weight and sets the current weight in the same commit', async () => {
    const store = seedStore({ profile: { currentWeight: 0 } });
    renderDashboard(store);
    const card = await section('Weight Tracking');
    const form = within(card).getByRole('form', { name: 'Log weight' });
    fireEvent.change(within(form).getByLabelText('Weight'), { target: { value: '0' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Log' }));
    expect(await within(card).findByText('Weight must be a positive number.')).toBeInTheDocument();

    fireEvent.change(within(form).getByLabelText('Weight'), { target: { value: '182.5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Log' }));
    await waitFor(() => expect(store.doc(paths.user(UID))?.currentWeight).toBe(182.5));
    const records = Object.values(store.collection(paths.weightRecords(UID)));
    expect(records).toEqual([{ weight: 182.5, timestamp: NOW, loggedAt: NOW }]);
    const commit = store.commits.find((c) => c.some((w) => w.path.includes('/weightRecords/')));
    expect(commit).toHaveLength(2);
    expect(commit?.map((w) => w.path)).toContain(paths.user(UID));
    expect(await within(card).findByText('182.5 lbs')).toBeInTheDocument();
    const profile = await section('Your Profile');
    await waitFor(() => expect(within(profile).getByLabelText('Current weight')).toHaveValue('182.5'));
  });

  it('logs a weigh-in dated last week without replacing the current weight; Details moves a record in time', async () => {
    const store = seedStore({ profile: { currentWeight: 190 }, weights: WEIGHTS });
    renderDashboard(store);
    const card = await section('Weight Tracking');
    const form = within(card).getByRole('form', { name: 'Log weight' });
    fireEvent.change(within(form).getByLabelText('Weight'), { target: { value: '230' } });
    fireEvent.change(within(form).getByLabelText('Date and time'), {
      target: { value: toDateTimeLocal(at(2026, 3, 2, 7)) },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Log' }));
    await waitFor(() => expect(Object.values(store.collection(paths.weightRecords(UID)))).toHaveLength(4));
    expect(Object.values(store.collection(paths.weightRecords(UID)))).toContainEqual({
      weight: 230,
      timestamp: at(2026, 3, 2, 7),
      loggedAt: NOW,
    });
    expect(store.doc(paths.user(UID))?.currentWeight).toBe(190);

    // The oldest record (200 lbs, 1 March) moved to this morning becomes the newest: current weight.
    fireEvent.click(await within(card).findByText('200 lbs'));
    const dialog = await screen.findByRole('dialog', { name: 'Weight Record Details' });
    const when = within(dialog).getByLabelText('Date and time');
    expect(when).toHaveValue(toDateTimeLocal(WEIGHTS.w1.timestamp));
    fireEvent.change(when, { target: { value: toDateTimeLocal(NOW + 86_400_000) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Date and time cannot be in the future.')).toBeInTheDocument();
    fireEvent.change(when, { target: { value: toDateTimeLocal(at(2026, 3, 11, 8)) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(store.doc(paths.user(UID))?.currentWeight).toBe(200));
    expect(store.doc(paths.weightRecord(UID, 'w1'))).toEqual({ weight: 200, timestamp: at(2026, 3, 11, 8) });
  });

  it('a date and time half cleared while typing stays as typed (not now) and is refused, writing nothing', async () => {
    const store = seedStore({ profile: { currentWeight: 190 } });
    renderDashboard(store);
    const card = await section('Weight Tracking');
    const form = within(card).getByRole('form', { name: 'Log weight' });
    const when = within(form).getByLabelText('Date and time') as HTMLInputElement;
    fireEvent.change(when, { target: { value: toDateTimeLocal(at(2026, 3, 2, 7)) } });
    // Backspace on one part (the hour) in Chrome: the value reads '' and the input is badInput.
    Object.defineProperty(when, 'validity', { configurable: true, get: () => ({ badInput: true }) });
    fireEvent.change(when, { target: { value: '' } });
    expect(when).toHaveValue('');
    expect(within(form).queryByText('Now. Change it to log an earlier time.')).toBeNull();
    fireEvent.change(within(form).getByLabelText('Weight'), { target: { value: '180' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Log' }));
    expect(await within(card).findByText('Date must be a valid date.')).toBeInTheDocument();
    expect(store.collection(paths.weightRecords(UID))).toEqual({});

    // Cleared whole (no part left): back to now, as before.
    Object.defineProperty(when, 'validity', { configurable: true, get: () => ({ badInput: false }) });
    fireEvent.change(when, { target: { value: toDateTimeLocal(at(2026, 3, 2, 7)) } });
    fireEvent.change(when, { target: { value: '' } });
    expect(within(form).getByText('Now. Change it to log an earlier time.')).toBeInTheDocument();
  });

  it("says 'Failed to log weight. Please try again.' when the write fails", async () => {
    const store = seedStore();
    store.failCommit = () => true;
    renderDashboard(store);
    const card = await section('Weight Tracking');
    fireEvent.change(within(card).getByLabelText('Weight'), { target: { value: '180' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Log' }));
    expect(await within(card).findByText('Failed to log weight. Please try again.')).toBeInTheDocument();
  });

  it('editing the newest record updates the current weight; an older one does not', async () => {
    const store = seedStore({ profile: { currentWeight: 190, height: 70 }, weights: WEIGHTS });
    renderDashboard(store);
    const card = await section('Weight Tracking');
    const list = await within(card).findByRole('list', { name: 'Latest weight records' });
    await waitFor(() => expect(list.querySelectorAll('[role="button"]')).toHaveLength(3));

    fireEvent.click(within(list).getByText('195 lbs'));
    let dialog = await screen.findByRole('dialog', { name: 'Weight Record Details' });
    fireEvent.change(within(dialog).getByLabelText('Weight'), { target: { value: 'abc' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Weight must be a positive number.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Weight'), { target: { value: '196' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(store.doc(paths.weightRecord(UID, 'w2'))?.weight).toBe(196));
    expect(store.doc(paths.user(UID))?.currentWeight).toBe(190);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Weight Record Details' })).toBeNull());

    fireEvent.click(await within(list).findByText('190 lbs'));
    dialog = await screen.findByRole('dialog', { name: 'Weight Record Details' });
    fireEvent.change(within(dialog).getByLabelText('Weight'), { target: { value: '189' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(store.doc(paths.user(UID))?.currentWeight).toBe(189));
    expect(store.doc(paths.weightRecord(UID, 'w3'))).toEqual({
      weight: 189,
      timestamp: WEIGHTS.w3.timestamp,
    });
  });

  it('deleting sets the current weight to the newest remaining record, or 0', async () => {
    const store = seedStore({
      profile: { currentWeight: 190 },
      weights: { w1: WEIGHTS.w1, w3: WEIGHTS.w3 },
    });
    renderDashboard(store);
    const card = await section('Weight Tracking');
    const list = await within(card).findByRole('list', { name: 'Latest weight records' });
    fireEvent.click(await within(list).findByText('190 lbs'));
    let dialog = await screen.findByRole('dialog', { name: 'Weight Record Details' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(store.doc(paths.user(UID))?.currentWeight).toBe(200));
    expect(store.doc(paths.weightRecord(UID, 'w3'))).toBeUndefined();

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Weight Record Details' })).toBeNull());
    fireEvent.click(await within(card).findByText('200 lbs'));
    dialog = await screen.findByRole('dialog', { name: 'Weight Record Details' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(store.doc(paths.user(UID))?.currentWeight).toBe(0));
    expect(await within(card).findByText('No weigh-ins yet')).toBeInTheDocument();
  });

  it("says 'Failed to update weight record.' and 'Failed to delete weight record.' when the writes fail", async () => {
    const store = seedStore({ profile: { currentWeight: 190 }, weights: { w3: WEIGHTS.w3 } });
    store.failCommit = () => true;
    renderDashboard(store);
    const card = await section('Weight Tracking');
    fireEvent.click(await within(card).findByText('190 lbs'));
    const dialog = await screen.findByRole('dialog', { name: 'Weight Record Details' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Failed to update weight record.')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Failed to delete weight record.')).toBeInTheDocument();
  });

  it("says 'Failed to fetch weight records. Please try again.' when they cannot be read", async () => {
    const store = seedStore();
    store.failRead = (path) => path === paths.weightRecords(UID);
    renderDashboard(store);
    const card = await section('Weight Tracking');
    expect(
      await within(card).findByText('Failed to fetch weight records. Please try again.'),
    ).toBeInTheDocument();
  });

  it('shows Show All in a paged popup', async () => {
    const weights: Record<string, { weight: number; timestamp: number }> = {};
    for (let i = 0; i < 55; i++)
      weights[`w${String(i).padStart(2, '0')}`] = { weight: 150 + i, timestamp: NOW - i * 86_400_000 };
    renderDashboard(seedStore({ weights }));
    const card = await section('Weight Tracking');
    fireEvent.click(within(card).getByRole('button', { name: 'Show All' }));
    const dialog = await screen.findByRole('dialog', { name: 'All Weight Records' });
    expect(await within(dialog).findByText('Page 1 of 2')).toBeInTheDocument();
    const list = within(dialog).getByRole('list', { name: 'All weight records' });
    await waitFor(() => expect(list.querySelectorAll('[role="button"]')).toHaveLength(50));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Page 2 of 2')).toBeInTheDocument();
    await waitFor(() => expect(list.querySelectorAll('[role="button"]')).toHaveLength(5));
  });

  it('draws the weight and BMI chart only with 2 or more records and a height', async () => {
    const store = seedStore({ profile: { currentWeight: 200 }, weights: { w1: WEIGHTS.w1, w2: WEIGHTS.w2 } });
    renderDashboard(store);
    const card = await section('Weight Tracking');
    await within(card).findByText('195 lbs');
    expect(within(card).queryByTestId('weight-chart')).toBeNull();
    expect(within(card).getByText(/to see your weight and BMI chart/)).toBeInTheDocument();

    await store.commit([{ kind: 'set', path: paths.user(UID), data: { height: 70 }, merge: true }]);
    expect(await within(card).findByTestId('weight-chart')).toBeInTheDocument();

    await store.commit([{ kind: 'delete', path: paths.weightRecord(UID, 'w1') }]);
    await waitFor(() => expect(within(card).queryByTestId('weight-chart')).toBeNull());
  });
});
