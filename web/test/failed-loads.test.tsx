/**
 * Loads that fail must end in the section's spec message, once, in place and with Retry, instead
 * of a placeholder for ever: a server that never answers (down, or paused), a server error
 * (retried once, quickly), a refusal (not retried). The page comes back by itself once the server
 * answers again; a save that gets no answer waits to sync (the form usable again), and ends in its
 * spec message if the server then refuses it; the top bar and nav stay. Live listeners stop with the last screen that shows them. Whole app:
 * real routes, guards, QueryClient and pages.
 */
import { paths } from '@fit/shared/model';
import type { DocSnapshot, QuerySpec, Unsubscribe } from '@fit/shared/store';
import { StoreError } from '@fit/shared/store';
import { type ManagedTimerId, timeoutManager } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { UNREACHABLE } from '../src/components/OfflineNotice.tsx';
import { ShellStatus } from '../src/components/ShellStatus.tsx';
import { loadLimits } from '../src/data/live-query.ts';
import { WAITING_TO_SYNC } from '../src/data/save.ts';
import { FakeAuth } from './fake-auth.ts';
import { HeldStore } from './held-store.ts';
import { renderApp, warmRoutes } from './render.tsx';

const UID = 'ann';
const PROFILE = {
  [paths.user(UID)]: { userId: UID, email: 'ann@example.com', createdAt: 1, displayName: 'Ann' },
  [paths.goal(UID)]: { target: '30', type: 'minutes' },
};

type Mode = 'answer' | 'hang' | 'internal' | 'permission-denied';

// The background recovery (TanStack Query's only interval, `refetchInterval`) runs when a test calls
// `recoveryPeriod`: a short real one restarted the page's deferred render of the failure at every
// attempt, so a loaded machine showed it only after 30 s; and on its own it would hide what Retry does.
const recoveryTimers = new Map<number, () => void>();
let lastTimer = 0;
timeoutManager.setTimeoutProvider<ManagedTimerId>({
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
  setInterval: (callback) => {
    recoveryTimers.set(++lastTimer, callback);
    return lastTimer;
  },
  clearInterval: (id) => {
    recoveryTimers.delete(Number(id));
  },
});

/** One period of the background recovery: each failing load on screen tries again (one at a time). */
function recoveryPeriod() {
  for (const fire of [...recoveryTimers.values()]) fire();
}

/**
 * A MemoryStore whose reads can hang or fail, counting the listeners started and still running;
 * its commits go through unless held (HeldStore: a server that does not answer).
 */
class FlakyStore extends HeldStore {
  mode: Mode = 'answer';
  override hold = false;
  started = new Map<string, number>();
  running = new Map<string, number>();

  private bump(map: Map<string, number>, key: string, by: number) {
    map.set(key, (map.get(key) ?? 0) + by);
  }

  /** `onError` is this listener's own: each refused listener hears of its own refusal. */
  private track(key: string, start: () => Unsubscribe, onError: (error: StoreError) => void): Unsubscribe {
    this.bump(this.started, key, 1);
    if (this.mode === 'hang') return () => {};
    if (this.mode !== 'answer') {
      const code = this.mode;
      queueMicrotask(() => onError(new StoreError(code, 'test: listen refused')));
      return () => {};
    }
    this.bump(this.running, key, 1);
    const stop = start();
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      this.bump(this.running, key, -1);
      stop();
    };
  }

  private read<T>(call: () => Promise<T>): Promise<T> {
    if (this.mode === 'hang') return new Promise<T>(() => {});
    if (this.mode !== 'answer') return Promise.reject(new StoreError(this.mode, 'test: refused'));
    return call();
  }

  override get(path: string) {
    return this.read(() => super.get(path));
  }
  override query(spec: QuerySpec) {
    return this.read(() => super.query(spec));
  }
  override aggregate(...args: Parameters<HeldStore['aggregate']>) {
    return this.read(() => super.aggregate(...args));
  }
  override listen(
    spec: QuerySpec,
    onNext: (docs: DocSnapshot[]) => void,
    onError: (error: StoreError) => void,
  ): Unsubscribe {
    return this.track(spec.collection, () => super.listen(spec, onNext, onError), onError);
  }
  override listenDoc(
    path: string,
    onNext: (doc: DocSnapshot | null) => void,
    onError: (error: StoreError) => void,
  ): Unsubscribe {
    return this.track(path, () => super.listenDoc(path, onNext, onError), onError);
  }
}

