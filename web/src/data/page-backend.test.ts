import { MemoryStore } from '@fit/shared/testing/memory-store';
import { describe, expect, it, vi } from 'vitest';
import type { PageSessions } from './auth.ts';
import { type Backend, backendForPage, deferredBackend, keepsCache } from './page-backend.ts';

/** A backend named `name` whose stop is noted in `log` (held until `finish` when `held`). */
function backendNamed(name: string, log: string[], held = false) {
  let finish = () => {};
  const backend: Backend = {
    store: new MemoryStore(),
    deleteAccount: async () => {},
    stop: () => {
      log.push(`stop ${name}`);
      if (!held) return Promise.resolve();
      return new Promise<void>((resolve) => {
        finish = () => {
          log.push(`stopped ${name}`);
          resolve();
        };
      });
    },
  };
  return { backend, finish: () => finish() };
}

/** A loader handing out `backends` in order, noting each load and whether it deleted the cache first. */
function loaderOf(log: string[], ...backends: Backend[]) {
  let next = 0;
  return vi.fn(async (eraseFirst: () => Promise<boolean>) => {
    log.push((await eraseFirst()) ? 'load, deleting the cache' : 'load');
    const backend = backends[next++];
    if (!backend) throw new Error('no more backends');
    return backend;
  });
}

/** The auth SDK's answer, changed by the test as people sign in and out. */
function sessionsOf(owner: string | null, now: string | null) {
  const state: PageSessions = { owner, now };
  return { state, sessions: async () => ({ ...state }) };
}

const loadedPage = { loaded: async () => {} };

