import { MemoryStore } from '@fit/shared/testing/memory-store';
import { describe, expect, it, vi } from 'vitest';
import { deferredBackend } from './deferred-backend.ts';
import type { Backend } from './repositories.ts';

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
    await backend.deleteAccount();
    expect(first.deleteAccount).toHaveBeenCalledTimes(1);
    expect((await backend.store.get(doc))?.data).toEqual({ name: 'Ann' });
  });
});
