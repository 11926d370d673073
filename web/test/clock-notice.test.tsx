/**
 * A device clock off by more than the rules allow makes the server refuse every save that carries
 * the device's time. Such a refusal then says why in a toast; one with a right clock, or of a save
 * carrying no time the rules check (a goal), does not.
 */
import { ALERT_SAVE_GOAL, ALERT_SAVE_PROFILE } from '@fit/shared/messages';
import { paths } from '@fit/shared/model';
import { changesCheckedTime, StoreError, type WriteOp } from '@fit/shared/store';
import { MemoryStore } from '@fit/shared/testing/memory-store';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clockOffMessage } from '../src/components/ClockNotice.tsx';
import { FakeAuth } from './fake-auth.ts';
import { renderApp, warmRoutes } from './render.tsx';

vi.mock('../src/features/dashboard/DashboardPage.tsx', () => import('./stub-pages.tsx'));
vi.mock('../src/features/progress/ProgressSection.tsx', () => import('./stub-pages.tsx'));
vi.mock('../src/features/community/CommunityPage.tsx', () => import('./stub-pages.tsx'));

beforeAll(() => warmRoutes('/account'));
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const MINUTE = 60_000;
const REFUSED = ALERT_SAVE_PROFILE;

/** The rules' answer to every write, marked as the Firestore adapter marks it. */
class RefusingStore extends MemoryStore {
  override async commit(writes: readonly WriteOp[]): Promise<void> {
    throw new StoreError(
      'permission-denied',
      'test: refused by the rules',
      writes.some((op) => changesCheckedTime(op, null)),
    );
  }
}

function renderRefusing(clockOffsetMs: number) {
  const auth = new FakeAuth();
  auth.addUser('kim@example.com', { uid: 'kim', verified: true, signedIn: true });
  auth.clockOffsetMs = clockOffsetMs;
  // No createdAt (the sign-up write failed): the profile's next save sets it, a time the rules check.
  const store = new RefusingStore({
    [paths.user('kim')]: { userId: 'kim', email: 'kim@example.com', displayName: 'Kim' },
  });
  renderApp('/account', { auth, store });
  return auth;
}

/** A refused save that carries the device's time (the profile's createdAt). */
async function refusedTimedSave(clockOffsetMs: number) {
  const auth = renderRefusing(clockOffsetMs);
  const info = within(await screen.findByRole('region', { name: 'Your Information' }));
  const save = async (name: string) => {
    fireEvent.change(info.getByRole('textbox', { name: 'Display Name' }), { target: { value: name } });
    fireEvent.click(info.getByRole('button', { name: 'Save Profile' }));
    expect(await info.findByText(REFUSED)).toBeInTheDocument();
  };
  await save('Kim A');
  return { auth, save };
}

describe('a save refused while the device clock is off', () => {
  it('says the clock is ahead, by how much, and what to do', async () => {
    await refusedTimedSave(10 * MINUTE + 1500);
    const toast = await screen.findByText(clockOffMessage(10 * MINUTE));
    expect(toast.textContent).toBe(
      "FitTrack refused the save because this device's clock is 10 minutes ahead. Set the date and time to automatic, then try again.",
    );
  });

  it('says so for a clock hours behind', async () => {
    await refusedTimedSave(-3 * 60 * MINUTE);
    expect(await screen.findByText(/clock is about 3 hours behind\./)).toBeInTheDocument();
  });

  it('says nothing of the clock when it is within the rules’ slack', async () => {
    const auth = vi.spyOn(FakeAuth.prototype, 'clockOffset');
    await refusedTimedSave(4 * MINUTE);
    // Asked, and found right: the form's own message is all.
    await vi.waitFor(() => expect(auth).toHaveBeenCalled());
    await expect(auth.mock.results[0]?.value).resolves.toBe(4 * MINUTE);
    expect(screen.queryByText(/device's clock/)).toBeNull();
  });
});

describe('a refused save that carries no time the rules check', () => {
  it('says nothing of the clock, even when it is off (a goal save)', async () => {
    const asked = vi.spyOn(FakeAuth.prototype, 'clockOffset');
    renderRefusing(10 * MINUTE);
    const goal = within(await screen.findByRole('region', { name: 'Your Daily Goal' }));
    fireEvent.change(goal.getByRole('spinbutton', { name: 'Target' }), { target: { value: '40' } });
    fireEvent.click(goal.getByRole('button', { name: 'Save Goal' }));
    expect(await goal.findByText(ALERT_SAVE_GOAL)).toBeInTheDocument();
    // The clock is checked as the refusal arrives, before the form shows it: not at all here.
    expect(asked).not.toHaveBeenCalled();
    expect(screen.queryByText(/device's clock/)).toBeNull();
  });
});

describe('refusals one after another', () => {
  // Each fresh token restarts Firestore's streams (every listener) in every tab.
  it('ask the server for its time once while the clock stays as it was', async () => {
    const asked = vi.spyOn(FakeAuth.prototype, 'clockOffset');
    const { save } = await refusedTimedSave(10 * MINUTE);
    const toast = clockOffMessage(10 * MINUTE);
    const alert = (await screen.findByText(toast)).closest<HTMLElement>('[role="alert"]');
    fireEvent.click(within(alert as HTMLElement).getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(screen.queryByText(toast)).toBeNull());
    await save('Kim B');
    await save('Kim C');
    expect(await screen.findByText(toast)).toBeInTheDocument();
    expect(asked).toHaveBeenCalledTimes(1);
  });

  it('ask again once the clock was set since', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { auth, save } = await refusedTimedSave(10 * MINUTE);
    const toast = clockOffMessage(10 * MINUTE);
    await screen.findByText(toast);
    // Set to automatic: the clock jumps back 10 minutes, and the next refusal has another reason.
    vi.setSystemTime(Date.now() - 10 * MINUTE);
    auth.clockOffsetMs = 0;
    await save('Kim B');
    await vi.waitFor(() => expect(screen.queryByText(toast)).toBeNull());
  });
});

describe('an import refused while the device clock is off', () => {
  // Its parts carry `importedAt`, the device's time: refused with a clock off either way.
  it('says the clock is why, not only that the file was refused', async () => {
    const auth = new FakeAuth();
    auth.addUser('kim@example.com', { uid: 'kim', verified: true, signedIn: true });
    auth.clockOffsetMs = -20 * MINUTE;
    const store = new MemoryStore({
      [paths.user('kim')]: { userId: 'kim', email: 'kim@example.com', createdAt: 1, displayName: 'Kim' },
    });
    const commit = store.commit.bind(store);
    vi.spyOn(store, 'commit').mockImplementation(async (writes) => {
      if (writes.some((w) => w.path.includes('/reps/')))
        throw new StoreError(
          'permission-denied',
          'test: refused by the rules',
          writes.some((op) => changesCheckedTime(op, null)),
        );
      return commit(writes);
    });
    renderApp('/account', { auth, store });
    const user = userEvent.setup();
    const data = within(await screen.findByRole('region', { name: 'Your Data' }));
    const csv = ['Date,Activity,Reps,Minutes', '2026-01-10 07:30,Push Ups,10,5'].join('\n');
    await user.upload(data.getByTestId('import-file'), new File([csv], 'mine.csv', { type: 'text/csv' }));
    const preview = within(await screen.findByRole('dialog', { name: 'Import preview' }));
    await user.click(preview.getByRole('button', { name: 'Import' }));
    expect(await data.findByText(/The server refused this file's data/)).toBeInTheDocument();
    expect(await screen.findByText(clockOffMessage(-20 * MINUTE))).toBeInTheDocument();
  }, 40_000);
});
