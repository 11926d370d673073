/**
 * Saves that wait to sync (data/save.ts): offline, a save is let go of at once; the form is usable
 * again and says so, the top bar counts it, and Logout asks before erasing it. When the server later
 * refuses it, the frame says the form's spec message; a refusal the form is still waiting for
 * shows in the form, not the frame.
 */
import { paths } from '@fit/shared/model';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { unsentChangesMessage } from '../src/app/AppLayout.tsx';
import { WAITING_TO_SYNC } from '../src/data/save.ts';
import { FakeAuth } from './fake-auth.ts';
import { HeldStore } from './held-store.ts';
import { renderApp, warmRoutes } from './render.tsx';

vi.mock('../src/features/dashboard/DashboardPage.tsx', () => import('./stub-pages.tsx'));
vi.mock('../src/features/progress/ProgressSection.tsx', () => import('./stub-pages.tsx'));
vi.mock('../src/features/community/CommunityPage.tsx', () => import('./stub-pages.tsx'));

beforeAll(() => warmRoutes('/account'));

const CHIP = 'Saved offline, syncing…';
let onLine: MockInstance<() => boolean> | undefined;

/** The browser says it is offline (navigator.onLine and its event, which TanStack Query hears). */
function goOffline() {
  onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
}

afterEach(() => {
  onLine?.mockRestore();
  onLine = undefined;
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
});

function kim(hasUnsentWrites?: () => Promise<boolean>) {
  const auth = new FakeAuth();
  auth.addUser('kim@example.com', { uid: 'kim', verified: true, signedIn: true });
  const store = new HeldStore({
    [paths.user('kim')]: { userId: 'kim', email: 'kim@example.com', createdAt: 1, displayName: 'Kim' },
  });
  const ended = vi.fn();
  const app = renderApp('/account', {
    auth,
    store,
    onSessionEnd: ended,
    ...(hasUnsentWrites ? { backend: { hasUnsentWrites } } : {}),
  });
  return { app, store, ended };
}

/** Saves a daily goal of `target` from the account page; resolves with the section. */
async function saveGoal(target: string) {
  const goal = within(await screen.findByRole('region', { name: 'Your Daily Goal' }));
  fireEvent.change(goal.getByRole('spinbutton', { name: 'Target' }), { target: { value: target } });
  fireEvent.click(goal.getByRole('button', { name: 'Save Goal' }));
  return goal;
}

describe('a save while offline', () => {
  it('lets the form go at once, says it waits to sync, and the top bar counts it until the server has it', async () => {
    const { store } = kim();
    await screen.findByRole('region', { name: 'Your Daily Goal' });
    expect(screen.queryByText(CHIP)).toBeNull();
    goOffline();
    const goal = await saveGoal('40');
    expect(await goal.findByText(WAITING_TO_SYNC)).toBeInTheDocument();
    expect(goal.getByRole('button', { name: 'Save Goal' })).toBeEnabled();
    expect(await screen.findByText(CHIP)).toBeInTheDocument();
    expect(store.waiting).toBe(1);

    act(() => store.release());
    await waitFor(() => expect(screen.queryByText(CHIP)).toBeNull());
    expect(await goal.findByText('Goal saved successfully!')).toBeInTheDocument();
    expect((await store.get(paths.goal('kim')))?.data).toEqual({ target: '40', type: 'minutes' });
  });

  it('still waits once the browser is back online, until the server has it', async () => {
    const { store } = kim();
    goOffline();
    const goal = await saveGoal('40');
    await goal.findByText(WAITING_TO_SYNC);
    expect(await screen.findByText(CHIP)).toBeInTheDocument();
    onLine?.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.getByText(CHIP)).toBeInTheDocument();
    act(() => store.release());
    await waitFor(() => expect(screen.queryByText(CHIP)).toBeNull());
  });

  it('is refused later: the frame says the spec message until dismissed, and nothing was written', async () => {
    const { store } = kim();
    goOffline();
    const goal = await saveGoal('40');
    await goal.findByText(WAITING_TO_SYNC);
    act(() => store.refuse());
    const alert = await screen.findByText('Failed to save goal.');
    expect(screen.getByRole('main').contains(alert)).toBe(true);
    // Said once, by the frame: the form's "waiting" went with it.
    expect(screen.getAllByText('Failed to save goal.')).toHaveLength(1);
    expect(goal.queryByText(WAITING_TO_SYNC)).toBeNull();
    expect(screen.queryByText(CHIP)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('Failed to save goal.')).toBeNull());
    expect(await store.get(paths.goal('kim'))).toBeNull();
  });
});

