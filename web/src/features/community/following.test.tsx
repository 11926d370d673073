import { paths } from '@fit/shared/model';
import { periodKey } from '@fit/shared/periods';
import type { DocData } from '@fit/shared/store';
import { MESSAGES } from '@fit/shared/validation';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { board, feedActivity, feedPost, ME, MemoryStore, NOW, renderPage } from '../../../test/community.tsx';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function entry(uid: string, minutes: number, visible = true): Record<string, DocData> {
  const key = periodKey('daily', NOW, 'UTC');
  return {
    [paths.boardEntry(key, uid)]: {
      uid,
      periodKey: key,
      kind: 'daily',
      userName: `User ${uid}`,
      reps: 0,
      minutes,
      calories: 0,
      visible,
      asOf: NOW,
    },
  };
}

function seed(): Record<string, DocData> {
  return {
    ...feedPost('ann', 'p1', 'Ann was here', NOW - 60_000),
    ...feedPost('bob', 'p2', 'Bob was here', NOW - 120_000),
    ...feedActivity('ann', 'r1', NOW - 60_000, { activityType: 'Running' }),
    ...feedActivity('bob', 'r2', NOW - 60_000, { activityType: 'Rowing' }),
    ...board('daily', NOW, {
      minutes: [
        { uid: 'bob', userName: 'User bob', value: 90 },
        { uid: 'ann', userName: 'User ann', value: 30 },
      ],
    }),
    ...board('weekly', NOW),
    ...board('monthly', NOW),
    ...entry('ann', 30),
    ...entry('bob', 90),
    [paths.follow(ME.uid, 'ann')]: { uid: 'ann', createdAt: NOW },
  };
}

describe('Everyone or Following', () => {
  it("Following shows only the followed people's posts, activities and board places", async () => {
    renderPage(new MemoryStore(seed()), {}, ME, '/community?show=following');
    expect(screen.getByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
    const table = await screen.findByRole('table', { name: 'Recent activities' });
    await waitFor(() => expect(within(table).getByText('Running')).toBeInTheDocument());
    expect(within(table).queryByText('Rowing')).toBeNull();
    await screen.findByText('Ann was here');
    expect(screen.queryByText('Bob was here')).toBeNull();
    const minutes = screen.getByRole('region', { name: 'Minutes' });
    await waitFor(() => expect(within(minutes).getByText('User ann')).toBeInTheDocument());
    expect(within(minutes).queryByText('User bob')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Everyone' }));
    await screen.findByText('Bob was here');
    await waitFor(() => expect(within(minutes).getByText('User bob')).toBeInTheDocument());
  });

  it('Following nobody says how to follow someone', async () => {
    const store = new MemoryStore({
      ...board('daily', NOW),
      ...board('weekly', NOW),
      ...board('monthly', NOW),
    });
    renderPage(store, {}, ME, '/community?show=following');
    expect(await screen.findByTestId('following-none')).toHaveTextContent('You follow no one yet.');
  });

  it("a name's menu follows and unfollows the person (only my own follow document)", async () => {
    const store = new MemoryStore(seed());
    renderPage(store);
    const table = await screen.findByRole('table', { name: 'Recent activities' });
    const bob = await within(table).findByRole('button', { name: 'User bob' });
    const choose = async (name: string) => {
      const item = await screen.findByRole('menuitem', { name });
      // Enabled once whom I follow is known.
      await waitFor(() => expect(item).not.toHaveAttribute('aria-disabled'));
      fireEvent.click(item);
    };
    fireEvent.click(bob);
    await choose('Follow User bob');
    await waitFor(() => expect(store.snapshot()[paths.follow(ME.uid, 'bob')]).toMatchObject({ uid: 'bob' }));
    fireEvent.click(bob);
    await choose('Unfollow User bob');
    await waitFor(() => expect(store.snapshot()[paths.follow(ME.uid, 'bob')]).toBeUndefined());
    expect(Object.keys(store.snapshot()).filter((p) => p.includes('/following/'))).toEqual([
      paths.follow(ME.uid, 'ann'),
    ]);
  });

  it('an unverified person is told why they cannot follow, and nothing is written', async () => {
    const store = new MemoryStore(seed());
    renderPage(store, {}, { ...ME, emailVerified: false });
    const table = await screen.findByRole('table', { name: 'Recent activities' });
    fireEvent.click(await within(table).findByRole('button', { name: 'User bob' }));
    const item = await screen.findByRole('menuitem', { name: 'Follow User bob' });
    await waitFor(() => expect(item).not.toHaveAttribute('aria-disabled'));
    fireEvent.click(item);
    expect(await screen.findByText(MESSAGES.followUnverified)).toBeInTheDocument();
    expect(store.snapshot()[paths.follow(ME.uid, 'bob')]).toBeUndefined();
  });

  it('my own name offers my profile, never a follow', async () => {
    const store = new MemoryStore({
      ...feedActivity(ME.uid, 'mine', NOW - 60_000, { userName: 'Me Myself' }),
    });
    renderPage(store);
    const table = await screen.findByRole('table', { name: 'Recent activities' });
    fireEvent.click(await within(table).findByRole('button', { name: 'Me Myself' }));
    expect(await screen.findByRole('menuitem', { name: 'View profile' })).toHaveAttribute(
      'href',
      `/people/${ME.uid}`,
    );
    expect(screen.queryByRole('menuitem', { name: /Follow/ })).toBeNull();
  });
});
