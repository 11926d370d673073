/**
 * The SQLite store against the reference in-memory store: the same documents and queries give the
 * same answers (the SQL pre-filter never changes a result), documents survive a reopen, a failed
 * batch writes nothing, and write counters count.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DocData, QuerySpec } from '@fit/shared/store';
import { StoreError } from '@fit/shared/store';
import { MemoryStore } from '@fit/shared/testing/memory-store';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteStore } from '../src/sqlite-store.ts';
import { snapshotOf } from './store-helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'fittrack-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function sample(): Record<string, DocData> {
  const docs: Record<string, DocData> = {};
  const values: unknown[] = [
    1,
    2,
    2.5,
    'a',
    'B',
    'b',
    true,
    false,
    null,
    [1, 2],
    { x: 1 },
    0,
    -1,
    '',
    'é',
    '😀',
  ];
  let i = 0;
  for (const uid of ['u1', 'u2', 'u-3', 'u/x'.replace('/', '_')]) {
    for (let k = 0; k < 12; k++) {
      const v = values[i++ % values.length];
      docs[`users/${uid}/reps/r${k}`] = {
        v,
        n: k % 4,
        s: `s${k % 3}`,
        nested: { a: k % 2, b: String(k) },
        tags: [`t${k % 3}`, 't'],
        ...(k % 5 === 0 ? {} : { maybe: k }),
        ...(k === 7 ? {} : { timestamp: 1000 + ((k * 7) % 5) * 10 + (uid === 'u2' ? 0.5 : 0) }),
        ...(uid === 'u-3' ? { flag: k % 2 === 0 } : {}),
      };
    }
  }
  docs['users/u1/weightRecords/w'] = { v: 1 };
  docs['feed/a'] = { timestamp: 5, uid: 'x' };
  docs['feed/b'] = { timestamp: 5, uid: 'y' };
  docs['feed/c'] = { timestamp: 'late', uid: 'x' };
  docs['feed/d'] = { timestamp: 1, uid: 'x' };
  return docs;
}

const ts = (direction: 'asc' | 'desc') => [{ field: 'timestamp', direction }] as const;
const queries: QuerySpec[] = [
  { collection: 'users/u1/reps', orderBy: ts('desc'), limit: 5 },
  { collection: 'users/u2/reps', orderBy: ts('asc') },
  { collection: 'reps', group: true, orderBy: ts('desc'), limit: 9 },
  {
    collection: 'reps',
    group: true,
    where: [{ field: 'timestamp', op: '>=', value: 1010 }],
    orderBy: ts('asc'),
    limit: 7,
  },
  {
    collection: 'reps',
    group: true,
    where: [
      { field: 'timestamp', op: '>=', value: 1000 },
      { field: 'timestamp', op: '<', value: 1030 },
    ],
  },
  {
    collection: 'reps',
    group: true,
    where: [{ field: 'timestamp', op: '>', value: 0 }],
    orderBy: ts('asc'),
    startAfter: { values: [1020], path: 'users/u1/reps/r1' },
    limit: 6,
  },
  {
    collection: 'reps',
    group: true,
    orderBy: ts('desc'),
    startAfter: { values: [1020], path: 'users/u1/reps/r3' },
    limit: 6,
  },
  {
    collection: 'reps',
    group: true,
    where: [{ field: 's', op: '==', value: 's2' }],
    orderBy: ts('desc'),
    limit: 4,
  },
  { collection: 'reps', group: true, where: [{ field: 'flag', op: '==', value: true }], orderBy: ts('desc') },
  { collection: 'reps', group: true, where: [{ field: 'n', op: '==', value: 1 }], orderBy: ts('asc') },
  { collection: 'feed', orderBy: ts('desc'), limit: 3 },
  {
    collection: 'reps',
    group: true,
    where: [{ field: 's', op: '==', value: 's1' }],
    orderBy: [{ field: 'v', direction: 'desc' }],
    limit: 3,
  },
  {
    collection: 'reps',
    group: true,
    where: [{ field: 'flag', op: '==', value: false }],
    orderBy: [{ field: 'n', direction: 'desc' }],
    limit: 2,
  },
  { collection: 'reps', group: true, orderBy: [{ field: 'nested.a', direction: 'asc' }], limit: 5 },
  { collection: 'feed', where: [{ field: 'timestamp', op: '<', value: 10 }], orderBy: ts('asc') },
  { collection: 'feed', where: [{ field: 'uid', op: '==', value: 'x' }], orderBy: ts('asc') },
  { collection: 'users/u1/reps' },
  { collection: 'reps', group: true },
  { collection: 'reps', group: true, orderBy: [{ field: 'v', direction: 'asc' }] },
  { collection: 'reps', group: true, orderBy: [{ field: 'v', direction: 'desc' }], limit: 7 },
  { collection: 'users/u1/reps', where: [{ field: 'n', op: '==', value: 2 }] },
  {
    collection: 'reps',
    group: true,
    where: [{ field: 's', op: '==', value: 's1' }],
    orderBy: [{ field: 'n', direction: 'desc' }],
  },
  { collection: 'reps', group: true, where: [{ field: 'v', op: '==', value: 2 }] },
  { collection: 'reps', group: true, where: [{ field: 'v', op: '==', value: 'b' }] },
  { collection: 'reps', group: true, where: [{ field: 'v', op: '==', value: true }] },
  { collection: 'reps', group: true, where: [{ field: 'v', op: '==', value: null }] },
  { collection: 'reps', group: true, where: [{ field: 'v', op: '>', value: 1 }] },
  { collection: 'reps', group: true, where: [{ field: 'v', op: '>=', value: 'a' }] },
  { collection: 'reps', group: true, where: [{ field: 'v', op: '!=', value: 2 }] },
  { collection: 'reps', group: true, where: [{ field: 'v', op: 'in', value: [1, 'a', false] }] },
  {
    collection: 'reps',
    group: true,
    where: [{ field: 'nested.a', op: '==', value: 1 }],
    orderBy: [{ field: 'maybe', direction: 'asc' }],
  },
  { collection: 'reps', group: true, where: [{ field: 'tags', op: 'array-contains', value: 't1' }] },
  { collection: 'reps', group: true, where: [{ field: 'nested', op: '==', value: { a: 0, b: '4' } }] },
  {
    collection: 'reps',
    group: true,
    orderBy: [{ field: 'n', direction: 'asc' }],
    startAfter: { values: [1], path: 'users/u2/reps/r5' },
    limit: 5,
  },
];

describe('SqliteStore matches MemoryStore', () => {
  const memory = new MemoryStore(sample());
  const sqlite = new SqliteStore({ file: join(dir, 'a.sqlite') });
  sqlite.seed(sample());

  it.each(queries.map((q, i) => [i, q] as const))('query %i', async (_i, q) => {
    expect(await sqlite.query(q)).toEqual(await memory.query(q));
    expect(await sqlite.aggregate(q, { count: true, sum: ['n', 'v'] })).toEqual(
      await memory.aggregate(q, { count: true, sum: ['n', 'v'] }),
    );
  });

  it('refuses the query shapes Firestore refuses', async () => {
    await expect(
      sqlite.query({
        collection: 'reps',
        group: true,
        where: [
          { field: 'n', op: '>', value: 1 },
          { field: 'v', op: '<', value: 1 },
        ],
      }),
    ).rejects.toThrow(/more than one field/);
  });

  it('batches are all or nothing, set merges, update of a missing document fails', async () => {
    const before = snapshotOf(sqlite);
    await expect(
      sqlite.commit([
        { kind: 'set', path: 'users/u1/reps/new', data: { a: 1 } },
        { kind: 'update', path: 'users/u1/reps/missing', data: { a: 1 } },
      ]),
    ).rejects.toSatisfy((e) => e instanceof StoreError && e.code === 'not-found');
    expect(snapshotOf(sqlite)).toEqual(before);
    await sqlite.commit([{ kind: 'set', path: 'users/u1/reps/r1', data: { nested: { c: 3 } }, merge: true }]);
    await sqlite.commit([{ kind: 'update', path: 'users/u1/reps/r1', data: { 'nested.a': 9 } }]);
    expect((await sqlite.get('users/u1/reps/r1'))?.data.nested).toEqual({ a: 9, b: '1', c: 3 });
    expect(sqlite.writeCounters.statsOf('users/u1/reps/r1').total).toBe(2);
    expect(sqlite.writeCounters.statsOf('users/u1/reps/r1').maxPerSecond).toBeGreaterThanOrEqual(1);
  });

  it('transactions see their reads hold until their writes land', async () => {
    await sqlite.commit([{ kind: 'set', path: 'counters/c', data: { n: 0 } }]);
    await Promise.all(
      Array.from({ length: 20 }, () =>
        sqlite.transact(async (tx) => {
          const doc = await tx.get('counters/c');
          await new Promise((r) => setTimeout(r, 1));
          tx.write({ kind: 'set', path: 'counters/c', data: { n: (doc?.data.n as number) + 1 } });
        }),
      ),
    );
    expect((await sqlite.get('counters/c'))?.data.n).toBe(20);
  });

  it('documents survive a reopen', async () => {
    const snapshot = snapshotOf(sqlite);
    sqlite.close();
    const again = new SqliteStore({ file: join(dir, 'a.sqlite') });
    expect(snapshotOf(again)).toEqual(snapshot);
    again.close();
  });
});
