/** The dashboard in the viewer's units; storage stays lbs and inches. */
import { paths } from '@fit/shared/model';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { activityDoc, at, freezeClock, renderDashboard, seedStore, UID } from '../../../test/dashboard.tsx';

// The weight chart's lazy chunk (the charts library) before the tests: imported inside the
// figure's wait, it took that past 20 s on a loaded machine.
beforeAll(async () => {
  await import('./WeightChart.tsx');
});
beforeEach(() => freezeClock());
afterEach(() => vi.useRealTimers());

// The dashboard's first render: on a loaded machine it takes longer than the default wait.
const section = (name: string) => screen.findByRole('region', { name });
const weights = (store: ReturnType<typeof seedStore>) =>
  Object.values(store.collection(paths.weightRecords(UID))).map((d) => d.weight);

describe('a metric user', () => {
  it('logs 80 kg, sees 80 kg everywhere, and BMI 24.7 Healthy with 180 cm (stored 70.87 in)', async () => {
    const store = seedStore({ profile: { unitSystem: 'metric', height: 70.87 } });
    renderDashboard(store);
    const card = await section('Weight Tracking');
    const input = within(card).getByLabelText('Weight');
    expect(await within(card).findByText('kg')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '80' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Log' }));
    await waitFor(() => expect(weights(store)).toEqual([176.37]));
    expect(await within(card).findByText('80 kg')).toBeInTheDocument();

    const profile = await section('Your Profile');
    await waitFor(() => expect(within(profile).getByLabelText('Current weight')).toHaveValue('80'));
    expect(within(profile).getByText('24.7')).toBeInTheDocument();
    expect(within(profile).getByText('Healthy')).toBeInTheDocument();
  });

  it("accepts a decimal comma ('81,5' kg) and refuses an implausible weight naming kg, writing nothing", async () => {
    const store = seedStore({ profile: { unitSystem: 'metric' } });
    renderDashboard(store);
    const card = await section('Weight Tracking');
    const input = within(card).getByLabelText('Weight');
    // As a person would: in kilograms once the form shows them (lbs, the browser's, until then).
    expect(await within(card).findByText('kg')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '10' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Log' }));
    expect(await within(card).findByText('Weight must be between 19 and 498 kg.')).toBeInTheDocument();
    expect(weights(store)).toEqual([]);

    fireEvent.change(input, { target: { value: '81,5' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Log' }));
    await waitFor(() => expect(weights(store)).toEqual([179.68]));
    expect(await within(card).findByText('81.5 kg')).toBeInTheDocument();
  });

  it('edits a record in kg; saving it unchanged keeps the stored lbs exactly', async () => {
    const store = seedStore({
      profile: { unitSystem: 'metric', currentWeight: 181 },
      weights: { w1: { weight: 181, timestamp: at(2026, 3, 10) } },
    });
    renderDashboard(store);
    const card = await section('Weight Tracking');
    fireEvent.click(await within(card).findByText('82.1 kg'));
    const dialog = await screen.findByRole('dialog', { name: 'Weight Record Details' });
    const input = within(dialog).getByLabelText('Weight');
    expect(input).toHaveValue('82.1');
    const commits = store.commits.length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(store.commits.length).toBeGreaterThan(commits));
    expect(weights(store)).toEqual([181]);
  });

  it('sets a target weight in kg and reads the goal advice in kg', async () => {
    const store = seedStore({ profile: { unitSystem: 'metric', currentWeight: 176.37 } });
    renderDashboard(store);
    const card = await section('Your Profile');
    fireEvent.change(await within(card).findByLabelText('Target weight'), { target: { value: '75' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save Profile' }));
    await waitFor(() => expect(store.doc(paths.user(UID))).toMatchObject({ targetWeight: 165.35 }));
    const advice = await within(card).findByRole('note', { name: 'Goal advice' });
    expect(advice).toHaveTextContent(/^To lose 5 kg, /);
    expect(advice).not.toHaveTextContent('lbs');
  });

  it('types weight lifted in kg: stored in lbs, the limit message names kg', async () => {
    const store = seedStore({
      profile: { unitSystem: 'metric' },
      activities: {
        a1: activityDoc({
          activityType: 'Bench Press',
          count: 5,
          time: 5,
          weightLifted: 100,
          timestamp: at(2026, 3, 10),
        }),
      },
    });
    renderDashboard(store);
    const recent = await section('Recent Activities');
    fireEvent.click(await within(recent).findByText('Bench Press'));
    const dialog = await screen.findByRole('dialog', { name: 'Activity Details' });
    const lifted = within(dialog).getByLabelText('Weight lifted (kg)');
    expect(lifted).toHaveValue('45.4');
    fireEvent.change(lifted, { target: { value: '500' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Weight lifted cannot exceed 362 kg for Bench Press.'),
    ).toBeInTheDocument();
    expect(store.doc(paths.rep(UID, 'a1'))).toMatchObject({ weightLifted: 100 });
    fireEvent.change(lifted, { target: { value: '62,5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(store.doc(paths.rep(UID, 'a1'))).toMatchObject({ weightLifted: 137.79 }));
  });
});

describe('an imperial user', () => {
  it('defaults to the browser locale when the profile has no choice (jsdom: en-US, imperial)', async () => {
    const store = seedStore({ profile: { currentWeight: 180 } });
    renderDashboard(store);
    const card = await section('Weight Tracking');
    expect(within(card).getByText('lbs')).toBeInTheDocument();
  });
});

describe('the weight chart', () => {
  it('has a text alternative in the viewer units: a summary and a table of every weigh-in', async () => {
    const store = seedStore({
      profile: { unitSystem: 'metric', height: 70.87, currentWeight: 176.37 },
      weights: {
        w1: { weight: 185.19, timestamp: at(2026, 3, 1, 8) },
        w2: { weight: 180, timestamp: at(2026, 3, 1, 8, 5) },
        w3: { weight: 176.37, timestamp: at(2026, 3, 10, 8) },
      },
    });
    renderDashboard(store);
    const figure = await screen.findByRole('figure', { name: /weigh-ins/ });
    expect(figure).toHaveAccessibleName(
      /^3 weigh-ins from .+: weight from 84 kg to 80 kg; BMI from 25\.9 to 24\.7\.$/,
    );
    const table = within(figure).getByRole('table', { name: 'Weight records' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByRole('columnheader', { name: 'Weight (kg)' })).toBeInTheDocument();
  });
});