describe('a save the server answers while its form still waits', () => {
  it('shows a refusal in the form, not in the frame, and counts nothing as waiting', async () => {
    const { store } = kim();
    const goal = await saveGoal('40');
    await waitFor(() => expect(goal.getByRole('button', { name: 'Save Goal' })).toBeDisabled());
    act(() => store.refuse());
    expect(await goal.findByText('Failed to save goal.')).toBeInTheDocument();
    expect(screen.getAllByText('Failed to save goal.')).toHaveLength(1);
    expect(goal.getByRole('button', { name: 'Save Goal' })).toBeEnabled();
    expect(screen.queryByText(CHIP)).toBeNull();
  });
});

describe('logging out while saves wait to sync', () => {
  it('asks first, since logging out erases them from this device: Cancel keeps the session', async () => {
    const { app, ended } = kim();
    goOffline();
    await (await saveGoal('40')).findByText(WAITING_TO_SYNC);
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));

    const dialog = await screen.findByRole('dialog', { name: 'Log out and lose unsent changes?' });
    expect(dialog).toHaveAccessibleDescription(unsentChangesMessage(1));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.auth.current?.uid).toBe('kim');
    expect(app.path()).toBe('/account');
    expect(ended).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    const again = await screen.findByRole('dialog', { name: 'Log out and lose unsent changes?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Log out anyway' }));
    await waitFor(() => expect(app.path()).toBe('/login'));
    expect(app.auth.current).toBeNull();
    await waitFor(() => expect(ended.mock.calls).toEqual([['kim']]));
  });

  it('closes the question when the changes reach the server meanwhile', async () => {
    const { app, store, ended } = kim();
    goOffline();
    await (await saveGoal('40')).findByText(WAITING_TO_SYNC);
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await screen.findByRole('dialog', { name: 'Log out and lose unsent changes?' });
    act(() => store.release());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.path()).toBe('/account');
    expect(ended).not.toHaveBeenCalled();
  });

  it('logs out at once once they have synced', async () => {
    const { app, store } = kim();
    goOffline();
    await (await saveGoal('40')).findByText(WAITING_TO_SYNC);
    act(() => store.release());
    await waitFor(() => expect(screen.queryByText(CHIP)).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(app.path()).toBe('/login'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks too when only the SDK knows of unsent changes (another tab, an earlier page load)', async () => {
    const unsent = vi.fn(async () => true);
    const { app, ended } = kim(unsent);
    await screen.findByRole('region', { name: 'Your Daily Goal' });
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out and lose unsent changes?' });
    expect(dialog).toHaveAccessibleDescription(unsentChangesMessage(0));
    expect(unsentChangesMessage(0)).toMatch(/^Changes made offline have not reached the server yet\./);
    expect(unsent).toHaveBeenCalledTimes(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Logout' })).toBeEnabled();
    expect(app.path()).toBe('/account');
    expect(ended).not.toHaveBeenCalled();
  });

  it('logs out without asking when the SDK has nothing unsent', async () => {
    const unsent = vi.fn(async () => false);
    const { app } = kim(unsent);
    await screen.findByRole('region', { name: 'Your Daily Goal' });
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(app.path()).toBe('/login'));
    expect(unsent).toHaveBeenCalledTimes(1);
  });

  it('says one change in the singular, and more in the plural', () => {
    expect(unsentChangesMessage(1)).toMatch(
      /^1 change made offline has not reached the server yet\. Logging out erases it from this device, so it will not be saved\./,
    );
    expect(unsentChangesMessage(2)).toMatch(/^2 changes made offline have not reached the server yet\./);
  });
});