describe('the page’s backend', () => {
  it('keeps the offline cache only for the person it belongs to', () => {
    expect(keepsCache({ owner: 'ann', now: 'ann' })).toBe(true); // the page started as Ann, or she signed in elsewhere
    expect(keepsCache({ owner: null, now: null })).toBe(false); // nobody signed in
    expect(keepsCache({ owner: null, now: 'ann' })).toBe(false); // signed in here, on a page that started signed out
    expect(keepsCache({ owner: 'ann', now: 'bob' })).toBe(false); // someone else signed in here
  });

  it('loads once per session; its end stops it and, with nobody signed in, a new one deletes the cache', async () => {
    const log: string[] = [];
    const ann = backendNamed('ann', log).backend;
    const next = backendNamed('next', log).backend;
    const { state, sessions } = sessionsOf('ann', 'ann');
    const page = backendForPage(loaderOf(log, ann, next), sessions, loadedPage);

    expect(await page.get('ann')).toBe(ann);
    state.now = null; // Logout
    await page.retire('ann');
    expect(log).toEqual(['load', 'stop ann', 'load, deleting the cache']);
    expect(await page.get('bob')).toBe(next); // the next sign-in here uses the deleted cache's instance
  });

  it('a new instance starts only once the last one has stopped (it must not open the cache it holds)', async () => {
    const log: string[] = [];
    const ann = backendNamed('ann', log, true);
    const { state, sessions } = sessionsOf('ann', 'ann');
    const page = backendForPage(
      loaderOf(log, ann.backend, backendNamed('next', log).backend),
      sessions,
      loadedPage,
    );
    await page.get('ann');

    state.now = null;
    const retired = page.retire('ann');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(log).toEqual(['load', 'stop ann']);
    ann.finish();
    await retired;
    expect(log).toEqual(['load', 'stop ann', 'stopped ann', 'load, deleting the cache']);
  });

  it("the next person's pages asking first get their own; the end reported after stops nothing of theirs", async () => {
    const log: string[] = [];
    const ann = backendNamed('ann', log).backend;
    const bob = backendNamed('bob', log).backend;
    const { state, sessions } = sessionsOf('ann', 'ann');
    const page = backendForPage(loaderOf(log, ann, bob), sessions, loadedPage);
    await page.get('ann');

    Object.assign(state, { owner: 'bob', now: 'bob' }); // Bob signed in in another tab
    expect(await page.get('bob')).toBe(bob); // Ann's is stopped, not handed over
    await page.retire('ann'); // reported after Bob's pages mounted
    expect(await page.get('bob')).toBe(bob);
    expect(log).toEqual(['load', 'stop ann', 'load']); // his cache: kept
  });

  it('asks whose the cache is when the instance is made, not when it was asked for (a sign-in elsewhere meanwhile)', async () => {
    const { state, sessions } = sessionsOf(null, null);
    let chunkLoaded = () => {};
    const chunk = new Promise<void>((resolve) => {
      chunkLoaded = resolve;
    });
    const erased: boolean[] = [];
    const load = vi.fn(async (eraseFirst: () => Promise<boolean>) => {
      await chunk;
      erased.push(await eraseFirst());
      return backendNamed('x', []).backend;
    });
    const page = backendForPage(load, sessions, { ...loadedPage, cacheListed: async () => true });
    void page.eraseLeftovers(); // nobody signed in: it asks for a backend
    await vi.waitFor(() => expect(load).toHaveBeenCalledOnce());
    Object.assign(state, { owner: 'ann', now: 'ann' }); // Ann signs in in another tab meanwhile
    chunkLoaded();
    await page.get('ann');
    expect(erased).toEqual([false]);
  });

  it('a failed load (a chunk) is tried again by the next call', async () => {
    const load = vi
      .fn<(eraseFirst: () => Promise<boolean>) => Promise<Backend>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValue(backendNamed('ann', []).backend);
    const page = backendForPage(load, sessionsOf('ann', 'ann').sessions, loadedPage);
    await expect(page.get('ann')).rejects.toThrow('Failed to fetch');
    await expect(page.get('ann')).resolves.toBeDefined();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('where nobody is signed in, deletes a cache left behind once the page has loaded', async () => {
    const log: string[] = [];
    let loaded = () => {};
    const page = backendForPage(
      loaderOf(log, backendNamed('x', log).backend),
      sessionsOf('ann', null).sessions,
      {
        cacheListed: async () => true,
        loaded: () =>
          new Promise<void>((resolve) => {
            loaded = resolve;
          }),
      },
    );
    const erasing = page.eraseLeftovers();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(log).toEqual([]);
    loaded();
    await erasing;
    expect(log).toEqual(['load, deleting the cache']);
  });

  it('leaves the cache alone while someone is signed in, and loads nothing when none is listed', async () => {
    const log: string[] = [];
    const signedIn = backendForPage(loaderOf(log), sessionsOf('ann', 'ann').sessions, {
      ...loadedPage,
      cacheListed: async () => true,
    });
    await signedIn.eraseLeftovers();
    const sessions = vi.fn(sessionsOf(null, null).sessions);
    await backendForPage(loaderOf(log), sessions, {
      ...loadedPage,
      cacheListed: async () => false,
    }).eraseLeftovers();
    expect(log).toEqual([]);
    expect(sessions).not.toHaveBeenCalled(); // the auth SDK is not even loaded for it
  });

  it('failures are reported, not thrown: a stop that fails, code that does not load', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const log: string[] = [];
    const failing: Backend = {
      ...backendNamed('ann', log).backend,
      stop: () => Promise.reject(new Error('x')),
    };
    const { state, sessions } = sessionsOf('ann', 'ann');
    const page = backendForPage(
      loaderOf(log, failing, backendNamed('next', log).backend),
      sessions,
      loadedPage,
    );
    await page.get('ann');
    state.now = null;
    await page.retire('ann'); // the stop fails: reported, and the cache is deleted all the same
    expect(log).toEqual(['load', 'load, deleting the cache']);
    expect(logged).toHaveBeenCalledTimes(1);

    const noAuth = async (): Promise<PageSessions> => {
      throw new Error('Failed to fetch dynamically imported module');
    };
    const offline = backendForPage(loaderOf(log), noAuth, { ...loadedPage, cacheListed: async () => true });
    await offline.eraseLeftovers();
    await offline.retire('ann');
    expect(logged).toHaveBeenCalledTimes(3);
    logged.mockRestore();
  });
});

const doc = 'users/ann';

function realBackend(store = new MemoryStore({ [doc]: { name: 'Ann' } })): Backend {
  return {
    store,
    deleteAccount: vi.fn(async () => {}),
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the backend that waits for the real one', () => {
  it('holds every read and write until resolved, then runs them against the real backend', async () => {
    const { backend, resolve } = deferredBackend();
    const store = new MemoryStore({ [doc]: { name: 'Ann' } });
    const commit = vi.spyOn(store, 'commit');
    const read = backend.store.get(doc);
    const write = backend.store.commit([{ kind: 'set', path: 'users/ann/weights/w1', data: { kg: 70 } }]);
    const settled = vi.fn();
    void Promise.all([read, write]).then(settled);
    await flush();
    expect(settled).not.toHaveBeenCalled();
    expect(commit).not.toHaveBeenCalled();

    resolve(realBackend(store));
    expect((await read)?.data).toEqual({ name: 'Ann' });
    await write;
    expect(store.snapshot()['users/ann/weights/w1']).toEqual({ kg: 70 });
  });

  it('starts a subscription made early once resolved; one stopped before never starts', async () => {
    const { backend, resolve } = deferredBackend();
    const kept = vi.fn();
    const stopped = vi.fn();
    backend.store.listenDoc(doc, kept, () => {});
    const stop = backend.store.listenDoc(doc, stopped, () => {});
    stop();
    await flush();
    expect(kept).not.toHaveBeenCalled();

    resolve(realBackend());
    await vi.waitFor(() => expect(kept).toHaveBeenCalledWith(expect.objectContaining({ path: doc })));
    await flush();
    expect(stopped).not.toHaveBeenCalled();
  });

  it('after resolving, stopping a subscription stops the real one', async () => {
    const { backend, resolve } = deferredBackend();
    const store = new MemoryStore({ [doc]: { name: 'Ann' } });
    resolve(realBackend(store));
    const seen = vi.fn();
    const stop = backend.store.listenDoc(doc, seen, () => {});
    await vi.waitFor(() => expect(seen).toHaveBeenCalledTimes(1));
    stop();
    await store.commit([{ kind: 'set', path: doc, data: { name: 'Ann B.' } }]);
    await flush();
    expect(seen).toHaveBeenCalledTimes(1);
  });

  it('a backend without a live signal is live; only the first resolve counts', async () => {
    const { backend, resolve } = deferredBackend();
    const live = vi.fn();
    backend.watchLive?.(live);
    const first = realBackend();
    resolve(first);
    resolve(realBackend(new MemoryStore()));
    await vi.waitFor(() => expect(live).toHaveBeenCalledWith(true));
    await backend.deleteAccount('ann');
    expect(first.deleteAccount).toHaveBeenCalledTimes(1);
    expect(first.deleteAccount).toHaveBeenCalledWith('ann');
    expect((await backend.store.get(doc))?.data).toEqual({ name: 'Ann' });
  });
});
