/**
 * The firebase-admin store adapter and the reactions over a real Firestore (the emulator), when
 * FIRESTORE_EMULATOR_HOST is set; otherwise reported as not run. The same sequence of source
 * writes and reactions (delivered out of order, with duplicates) runs over MemoryStore and over
 * AdminStore: the projections must be identical and the rebuild audit must find no difference.
 */

import { calorieUnits } from '@fit/shared/formulas';
import { paths } from '@fit/shared/model';
import {
  eventForWrite,
  expireProjections,
  type ReactionEnv,
  type ReactionEvent,
  react,
  rebuildProjections,
  rollupBoards,
} from '@fit/shared/reactions/index';
import { DOCUMENT_NAME, type DocData, type ReactionStore, type WriteOp } from '@fit/shared/store';
import { MemoryStore } from '@fit/shared/testing/memory-store';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminStore } from '../src/admin-store.ts';

const host = process.env.FIRESTORE_EMULATOR_HOST;
const PROJECT = 'demo-fittrack-admin';

async function clear() {
  await fetch(`http://${host}/emulator/v1/projects/${PROJECT}/databases/(default)/documents`, {
    method: 'DELETE',
  });
}

async function projections(store: ReactionStore): Promise<Record<string, DocData>> {
  const out: Record<string, DocData> = {};
  for (const collection of [
    'feedPosts',
    'feedActivities',
    'boardEntries',
    'boards',
    'feedHorizons',
    'tombstones',
  ]) {
    for (const d of await store.query({ collection, limit: 500 })) out[d.path] = d.data;
  }
  return out;
}

const T0 = Date.UTC(2026, 10, 28, 22, 0); // Saturday 28 Nov, 22:00 UTC: the week and the month end soon
const rep = (activityType: string, fields: Record<string, number>, timestamp: number): DocData => {
  const d: DocData = { activityType, ...fields, timestamp };
  d.calorieUnits = calorieUnits(d as { activityType: string });
  return d;
};

/** A fixed story: logs, an edit across the week and month boundary, deletes, profile changes, posts. */
async function story(store: ReactionStore): Promise<Record<string, DocData>> {
  let now = T0;
  const env = (): ReactionEnv => ({ store, now, timeZone: 'UTC', feedKeep: 3 });
  const pending: ReactionEvent[] = [];
  const write = async (ops: WriteOp[]) => {
    const before = await Promise.all(ops.map((o) => store.get(o.path)));
    await store.commit(ops);
    const after = await Promise.all(ops.map((o) => store.get(o.path)));
    ops.forEach((o, i) => {
      const e = eventForWrite(o.path, before[i]?.data ?? null, after[i]?.data ?? null);
      if (e) pending.push(e);
    });
  };
  await write([
    { kind: 'set', path: paths.user('u1'), data: { displayName: 'Ann', currentWeight: 200 } },
    { kind: 'set', path: paths.user('u2'), data: { displayName: 'Bo' } },
  ]);
  await write([{ kind: 'set', path: paths.rep('u1', 'r1'), data: rep('Running', { time: 30 }, now) }]);
  await write([
    {
      kind: 'set',
      path: paths.rep('u2', 'r2'),
      data: rep('Squats', { count: 20, time: 10, weightLifted: 95 }, now),
    },
  ]);
  await write([
    { kind: 'set', path: paths.rep('u2', 'r3'), data: rep('Leg Curl', { count: 12, weightLifted: 80 }, now) },
  ]);
  for (let i = 0; i < 5; i++)
    await write([
      { kind: 'set', path: paths.post('u1', `p${i}`), data: { message: `hi ${i}`, timestamp: now + i } },
    ]);
  now += 3 * 3_600_000; // Sunday 29 Nov 01:00: a new day and a new week
  await write([{ kind: 'set', path: paths.rep('u1', 'r4'), data: rep('Yoga', { time: 45 }, now) }]);
  await write([
    { kind: 'set', path: paths.rep('u1', 'r1'), data: rep('Running', { time: 40 }, now - 60_000) },
  ]);
  await write([{ kind: 'delete', path: paths.rep('u2', 'r3') }]);
  await write([
    { kind: 'update', path: paths.user('u2'), data: { hideExerciseInfo: true, displayName: 'Bee' } },
  ]);
  await write([{ kind: 'update', path: paths.user('u1'), data: { currentWeight: 150 } }]);
  // Delivered newest first, each twice.
  for (const e of [...pending].reverse()) await react(env(), e);
  for (const e of pending) await react(env(), e);
  await expireProjections(env());
  // The reactions already put the boards on the new day and week (board-refresh.ts).
  expect((await rollupBoards(env())).written).toEqual([]);
  expect((await rebuildProjections(env(), { apply: false })).differences).toEqual([]);
  return projections(store);
}