function setup(path: string, mode: Mode) {
  const auth = new FakeAuth();
  auth.addUser('ann@example.com', { uid: UID, verified: true, signedIn: true });
  const store = new FlakyStore(PROFILE);
  serverWill(store, mode);
  const app = renderApp(path, { auth, store });
  return { ...app, store };
}

/** A hanging server is given up on quickly; any other load keeps a limit no busy machine reaches. */
function serverWill(store: FlakyStore, mode: Mode) {
  store.mode = mode;
  loadLimits.timeoutMs = mode === 'hang' ? 400 : 60_000;
}

async function card(name: string) {
  return within(await screen.findByRole('region', { name }));
}

const COMMUNITY_SECTIONS = ['Leaderboards', 'Community Posts', 'Recent Activities'];
const COMMUNITY_FAILED = 'Failed to fetch community data. Please try again.';

/** The layout stays whatever a page does: brand, nav and Logout. */
function expectLayout() {
  const nav = screen.getByRole('navigation', { name: 'Main' });
  for (const link of ['User', 'Community', 'Account']) {
    expect(within(nav).getByRole('link', { name: link })).toBeInTheDocument();
  }
  expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
}

// The routes' chunks before the tests.
beforeAll(async () => {
  await warmRoutes('/user', '/community', '/account');
});

const saved = { ...loadLimits };
beforeEach(() => {
  loadLimits.retryDelayMs = 50;
});
afterEach(() => {
  Object.assign(loadLimits, saved);
});

