/**
 * Firestore queues writes made offline and the form says they are saved; when one reaches the
 * server and is refused, the signed-in frame must say so (once, until dismissed) instead of the
 * change vanishing with only a console line.
 */
import { paths } from '@fit/shared/model';
import { MemoryStore } from '@fit/shared/testing/memory-store';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { countFeed } from './count-feed.ts';
import { FakeAuth } from './fake-auth.ts';
import { renderApp } from './render.tsx';

vi.mock('../src/features/community/CommunityPage.tsx', () => import('./stub-pages.tsx'));

describe('writes refused after they were queued offline', () => {
  it('are announced in the frame until dismissed, and again when another is refused', async () => {
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
        watchRefusedWrites: feed.watch,
      },
    });
    await screen.findByRole('heading', { name: 'Community stub' }, { timeout: 30_000 });
    expect(screen.queryByText(/refused by the server/)).toBeNull();

    act(() => feed.emit(1));
    expect(
      await screen.findByText(
        /A change saved while offline was refused by the server/,
        {},
        { timeout: 30_000 },
      ),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText(/refused by the server/)).toBeNull();

    act(() => feed.emit(3));
    expect(
      await screen.findByText(/^2 changes saved while offline were refused/, {}, { timeout: 30_000 }),
    ).toBeVisible();
  });
});
