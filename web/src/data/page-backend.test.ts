import { MemoryStore } from '@fit/shared/testing/memory-store';
import { describe, expect, it, vi } from 'vitest';
import type { PageSessions } from './auth.ts';
import { backendForPage, keepsCache } from './page-backend.ts';
import type { Backend } from './repositories.ts';

const aBackend = (): Backend => ({
  store: new MemoryStore(),
  deleteAccount: async () => {},
  watchPendingWrites: () => () => {},
});

/** A loader noting, per load, whether the cache was to be deleted first. */
function loader() {
  const erased: boolean[] = [];
  const load = vi.fn(async (eraseFirst: () => Promise<boolean>) => {
    erased.push(await eraseFirst());
    return aBackend();
  });
  return { load, erased };
}

const at = (owner: string | null, now: string | null) => async (): Promise<PageSessions> => ({
  owner,
  now,
});
const now = { loaded: async () => {} };

describe('the page’s backend', () => {
  it('keeps the offline cache only for the person it belongs to', () => {
    expect(keepsCache({ owner: 'ann', now: 'ann' })).toBe(true); // the page started as Ann, or she signed in elsewhere
    expect(keepsCache({ owner: null, now: null })).toBe(false); // nobody signed in
    expect(keepsCache({ owner: null, now: 'ann' })).toBe(false); // signed in here, on a page that started signed out
    expect(keepsCache({ owner: 'ann', now: 'bob' })).toBe(false); // someone else signed in here
  });

  it('loads once per page, whoever asks, deciding before first use whether to delete the cache', async () => {
    const { load, erased } = loader();
    const page = backendForPage(load, at('ann', 'ann'), now);
    const first = await page.warm();
    expect(await page.get('ann')).toBe(first);
    expect(await page.get('bob')).toBe(first);
    expect(load).toHaveBeenCalledOnce();
    expect(erased).toEqual([false]);
  });

  it('a page that started signed out deletes the cache before the sign-in there uses it', async () => {
    const { load, erased } = loader();
    await backendForPage(load, at(null, 'ann'), now).get('ann');
    expect(erased).toEqual([true]);
  });

  it('asks whose the cache is when the instance is made, not when it was asked for (a sign-in elsewhere meanwhile)', async () => {
    let sessions: PageSessions = { owner: null, now: null };
    let chunkLoaded = () => {};
    const chunk = new Promise<void>((resolve) => {
      chunkLoaded = resolve;
    });
    const erased: boolean[] = [];
    const load = vi.fn(async (eraseFirst: () => Promise<boolean>) => {
      await chunk;
      erased.push(await eraseFirst());
      return aBackend();
    });
    const page = backendForPage(load, async () => sessions, {
      cacheListed: async () => true,
      loaded: async () => {},
    });
    void page.eraseLeftovers(); // nobody signed in: it asks for the backend
    await vi.waitFor(() => expect(load).toHaveBeenCalledOnce());
    sessions = { owner: 'ann', now: 'ann' }; // Ann signs in in another tab while the code loads
    chunkLoaded();
    await page.get('ann');
    expect(erased).toEqual([false]);
  });

  it('a failed load (a chunk) is tried again by the next call', async () => {
    const load = vi
      .fn<(eraseFirst: () => Promise<boolean>) => Promise<Backend>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValue(aBackend());
    const page = backendForPage(load, at('ann', 'ann'), now);
    await expect(page.get('ann')).rejects.toThrow('Failed to fetch');
    await expect(page.get('ann')).resolves.toBeDefined();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('where nobody is signed in, deletes a cache left behind once the page has loaded', async () => {
    const { load, erased } = loader();
    let loaded = () => {};
    const page = backendForPage(load, at('ann', null), {
      cacheListed: async () => true,
      loaded: () =>
        new Promise<void>((resolve) => {
          loaded = resolve;
        }),
    });
    const erasing = page.eraseLeftovers();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(load).not.toHaveBeenCalled();
    loaded();
    await erasing;
    expect(erased).toEqual([true]);
  });

  it('leaves the cache alone while someone is signed in, and loads nothing when none is listed', async () => {
    const signedIn = loader();
    await backendForPage(signedIn.load, at('ann', 'ann'), {
      ...now,
      cacheListed: async () => true,
    }).eraseLeftovers();
    expect(signedIn.load).not.toHaveBeenCalled();

    const sessions = vi.fn(at(null, null));
    const none = loader();
    await backendForPage(none.load, sessions, { ...now, cacheListed: async () => false }).eraseLeftovers();
    expect(none.load).not.toHaveBeenCalled();
    expect(sessions).not.toHaveBeenCalled(); // the auth SDK is not even loaded for it
  });

  it('a check whose code fails to load is reported, not thrown (the next page tries again)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { load } = loader();
    const failing = async (): Promise<PageSessions> => {
      throw new Error('Failed to fetch dynamically imported module');
    };
    await backendForPage(load, failing, { ...now, cacheListed: async () => true }).eraseLeftovers();
    expect(load).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });
});
