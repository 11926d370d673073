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
import { UNDO_MESSAGES } from './UndoDeleteSnackbar.tsx';

beforeEach(() => freezeClock());
afterEach(() => vi.useRealTimers());

function rowsOf(table: HTMLElement): HTMLElement[] {
  return [...table.querySelectorAll<HTMLElement>('tbody tr')];
}

async function deleteFrom(dialogName: string) {
  const dialog = await screen.findByRole('dialog', { name: dialogName });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
}

describe('Undo a delete', () => {
  it('puts a deleted activity back as it was, under its own id', async () => {
    const logged = activityDoc({ activityType: 'Yoga', time: 30, timestamp: at(2026, 3, 11, 8) });
    const store = seedStore({ activities: { a: { ...logged, loggedAt: at(2026, 3, 11, 9) } } });
    renderDashboard(store);
    const table = await screen.findByRole('table', { name: 'Recent activities' });
    await waitFor(() => expect(rowsOf(table)).toHaveLength(1));
    fireEvent.click(rowsOf(table)[0] as HTMLElement);
    await deleteFrom('Activity Details');
    await waitFor(() => expect(store.doc(paths.rep(UID, 'a'))).toBeUndefined());
    expect(await screen.findByText(UNDO_MESSAGES.activity)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(store.doc(paths.rep(UID, 'a'))).toEqual({ ...logged, loggedAt: at(2026, 3, 11, 9) }),
    );
    const back = await screen.findByRole('table', { name: 'Recent activities' });
    await waitFor(() => expect(rowsOf(back)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull());
  });

  it('an activity without loggedAt comes back with one (a past time needs it), an import with a new importedAt', async () => {
    const plain = activityDoc({ activityType: 'Running', time: 20, timestamp: at(2026, 3, 10) });
    const imported = { ...plain, timestamp: at(2026, 3, 9), importedAt: at(2026, 3, 9, 10) };
    const store = seedStore({ activities: { p: plain, i: imported } });
    renderDashboard(store);
    const table = await screen.findByRole('table', { name: 'Recent activities' });
    await waitFor(() => expect(rowsOf(table)).toHaveLength(2));
    for (const [index, id] of [[1, 'i'] as const, [0, 'p'] as const]) {
      fireEvent.click(rowsOf(table)[index] as HTMLElement);
      await deleteFrom('Activity Details');
      await waitFor(() => expect(store.doc(paths.rep(UID, id))).toBeUndefined());
      fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
      await waitFor(() => expect(store.doc(paths.rep(UID, id))).toBeDefined());
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull());
    }
    expect(store.doc(paths.rep(UID, 'p'))).toEqual({ ...plain, loggedAt: NOW });
    expect(store.doc(paths.rep(UID, 'i'))).toEqual({ ...imported, importedAt: NOW, loggedAt: NOW });
  });

  it('a weigh-in comes back and the current weight follows it when it is the newest', async () => {
    const store = seedStore({
      profile: { currentWeight: 190 },
      weights: {
        w1: { weight: 200, timestamp: at(2026, 3, 1) },
        w3: { weight: 190, timestamp: at(2026, 3, 10), loggedAt: at(2026, 3, 10) },
      },
    });
    renderDashboard(store);
    const card = await screen.findByRole('region', { name: 'Weight Tracking' });
    fireEvent.click(await within(card).findByText('190 lbs'));
    await deleteFrom('Weight Record Details');
    await waitFor(() => expect(store.doc(paths.user(UID))?.currentWeight).toBe(200));
    expect(await screen.findByText(UNDO_MESSAGES.weight)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(store.doc(paths.user(UID))?.currentWeight).toBe(190));
    expect(store.doc(paths.weightRecord(UID, 'w3'))).toEqual({
      weight: 190,
      timestamp: at(2026, 3, 10),
      loggedAt: at(2026, 3, 10),
    });
  });

  // The rules check a restore as a new entry, against today's catalogue and limits: an activity
  // they would refuse cannot come back as it was, so Undo is not offered and the page says why.
  it.each([
    ['whose name left the catalogue', { activityType: 'Jazzercise', time: 30 }, 'catalogue' as const],
    [
      'logged before its limits (Yoga over 180 minutes)',
      { activityType: 'Yoga', time: 240 },
      'limits' as const,
    ],
    [
      'dated ahead of now (stored before the rules checked)',
      { activityType: 'Yoga', time: 30, timestamp: NOW + 2 * 86_400_000 },
      'date' as const,
    ],
  ])('an activity %s: the popup warns, the delete says Undo is not available', async (_what, fields, why) => {
    const legacy = activityDoc({ timestamp: at(2026, 3, 11, 8), ...fields });
    const store = seedStore({ activities: { a: legacy } });
    renderDashboard(store);
    const table = await screen.findByRole('table', { name: 'Recent activities' });
    await waitFor(() => expect(rowsOf(table)).toHaveLength(1));
    fireEvent.click(rowsOf(table)[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Activity Details' });
    expect(within(dialog).getByText(UNDO_MESSAGES.warning(why))).toBeInTheDocument();
    await deleteFrom('Activity Details');
    await waitFor(() => expect(store.doc(paths.rep(UID, 'a'))).toBeUndefined());
    expect(await screen.findByText(UNDO_MESSAGES.noUndo(why))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('Dismiss leaves the delete as it is; a failed Undo says so', async () => {
    const store = seedStore({
      activities: {
        a: activityDoc({ activityType: 'Yoga', time: 30, timestamp: at(2026, 3, 11, 8) }),
        b: activityDoc({ activityType: 'Yoga', time: 20, timestamp: at(2026, 3, 11, 7) }),
      },
    });
    renderDashboard(store);
    const table = await screen.findByRole('table', { name: 'Recent activities' });
    await waitFor(() => expect(rowsOf(table)).toHaveLength(2));
    fireEvent.click(rowsOf(table)[0] as HTMLElement);
    await deleteFrom('Activity Details');
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull());
    expect(store.doc(paths.rep(UID, 'a'))).toBeUndefined();

    await waitFor(() => expect(rowsOf(table)).toHaveLength(1));
    fireEvent.click(rowsOf(table)[0] as HTMLElement);
    await deleteFrom('Activity Details');
    await waitFor(() => expect(store.doc(paths.rep(UID, 'b'))).toBeUndefined());
    store.failCommit = () => true;
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText(UNDO_MESSAGES.failed)).toBeInTheDocument();
    expect(store.doc(paths.rep(UID, 'b'))).toBeUndefined();
  });
});