if (!host) {
  describe.skip('AdminStore against the Firestore emulator: NOT RUN (FIRESTORE_EMULATOR_HOST is not set)', () => {
    it('did not run', () => {});
  });
} else {
  describe('AdminStore against the Firestore emulator', () => {
    const app = initializeApp({ projectId: PROJECT }, 'admin-store-emulator');
    const store = new AdminStore(getFirestore(app));
    beforeAll(clear);
    afterAll(async () => {
      await clear();
      await deleteApp(app);
    });

    it('port semantics: get, ordered paged query, aggregate, update of a missing doc, transaction', async () => {
      await store.commit([
        { kind: 'set', path: 'feedPosts/a', data: { timestamp: 2, n: 1 } },
        { kind: 'set', path: 'feedPosts/b', data: { timestamp: 2, n: 2 } },
        { kind: 'set', path: 'feedPosts/c', data: { timestamp: 1, n: 3 } },
      ]);
      expect(await store.get('feedPosts/a')).toEqual({
        path: 'feedPosts/a',
        id: 'a',
        data: { timestamp: 2, n: 1 },
      });
      expect(await store.get('feedPosts/zz')).toBeNull();
      const spec = {
        collection: 'feedPosts',
        orderBy: [{ field: 'timestamp', direction: 'desc' as const }],
        limit: 2,
      };
      const first = await store.query(spec);
      const memory = new MemoryStore({
        'feedPosts/a': { timestamp: 2, n: 1 },
        'feedPosts/b': { timestamp: 2, n: 2 },
        'feedPosts/c': { timestamp: 1, n: 3 },
      });
      expect(first.map((d) => d.path)).toEqual((await memory.query(spec)).map((d) => d.path));
      const last = first[first.length - 1];
      const next = { ...spec, startAfter: { values: [last?.data.timestamp], path: last?.path as string } };
      expect((await store.query(next)).map((d) => d.path)).toEqual(
        (await memory.query(next)).map((d) => d.path),
      );
      // Named documents, by full path (the port's DOCUMENT_NAME), with another filter.
      const named = {
        collection: 'feedPosts',
        where: [
          { field: 'timestamp', op: '==' as const, value: 2 },
          { field: DOCUMENT_NAME, op: 'in' as const, value: ['feedPosts/c', 'feedPosts/b', 'feedPosts/x'] },
        ],
      };
      expect((await store.query(named)).map((d) => d.path)).toEqual(['feedPosts/b']);
      expect(
        await store.aggregate({ collection: 'feedPosts' }, { count: true, sum: ['n', 'missing'] }),
      ).toEqual({
        count: 3,
        sum: { n: 6, missing: 0 },
      });
      await expect(
        store.commit([{ kind: 'update', path: 'feedPosts/zz', data: { n: 1 } }]),
      ).rejects.toMatchObject({
        code: 'not-found',
      });
      const seen = await store.transact(async (tx) => {
        const doc = await tx.get('feedPosts/a');
        tx.write({ kind: 'update', path: 'feedPosts/a', data: { n: Number(doc?.data.n) + 10 } });
        return doc?.data.n;
      });
      expect(seen).toBe(1);
      expect((await store.get('feedPosts/a'))?.data.n).toBe(11);
      // `remove` deletes the fields it names, in a batch and in a transaction.
      await store.commit([{ kind: 'update', path: 'feedPosts/b', data: { n: 5 }, remove: ['timestamp'] }]);
      expect((await store.get('feedPosts/b'))?.data).toEqual({ n: 5 });
      await store.transact(async (tx) => {
        tx.write({ kind: 'update', path: 'feedPosts/c', data: {}, remove: ['n'] });
      });
      expect((await store.get('feedPosts/c'))?.data).toEqual({ timestamp: 1 });
      await clear();
    });

    it('the reactions give the same projections over Firestore as over MemoryStore', async () => {
      const overMemory = await story(new MemoryStore());
      const overFirestore = await story(store);
      expect(overFirestore).toEqual(overMemory);
      expect(Object.keys(overFirestore).length).toBeGreaterThan(5);
    }, 120_000);
  });
}
