/**
 * Loads that fail must end in the section's spec message, once, instead of a placeholder for ever:
 * a server that never answers (down, or paused: the local adapter's streams reconnect quietly), a
 * server error (retried once, quickly), a refusal (not retried). Live listeners stop with the
 * last screen that shows them. Whole app: real routes, guards, QueryClient and pages.
 */
import { paths } from '@fit/shared/model';
import type { DocSnapshot, QuerySpec, Unsubscribe } from '@fit/shared/store';
import { StoreError } from '@fit/shared/store';
import { MemoryStore } from '@fit/shared/testing/memory-store';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadLimits } from '../src/data/load-limits.ts';
import { FakeAuth } from './fake-auth.ts';
import { renderApp } from './render.tsx';

const UID = 'ann';
const PROFILE = {
  [paths.user(UID)]: { userId: UID, email: 'ann@example.com', createdAt: 1, displayName: 'Ann' },
  [paths.goal(UID)]: { target: '30', type: 'minutes' },
};

type Mode = 'answer' | 'hang' | 'internal' | 'permission-denied';

/** A MemoryStore whose reads can hang or fail, counting the listeners started and still running. */
class FlakyStore extends MemoryStore {
  mode: Mode = 'answer';
  started = new Map<string, number>();
  running = new Map<string, number>();

  private bump(map: Map<string, number>, key: string, by: number) {
    map.set(key, (map.get(key) ?? 0) + by);
  }

  private track(key: string, start: () => Unsubscribe): Unsubscribe {
    this.bump(this.started, key, 1);
    if (this.mode === 'hang') return () => {};
    if (this.mode !== 'answer') {
      const code = this.mode;
      const fail = this.failListener;
      queueMicrotask(() => fail?.(code));
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

  private failListener: ((code: 'internal' | 'permission-denied') => void) | undefined;

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
  override aggregate(...args: Parameters<MemoryStore['aggregate']>) {
    return this.read(() => super.aggregate(...args));
  }
  override listen(
    spec: QuerySpec,
    onNext: (docs: DocSnapshot[]) => void,
    onError: (error: StoreError) => void,
  ): Unsubscribe {
    this.failListener = (code) => onError(new StoreError(code, 'test: listen refused'));
    return this.track(spec.collection, () => super.listen(spec, onNext, onError));
  }
  override listenDoc(
    path: string,
    onNext: (doc: DocSnapshot | null) => void,
    onError: (error: StoreError) => void,
  ): Unsubscribe {
    this.failListener = (code) => onError(new StoreError(code, 'test: listen refused'));
    return this.track(path, () => super.listenDoc(path, onNext, onError));
  }
}

function setup(path: string, mode: Mode) {
  const auth = new FakeAuth();
  auth.addUser('ann@example.com', { uid: UID, verified: true, signedIn: true });
  const store = new FlakyStore(PROFILE);
  store.mode = mode;
  const app = renderApp(path, { auth, store });
  return { ...app, store };
}

async function card(name: string) {
  return within(await screen.findByRole('region', { name }));
}

/** Generous: the first render of a lazy route transforms its modules, slow on a loaded machine. */
const WAIT = 15_000;

const saved = { ...loadLimits };
beforeEach(() => {
  loadLimits.timeoutMs = 400;
  loadLimits.retryDelayMs = 50;
});
afterEach(() => {
  Object.assign(loadLimits, saved);
});

describe('a server that never answers', () => {
  it('ends every dashboard section in its failure message, once, not in a placeholder', async () => {
    setup('/user', 'hang');
    expect(
      await screen.findByText('Failed to fetch profile or goal. Please try again.', {}, { timeout: WAIT }),
    ).toBeInTheDocument();
    const recent = await card('Recent Activities');
    expect(
      await recent.findByText('Failed to fetch activities. Please try again.', {}, { timeout: WAIT }),
    ).toBeInTheDocument();
    const stats = await card('Your Stats');
    expect(
      await stats.findByText('Failed to fetch activities. Please try again.', {}, { timeout: WAIT }),
    ).toBeInTheDocument();
    const weights = await card('Weight Tracking');
    expect(
      await weights.findByText('Failed to fetch weight records. Please try again.', {}, { timeout: WAIT }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Failed to fetch available activities. Please try again.',
        {},
        { timeout: WAIT },
      ),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Failed to fetch profile or goal. Please try again.')).toHaveLength(1);
    expect(recent.getAllByText('Failed to fetch activities. Please try again.')).toHaveLength(1);
  }, 60_000);

  it('ends the community page in its failure message once, and Retry brings the page back', async () => {
    const { store } = setup('/community', 'hang');
    expect(
      await screen.findByText('Failed to fetch community data. Please try again.', {}, { timeout: WAIT }),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Failed to fetch community data. Please try again.')).toHaveLength(1);

    store.mode = 'answer';
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(screen.queryByText('Failed to fetch community data. Please try again.')).not.toBeInTheDocument(),
    );
    expect(
      await screen.findByText('No posts yet. Be the first to say hello!', {}, { timeout: WAIT }),
    ).toBeInTheDocument();
  });
});

describe('a server error and a refusal', () => {
  it('retries a server error once, quickly, then says so', async () => {
    const { store } = setup('/community', 'internal');
    expect(
      await screen.findByText('Failed to fetch community data. Please try again.', {}, { timeout: WAIT }),
    ).toBeInTheDocument();
    expect(store.started.get(paths.feedPosts)).toBe(2);
  });

  it('does not retry a refusal', async () => {
    const { store } = setup('/community', 'permission-denied');
    expect(
      await screen.findByText('Failed to fetch community data. Please try again.', {}, { timeout: WAIT }),
    ).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(store.started.get(paths.feedPosts)).toBe(1);
  });
});

describe('live listeners', () => {
  it('stop once no screen shows their data, and listen again when one does', async () => {
    const { store, router } = setup('/community', 'answer');
    await screen.findByText('No posts yet. Be the first to say hello!', {}, { timeout: WAIT });
    expect(store.running.get(paths.feedPosts)).toBe(1);

    await router.navigate('/account');
    await screen.findByRole('region', { name: 'Your Information' }, { timeout: WAIT });
    await waitFor(() => expect(store.running.get(paths.feedPosts)).toBe(0));

    await router.navigate('/community');
    await screen.findByText('No posts yet. Be the first to say hello!', {}, { timeout: WAIT });
    await waitFor(() => expect(store.running.get(paths.feedPosts)).toBe(1));
    expect(store.started.get(paths.feedPosts)).toBe(2);
  });
});