/** Every community section shows the message once, in place, with its own Retry. */
async function communityFailed() {
  for (const name of COMMUNITY_SECTIONS) {
    const section = await card(name);
    expect(await section.findByText(COMMUNITY_FAILED)).toBeInTheDocument();
    expect(section.getAllByText(COMMUNITY_FAILED)).toHaveLength(1);
    expect(section.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  }
  expect(screen.getAllByText(COMMUNITY_FAILED)).toHaveLength(COMMUNITY_SECTIONS.length);
}

describe('a server that never answers', () => {
  it('ends every dashboard section in its failure message, once, not in a placeholder', async () => {
    setup('/user', 'hang');
    expect(await screen.findByText('Failed to fetch profile or goal. Please try again.')).toBeInTheDocument();
    const recent = await card('Recent Activities');
    expect(await recent.findByText('Failed to fetch activities. Please try again.')).toBeInTheDocument();
    const stats = await card('Your Stats');
    expect(await stats.findByText('Failed to fetch activities. Please try again.')).toBeInTheDocument();
    const weights = await card('Weight Tracking');
    expect(await weights.findByText('Failed to fetch weight records. Please try again.')).toBeInTheDocument();
    expect(
      await screen.findByText('Failed to fetch available activities. Please try again.'),
    ).toBeInTheDocument();
    const profile = await card('Your Profile');
    expect(
      await profile.findByText('Failed to fetch profile or goal. Please try again.'),
    ).toBeInTheDocument();
    // Once per section, each with its Retry, and no empty profile form a save would write back.
    expect(screen.getAllByText('Failed to fetch profile or goal. Please try again.')).toHaveLength(1);
    expect(recent.getAllByText('Failed to fetch activities. Please try again.')).toHaveLength(1);
    expect(stats.getAllByText('Failed to fetch activities. Please try again.')).toHaveLength(1);
    for (const section of [recent, stats, weights, profile]) {
      expect(section.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    }
    expect(profile.queryByRole('button', { name: 'Save Profile' })).not.toBeInTheDocument();
    expect(screen.getByText(UNREACHABLE)).toBeInTheDocument();
    expectLayout();
  });

  it('ends each community section in its failure message once, and one Retry brings them all back', async () => {
    const { store } = setup('/community', 'hang');
    await communityFailed();
    expectLayout();

    serverWill(store, 'answer');
    const leaderboards = await card('Leaderboards');
    fireEvent.click(leaderboards.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByText(COMMUNITY_FAILED)).not.toBeInTheDocument());
    expect(await screen.findByText('No posts yet. Be the first to say hello!')).toBeInTheDocument();
    expect(screen.queryByText(UNREACHABLE)).not.toBeInTheDocument();
  });

  it('comes back by itself once the server answers again', async () => {
    const { store } = setup('/community', 'hang');
    // Shown once and kept while the page tries again in the background (no blinking).
    const counts: number[] = [];
    const observer = new MutationObserver(() => counts.push(screen.queryAllByText(COMMUNITY_FAILED).length));
    await communityFailed();
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    // Watch through two background attempts, a recovery period at each check (an attempt still
    // running is not restarted, so the first failed in full before the second began).
    await waitFor(() => {
      recoveryPeriod();
      expect(store.started.get(paths.feedPosts)).toBeGreaterThan(2);
    });
    observer.disconnect();
    expect(counts.filter((n) => n !== COMMUNITY_SECTIONS.length)).toEqual([]);
    serverWill(store, 'answer');
    await waitFor(() => {
      recoveryPeriod();
      expect(screen.getByText('No posts yet. Be the first to say hello!')).toBeInTheDocument();
    });
    await waitFor(() => {
      recoveryPeriod();
      expect(screen.queryByText(COMMUNITY_FAILED)).not.toBeInTheDocument();
    });
  });
});

describe('a server error and a refusal', () => {
  it('retries a server error once, quickly, then says so', async () => {
    const { store } = setup('/community', 'internal');
    await communityFailed();
    expect(store.started.get(paths.feedPosts)).toBe(2);
  });

  it('does not retry a refusal', async () => {
    const { store } = setup('/community', 'permission-denied');
    await communityFailed();
    // Neither retried at once nor by the background recovery: a refusal is not the connection.
    await act(async () => recoveryPeriod());
    expect(store.started.get(paths.feedPosts)).toBe(1);
    expect(screen.queryByText(UNREACHABLE)).not.toBeInTheDocument();
  });
});

describe('live listeners', () => {
  it('stop once no screen shows their data, and listen again when one does', async () => {
    const { store, router } = setup('/community', 'answer');
    await screen.findByText('No posts yet. Be the first to say hello!');
    expect(store.running.get(paths.feedPosts)).toBe(1);

    await router.navigate('/account');
    await screen.findByRole('region', { name: 'Your Information' });
    await waitFor(() => expect(store.running.get(paths.feedPosts)).toBe(0));

    await router.navigate('/community');
    await screen.findByText('No posts yet. Be the first to say hello!');
    await waitFor(() => expect(store.running.get(paths.feedPosts)).toBe(1));
    expect(store.started.get(paths.feedPosts)).toBe(2);
  });
});

describe('saves and the connection', () => {
  it('a save with no answer waits to sync, the form usable again; a later refusal says the spec message', async () => {
    const { store } = setup('/user', 'answer');
    const weights = await card('Weight Tracking');
    store.hold = true;
    fireEvent.change(weights.getByLabelText('Weight'), { target: { value: '170' } });
    fireEvent.click(weights.getByRole('button', { name: 'Log' }));
    await waitFor(() => expect(weights.getByRole('button', { name: 'Log' })).toBeDisabled());
    // Unconfirmed for 3 s: the form lets go of it.
    expect(await weights.findByText(WAITING_TO_SYNC)).toBeInTheDocument();
    expect(weights.getByRole('button', { name: 'Log' })).toBeEnabled();
    expect(weights.getByLabelText('Weight')).toBeEnabled();
    expect(weights.getByLabelText('Weight')).toHaveValue('');
    // The server refuses it when it arrives: said with the spec's message, and nothing was written.
    act(() => store.refuse());
    expect(await screen.findByText('Failed to log weight. Please try again.')).toBeInTheDocument();
    store.hold = false;
    expect(await store.query({ collection: paths.weightRecords(UID) })).toEqual([]);
    expectLayout();
  });

  it('says so once when the browser goes offline, and stops saying so when it is back', async () => {
    setup('/user', 'answer');
    render(<ShellStatus />); // mounted beside the app, as main.tsx does
    await card('Weight Tracking');
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      act(() => {
        window.dispatchEvent(new Event('offline'));
      });
      expect(await screen.findByText(/^You are offline\./)).toBeInTheDocument();
      // One notice: the frame's says nothing of its own about being offline.
      expect(screen.getAllByText(/You are offline/)).toHaveLength(1);
      expect(screen.queryByText(UNREACHABLE)).toBeNull();
      expectLayout();
      onLine.mockReturnValue(true);
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      await waitFor(() => expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument());
    } finally {
      onLine.mockRestore();
    }
  });
});
