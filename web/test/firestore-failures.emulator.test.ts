// @vitest-environment node
/**
 * The browser's Firestore adapter when the server fails. The SDK never fails a listener for want
 * of a server (it retries for ever and answers from its cache), so the adapter
 * holds back cached first results and asks the server once after 1.5 s: against an address where
 * nothing listens, a listener, a get and an aggregate must fail with `unavailable` in seconds, and
 * `watchLive` must stay false. Against the Firestore emulator (when FIRESTORE_EMULATOR_HOST is set,
 * else reported as not run) the same listener answers and `watchLive` turns true.
 */
import { paths } from '@fit/shared/model';
import type { DocSnapshot, StoreError } from '@fit/shared/store';
import { describe, expect, it } from 'vitest';
import type { FirestoreStore } from '../src/data/adapters/firestore.ts';
import { closedPort, firestoreStores } from './firestore-harness.ts';

const host = process.env.FIRESTORE_EMULATOR_HOST;
const storeAt = firestoreStores('demo-fittrack-web-failures');

function firstOf(store: FirestoreStore, path: string) {
  const started = Date.now();
  return new Promise<{ doc?: DocSnapshot | null; error?: StoreError; ms: number }>((resolve) => {
    const stop = store.listenDoc(
      path,
      (doc) => {
        stop();
        resolve({ doc, ms: Date.now() - started });
      },
      (error) => resolve({ error, ms: Date.now() - started }),
    );
  });
}

describe('web Firestore adapter with no server', () => {
  it('fails a listener, a get and an aggregate with unavailable in seconds, and is not live', async () => {
    const store = storeAt(`127.0.0.1:${await closedPort()}`, 'no-server');
    const live: boolean[] = [];
    store.watchLive((value) => live.push(value));
    const first = await firstOf(store, paths.user('ada'));
    expect(first.error?.code).toBe('unavailable');
    expect(first.ms).toBeLessThan(8000);
    await expect(store.get(paths.user('ada'))).rejects.toMatchObject({ code: 'unavailable' });
    await expect(store.aggregate({ collection: paths.reps('ada') }, { sum: ['time'] })).rejects.toMatchObject(
      { code: 'unavailable' },
    );
    expect(live.every((value) => value === false)).toBe(true);
  });
});

if (!host) {
  describe.skip('web Firestore adapter live state against the Firestore emulator: NOT RUN (FIRESTORE_EMULATOR_HOST is not set)', () => {
    it('skipped', () => {});
  });
} else {
  describe('web Firestore adapter live state against the Firestore emulator', () => {
    it('answers a listener from the server and reports it live', async () => {
      const store = storeAt(host, 'emulator');
      const live: boolean[] = [];
      store.watchLive((value) => live.push(value));
      const first = await firstOf(store, paths.user('ada'));
      expect(first.error).toBeUndefined();
      expect(first.doc).toBeNull();
      // Live while a listener runs and is in sync; not once none runs.
      const stop = store.listenDoc(
        paths.user('ada'),
        () => {},
        () => {},
      );
      await expect.poll(() => live.at(-1), { timeout: 30_000 }).toBe(true);
      stop();
      expect(live.at(-1)).toBe(false);
    });
  });
}
