import { describe, expect, it } from 'vitest';
import type { DocSnapshot, QuerySpec, StoreError } from '../src/store.ts';
import { MemoryStore } from '../testing/memory-store.ts';

/** Lets queued microtasks run (shared/ has no DOM or Node types, so no setTimeout). */
async function flush(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}
const paths = (docs: DocSnapshot[]) => docs.map((d) => d.path);

async function rejection(promise: Promise<unknown>): Promise<StoreError> {
  try {
    await promise;
  } catch (error) {
    return error as StoreError;
  }
  throw new Error('expected a rejection');
}

describe('MemoryStore', () => {
  it('gets, sets, merges, updates and deletes with Firestore semantics', async () => {
    const store = new MemoryStore();
    expect(await store.get('users/u1')).toBeNull();
    await store.commit([{ kind: 'set', path: 'users/u1', data: { displayName: 'Sam', prefs: { a: 1 } } }]);
    await store.commit([{ kind: 'set', path: 'users/u1', data: { prefs: { b: 2 } }, merge: true }]);
    await store.commit([{ kind: 'update', path: 'users/u1', data: { 'prefs.c': 3, currentWeight: 180 } }]);
    expect(await store.get('users/u1')).toEqual({
      path: 'users/u1',
      id: 'u1',
      data: { displayName: 'Sam', prefs: { a: 1, b: 2, c: 3 }, currentWeight: 180 },
    });
    await store.commit([{ kind: 'set', path: 'users/u1', data: { displayName: 'Al' } }]);
    expect((await store.get('users/u1'))?.data).toEqual({ displayName: 'Al' });
    await store.commit([{ kind: 'delete', path: 'users/u1' }]);
    expect(await store.get('users/u1')).toBeNull();
  });

  it('update of a missing document is not-found and a failing batch changes nothing', async () => {
    const store = new MemoryStore({ 'c/a': { n: 1 } });
    const error = await rejection(
      store.commit([
        { kind: 'set', path: 'c/a', data: { n: 2 } },
        { kind: 'update', path: 'c/missing', data: { n: 1 } },
      ]),
    );
    expect(error.code).toBe('not-found');
    expect((await store.get('c/a'))?.data).toEqual({ n: 1 });
    expect(store.writeCount('c/a')).toBe(0);
  });

  it('refuses 501 writes and oversized documents', async () => {
    const store = new MemoryStore();
    const writes = Array.from({ length: 501 }, (_, i) => ({
      kind: 'set' as const,
      path: `c/d${i}`,
      data: {},
    }));
    expect((await rejection(store.commit(writes))).code).toBe('invalid-argument');
    expect(await store.query({ collection: 'c' })).toEqual([]);
    await store.commit(writes.slice(0, 500));
    expect((await store.aggregate({ collection: 'c' }, { count: true })).count).toBe(500);
    const big = 'x'.repeat(1024 * 1024);
    expect((await rejection(store.commit([{ kind: 'set', path: 'c/big', data: { big } }]))).code).toBe(
      'invalid-argument',
    );
    expect(await store.get('c/big')).toBeNull();
  });

  it('hands out copies: callers cannot mutate stored documents', async () => {
    const data = { m: { k: 1 } };
    const store = new MemoryStore();
    await store.commit([{ kind: 'set', path: 'c/a', data }]);
    data.m.k = 99;
    const got = await store.get('c/a');
    expect(got?.data).toEqual({ m: { k: 1 } });
    (got?.data.m as { k: number }).k = 5;
    const [first] = await store.query({ collection: 'c' });
    (first?.data.m as { k: number }).k = 6;
    expect((await store.get('c/a'))?.data).toEqual({ m: { k: 1 } });
  });

  it('queries order by type and ties by path, filter out missing fields, and page with cursors', async () => {
    const store = new MemoryStore({
      'users/u2/reps/a': { timestamp: 5 },
      'users/u1/reps/b': { timestamp: 5 },
      'users/u1/reps/c': { timestamp: 7 },
      'users/u1/reps/d': { note: 'no timestamp' },
      'users/u1/reps/e': { timestamp: 'x' },
    });
    const q: QuerySpec = {
      collection: 'reps',
      group: true,
      orderBy: [{ field: 'timestamp', direction: 'asc' }],
    };
    expect(paths(await store.query(q))).toEqual([
      'users/u1/reps/b',
      'users/u2/reps/a',
      'users/u1/reps/c',
      'users/u1/reps/e',
    ]);
    const page1 = await store.query({ ...q, limit: 2 });
    const last = page1[1] as DocSnapshot;
    const page2 = await store.query({
      ...q,
      limit: 2,
      startAfter: { values: [last.data.timestamp], path: last.path },
    });
    expect(paths(page2)).toEqual(['users/u1/reps/c', 'users/u1/reps/e']);
    expect(
      paths(
        await store.query({
          collection: 'users/u1/reps',
          where: [{ field: 'timestamp', op: '>=', value: 6 }],
        }),
      ),
    ).toEqual(['users/u1/reps/c']);
  });

  it('refuses invalid query shapes and paths whatever the data holds', async () => {
    const store = new MemoryStore();
    const bad: QuerySpec = {
      collection: 'c',
      where: [
        { field: 'a', op: '>', value: 1 },
        { field: 'b', op: '<', value: 1 },
      ],
    };
    expect((await rejection(store.query(bad))).code).toBe('invalid-argument');
    expect((await rejection(store.aggregate(bad, { count: true }))).code).toBe('invalid-argument');
    expect((await rejection(store.get('users'))).code).toBe('invalid-argument');
    expect(() => new MemoryStore({ users: {} })).toThrow();
  });

  it('aggregates count and sums over the filtered query', async () => {
    const store = new MemoryStore({
      'users/u1/reps/a': { timestamp: 1, count: 10, calorieUnits: 100 },
      'users/u1/reps/b': { timestamp: 2, calorieUnits: 50 },
      'users/u1/reps/c': { timestamp: 3, count: 5, calorieUnits: 25 },
      'users/u2/reps/d': { timestamp: 2, count: 1000, calorieUnits: 1 },
    });
    const result = await store.aggregate(
      { collection: 'users/u1/reps', where: [{ field: 'timestamp', op: '<', value: 3 }] },
      { count: true, sum: ['count', 'calorieUnits'] },
    );
    expect(result).toEqual({ count: 2, sum: { count: 10, calorieUnits: 150 } });
  });

  it('counts writes per document and reports each commit to onCommit', async () => {
    const store = new MemoryStore();
    const seen: { path: string; before: unknown; after: unknown }[][] = [];
    const stop = store.onCommit((changes) => seen.push(changes));
    await store.commit([{ kind: 'set', path: 'c/a', data: { n: 1 } }]);
    await store.commit([{ kind: 'update', path: 'c/a', data: { n: 2 } }]);
    stop();
    await store.commit([{ kind: 'delete', path: 'c/a' }]);
    expect(store.writeCount('c/a')).toBe(3);
    expect(seen).toEqual([
      [{ path: 'c/a', before: null, after: { n: 1 } }],
      [{ path: 'c/a', before: { n: 1 }, after: { n: 2 } }],
    ]);
    expect(store.snapshot()).toEqual({});
  });

  describe('transact', () => {
    it('reads then writes atomically and returns the callback result', async () => {
      const store = new MemoryStore({ 'c/counter': { n: 1 } });
      const result = await store.transact(async (tx) => {
        const doc = await tx.get('c/counter');
        const n = (doc?.data.n as number) + 1;
        tx.write({ kind: 'set', path: 'c/counter', data: { n } });
        tx.write({ kind: 'set', path: 'c/log', data: { last: n } });
        return n;
      });
      expect(result).toBe(2);
      expect(store.snapshot()).toEqual({ 'c/counter': { n: 2 }, 'c/log': { last: 2 } });
    });

    it('serializes with other transactions and commits: no lost updates', async () => {
      const store = new MemoryStore({ 'c/counter': { n: 0 } });
      const bump = () =>
        store.transact(async (tx) => {
          const n = (await tx.get('c/counter'))?.data.n as number;
          await flush(); // let the other callers run meanwhile
          tx.write({ kind: 'update', path: 'c/counter', data: { n: n + 1 } });
        });
      await Promise.all([
        bump(),
        bump(),
        bump(),
        store.commit([{ kind: 'set', path: 'c/x', data: {} }]),
        bump(),
      ]);
      expect((await store.get('c/counter'))?.data.n).toBe(4);
    });

    it('refuses a read after a write, and a failing callback writes nothing', async () => {
      const store = new MemoryStore({ 'c/a': { n: 1 } });
      const error = await rejection(
        store.transact(async (tx) => {
          tx.write({ kind: 'set', path: 'c/a', data: { n: 2 } });
          await tx.get('c/a');
        }),
      );
      expect(error.code).toBe('invalid-argument');
      await expect(
        store.transact(async (tx) => {
          tx.write({ kind: 'set', path: 'c/a', data: { n: 3 } });
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect((await store.get('c/a'))?.data).toEqual({ n: 1 });
      // the lock is released after failures
      await store.commit([{ kind: 'set', path: 'c/b', data: {} }]);
      expect(await store.get('c/b')).not.toBeNull();
    });

    it('a transaction whose write fails (update of a missing doc) changes nothing', async () => {
      const store = new MemoryStore({ 'c/a': { n: 1 } });
      const error = await rejection(
        store.transact(async (tx) => {
          tx.write({ kind: 'set', path: 'c/a', data: { n: 2 } });
          tx.write({ kind: 'update', path: 'c/none', data: { n: 2 } });
        }),
      );
      expect(error.code).toBe('not-found');
      expect((await store.get('c/a'))?.data).toEqual({ n: 1 });
    });
  });

  describe('listen', () => {
    it('delivers the first result asynchronously, then once per commit that changes it', async () => {
      const store = new MemoryStore({ 'users/u1/reps/a': { timestamp: 1 } });
      const results: string[][] = [];
      const stop = store.listen(
        { collection: 'users/u1/reps', orderBy: [{ field: 'timestamp', direction: 'desc' }], limit: 2 },
        (docs) => results.push(paths(docs)),
        (error) => {
          throw error;
        },
      );
      expect(results).toEqual([]);
      await flush();
      expect(results).toEqual([['users/u1/reps/a']]);
      await store.commit([{ kind: 'set', path: 'users/u1/reps/b', data: { timestamp: 2 } }]);
      expect(results).toHaveLength(2);
      // a write elsewhere does not notify
      await store.commit([{ kind: 'set', path: 'users/u2/reps/z', data: { timestamp: 9 } }]);
      // a write that leaves the result unchanged does not notify
      await store.commit([{ kind: 'set', path: 'users/u1/reps/b', data: { timestamp: 2 } }]);
      expect(results).toHaveLength(2);
      // a document pushed out of the limit changes the result
      await store.commit([{ kind: 'set', path: 'users/u1/reps/c', data: { timestamp: 3 } }]);
      expect(results[2]).toEqual(['users/u1/reps/c', 'users/u1/reps/b']);
      stop();
      await store.commit([{ kind: 'delete', path: 'users/u1/reps/c' }]);
      await flush();
      expect(results).toHaveLength(3);
    });

    it('a commit right after listen: the first (empty) result, then the change, nothing lost', async () => {
      const store = new MemoryStore();
      const results: number[] = [];
      store.listen(
        { collection: 'c' },
        (docs) => results.push(docs.length),
        () => {},
      );
      await store.commit([{ kind: 'set', path: 'c/a', data: {} }]);
      await flush();
      expect(results).toEqual([0, 1]);
    });

    it('reports an invalid query through onError', async () => {
      const store = new MemoryStore();
      const errors: string[] = [];
      store.listen(
        { collection: 'c', limit: -1 },
        () => errors.push('unexpected result'),
        (error) => errors.push(error.code),
      );
      await flush();
      expect(errors).toEqual(['invalid-argument']);
    });

    it('listenDoc follows one document through create, change and delete', async () => {
      const store = new MemoryStore();
      const seen: unknown[] = [];
      const stop = store.listenDoc(
        'users/u1',
        (doc) => seen.push(doc?.data ?? null),
        () => {},
      );
      await flush();
      await store.commit([{ kind: 'set', path: 'users/u1', data: { n: 1 } }]);
      await store.commit([{ kind: 'set', path: 'users/u1', data: { n: 1 } }]);
      await store.commit([{ kind: 'update', path: 'users/u1', data: { n: 2 } }]);
      await store.commit([{ kind: 'delete', path: 'users/u1' }]);
      stop();
      await store.commit([{ kind: 'set', path: 'users/u1', data: { n: 3 } }]);
      expect(seen).toEqual([null, { n: 1 }, { n: 2 }, null]);
      const errors: string[] = [];
      store.listenDoc(
        'users',
        () => {},
        (e) => errors.push(e.code),
      );
      await flush();
      expect(errors).toEqual(['invalid-argument']);
    });

    it('seed notifies live listeners', async () => {
      const store = new MemoryStore();
      const counts: number[] = [];
      store.listen(
        { collection: 'c' },
        (docs) => counts.push(docs.length),
        () => {},
      );
      await flush();
      store.seed({ 'c/a': {}, 'c/b': {} });
      expect(counts).toEqual([0, 2]);
    });
  });
});
