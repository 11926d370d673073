/** While writes made offline wait in Firestore's queue for the server, the top bar says so. */
import { paths } from '@fit/shared/model';
import { MemoryStore } from '@fit/shared/testing/memory-store';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { unsentChangesMessage } from '../src/app/LogoutConfirm.tsx';
import { countFeed } from './count-feed.ts';
import { FakeAuth } from './fake-auth.ts';
import { renderApp } from './render.tsx';

vi.mock('../src/features/community/CommunityPage.tsx', () => import('./stub-pages.tsx'));

describe('the top bar while writes wait to sync', () => {
  it('shows the marker while any write is pending, and not before or after', async () => {
    const auth = new FakeAuth();
    auth.addUser('kim@example.com', { uid: 'kim', verified: true, signedIn: true });
    const store = new MemoryStore({
      [paths.user('kim')]: { userId: 'kim', email: 'kim@example.com', createdAt: 1, displayName: 'Kim' },
    });
    const feed = countFeed(); // as the adapter's watcher (count-feed.ts)
    renderApp('/community', {
      auth,
      store,
      backend: {
        watchPendingWrites: feed.watch,
      },
    });
    await screen.findByRole('heading', { name: 'Community stub' }, { timeout: 10_000 });
    expect(screen.queryByText('Saved offline, syncing…')).toBeNull();

    act(() => feed.emit(2));
    expect(await screen.findByText('Saved offline, syncing…', {}, { timeout: 5000 })).toBeInTheDocument();

    act(() => feed.emit(0));
    await waitFor(() => expect(screen.queryByText('Saved offline, syncing…')).toBeNull());
  });
});

describe('logging out while writes wait to sync', () => {
  function kimWithPending(hasUnsentWrites?: () => Promise<boolean>) {
    const auth = new FakeAuth();
    auth.addUser('kim@example.com', { uid: 'kim', verified: true, signedIn: true });
    const store = new MemoryStore({
      [paths.user('kim')]: { userId: 'kim', email: 'kim@example.com', createdAt: 1, displayName: 'Kim' },
    });
    const feed = countFeed();
    const ended = vi.fn();
    const app = renderApp('/community', {
      auth,
      store,
      backend: { watchPendingWrites: feed.watch, hasUnsentWrites },
      onSessionEnd: ended,
    });
    return { app, feed, ended };
  }

  it('asks first, since logging out erases them from this device: Cancel keeps the session', async () => {
    const { app, feed, ended } = kimWithPending();
    await screen.findByRole('heading', { name: 'Community stub' }, { timeout: 10_000 });
    act(() => feed.emit(2));
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));

    const dialog = await screen.findByRole('dialog', { name: 'Log out and lose unsent changes?' });
    expect(dialog).toHaveAccessibleDescription(unsentChangesMessage(2));
    expect(unsentChangesMessage(2)).toMatch(/^2 changes made offline have not reached the server yet\./);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.auth.current?.uid).toBe('kim');
    expect(app.path()).toBe('/community');
    expect(ended).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    const again = await screen.findByRole('dialog', { name: 'Log out and lose unsent changes?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Log out anyway' }));
    await waitFor(() => expect(app.path()).toBe('/login'));
    expect(app.auth.current).toBeNull();
    await waitFor(() => expect(ended.mock.calls).toEqual([['kim']]));
  }, 30_000);

  it('closes the question when the counted changes reach the server meanwhile', async () => {
    const { app, feed, ended } = kimWithPending();
    await screen.findByRole('heading', { name: 'Community stub' }, { timeout: 10_000 });
    act(() => feed.emit(1));
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await screen.findByRole('dialog', { name: 'Log out and lose unsent changes?' });
    act(() => feed.emit(0));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.path()).toBe('/community');
    expect(ended).not.toHaveBeenCalled();
  });

  it('logs out at once once they have synced', async () => {
    const { app, feed } = kimWithPending();
    await screen.findByRole('heading', { name: 'Community stub' }, { timeout: 10_000 });
    act(() => feed.emit(1));
    act(() => feed.emit(0));
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(app.path()).toBe('/login'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks too when only the SDK knows of unsent changes (another tab, an earlier page load)', async () => {
    const unsent = vi.fn(async () => true);
    const { app, ended } = kimWithPending(unsent);
    await screen.findByRole('heading', { name: 'Community stub' }, { timeout: 10_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out and lose unsent changes?' });
    expect(dialog).toHaveAccessibleDescription(unsentChangesMessage(0));
    expect(unsentChangesMessage(0)).toMatch(/^Changes made offline have not reached the server yet\./);
    expect(unsent).toHaveBeenCalledTimes(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Logout' })).toBeEnabled();
    expect(app.path()).toBe('/community');
    expect(ended).not.toHaveBeenCalled();
  });

  it('logs out without asking when the SDK has nothing unsent', async () => {
    const unsent = vi.fn(async () => false);
    const { app } = kimWithPending(unsent);
    await screen.findByRole('heading', { name: 'Community stub' }, { timeout: 10_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(app.path()).toBe('/login'));
    expect(unsent).toHaveBeenCalledTimes(1);
  });

  it('says one change in the singular', () => {
    expect(unsentChangesMessage(1)).toMatch(
      /^1 change made offline has not reached the server yet\. Logging out erases it from this device, so it will not be saved\./,
    );
  });
});
