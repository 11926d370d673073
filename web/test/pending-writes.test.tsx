/**
 * Firebase mode: while writes made offline wait for the server, the top bar says so; the marker is
 * a chunk of its own (fetched after the first paint), so this also holds that it still arrives.
 */
import { paths } from '@fit/shared/model';
import { MemoryStore } from '@fit/shared/testing/memory-store';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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
