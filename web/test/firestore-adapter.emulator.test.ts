// @vitest-environment node
/**
 * The browser's Firestore adapter against a real Firestore: the Firestore emulator,
 * when FIRESTORE_EMULATOR_HOST is set (the functions project's global setup starts the Cloud SDK's
 * emulator where it is installed); otherwise reported as not run. Every port operation the screens
 * use runs over the adapter and over MemoryStore (the reference the component tests trust), and the
 * answers must be the same: ordering with ties, cursors, filters, aggregates over documents that
 * lack some summed fields, batch commits, update of a missing document, live queries.
 */
import { paths } from '@fit/shared/model';
import {
  DOCUMENT_NAME,
  type DocData,
  type LiveDocumentStore,
  type QuerySpec,
  type WriteOp,
} from '@fit/shared/store';
import { MemoryStore } from '@fit/shared/testing/memory-store';
import { deleteApp, initializeApp } from 'firebase/app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirestoreStore } from '../src/data/adapters/firestore.ts';
import { readConfig } from '../src/data/config.ts';
import { watchMyKudos } from '../src/data/social.ts';

const host = process.env.FIRESTORE_EMULATOR_HOST;
// A project of its own: no security rules are loaded for it, so this tests the adapter, not access.
const PROJECT = 'demo-fittrack-web-adapter';
const uid = 'ada';

const activity = (activityType: string, fields: Record<string, number>, timestamp: number): DocData => ({
  activityType,
  ...fields,
  timestamp,
});

/** Running has no reps, Leg Curl no minutes: an aggregate must still count and sum them. */
const SEED: Record<string, DocData> = {
  [paths.rep(uid, 'a')]: activity('Running', { time: 30, calorieUnits: 24000 }, 1_000),
  [paths.rep(uid, 'b')]: activity('Leg Curl', { count: 12, weightLifted: 60, calorieUnits: 0 }, 2_000),
  [paths.rep(uid, 'c')]: activity('Squats', { count: 10, time: 5, calorieUnits: 3000 }, 2_000),
  [paths.rep(uid, 'd')]: activity('Yoga', { time: 20, calorieUnits: 7000 }, 3_000),
  [paths.rep(uid, 'e')]: activity('Bench Press', { count: 8, time: 6, calorieUnits: 3600 }, 4_000),
};

const NEWEST_FIRST = [{ field: 'timestamp', direction: 'desc' }] as const;
const QUERIES: QuerySpec[] = [
  { collection: paths.reps(uid), orderBy: NEWEST_FIRST, limit: 3 },
  // ties on timestamp 2000 are broken by document path, in the direction of the last orderBy
  {
    collection: paths.reps(uid),
    orderBy: NEWEST_FIRST,
    startAfter: { values: [2_000], path: paths.rep(uid, 'c') },
  },
  {
    collection: paths.reps(uid),
    where: [
      { field: 'timestamp', op: '>=', value: 2_000 },
      { field: 'timestamp', op: '<', value: 4_000 },
    ],
  },
  { collection: paths.reps(uid), where: [{ field: 'activityType', op: '==', value: 'Yoga' }] },
  // Named documents, by full path: over the group and in one collection.
  {
    collection: 'reps',
    group: true,
    where: [
      { field: 'timestamp', op: '==', value: 2_000 },
      {
        field: DOCUMENT_NAME,
        op: 'in',
        value: [paths.rep(uid, 'c'), paths.rep(uid, 'a'), paths.rep('bo', 'c')],
      },
    ],
  },
  { collection: paths.reps(uid), where: [{ field: DOCUMENT_NAME, op: '==', value: paths.rep(uid, 'd') }] },
];

if (!host) {
  describe.skip('web Firestore adapter against the Firestore emulator: NOT RUN (FIRESTORE_EMULATOR_HOST is not set)', () => {
    it('runs where a Firestore emulator is reachable', () => {});
  });
} else {
  describe('web Firestore adapter against the Firestore emulator', () => {
    const app = initializeApp({ projectId: PROJECT, apiKey: 'fake-api-key' }, 'web-adapter-test');
    let firestore: LiveDocumentStore;
    let memory: MemoryStore;

    beforeAll(async () => {
      await fetch(`http://${host}/emulator/v1/projects/${PROJECT}/databases/(default)/documents`, {
        method: 'DELETE',
      });
      const config = readConfig({
        VITE_FIREBASE_API_KEY: 'fake-api-key',
        VITE_FIREBASE_PROJECT_ID: PROJECT,
        VITE_FIRESTORE_EMULATOR_HOST: host,
      });
      firestore = createFirestoreStore(app, config);
      memory = new MemoryStore();
      const writes: WriteOp[] = Object.entries(SEED).map(([path, data]) => ({ kind: 'set', path, data }));
      await firestore.commit(writes);
      await memory.commit(writes);
    });

    afterAll(async () => {
      await deleteApp(app);
    });

    it('answers gets and queries exactly as the port promises (MemoryStore)', async () => {
      expect(await firestore.get(paths.rep(uid, 'a'))).toEqual(await memory.get(paths.rep(uid, 'a')));
      expect(await firestore.get(paths.rep(uid, 'missing'))).toBeNull();
      for (const spec of QUERIES) {
        const ids = (docs: { path: string }[]) => docs.map((d) => d.path);
        expect(ids(await firestore.query(spec)), JSON.stringify(spec)).toEqual(ids(await memory.query(spec)));
      }
    });

    it('counts and sums documents that lack some of the summed fields', async () => {
      const spec: QuerySpec = { collection: paths.reps(uid) };
      const aggregate = { count: true, sum: ['count', 'time', 'calorieUnits'] };
      const expected = await memory.aggregate(spec, aggregate);
      expect(expected).toEqual({ count: 5, sum: { count: 30, time: 61, calorieUnits: 37600 } });
      expect(await firestore.aggregate(spec, aggregate)).toEqual(expected);
    });

    it('commits batches all or nothing, and refuses to update a missing document', async () => {
      await expect(
        firestore.commit([
          {
            kind: 'set',
            path: paths.rep(uid, 'f'),
            data: activity('Walking', { time: 10, calorieUnits: 4500 }, 5_000),
          },
          { kind: 'update', path: paths.rep(uid, 'nope'), data: { time: 1 } },
        ]),
      ).rejects.toMatchObject({ code: 'not-found' });
      expect(await firestore.get(paths.rep(uid, 'f'))).toBeNull();

      await firestore.commit([
        { kind: 'set', path: paths.user(uid), data: { displayName: 'Ada', currentWeight: 150 } },
        { kind: 'set', path: paths.user(uid), data: { currentWeight: 149 }, merge: true },
        { kind: 'update', path: paths.user(uid), data: { 'stats.best': 3 } },
      ]);
      expect((await firestore.get(paths.user(uid)))?.data).toEqual({
        displayName: 'Ada',
        currentWeight: 149,
        stats: { best: 3 },
      });
    });

    it('update removes the fields it names, as MemoryStore does; a missing document stays missing', async () => {
      const writes: WriteOp[] = [
        {
          kind: 'set',
          path: paths.rep(uid, 'g'),
          data: activity('Bench Press', { count: 8, time: 6 }, 6_000),
        },
        { kind: 'update', path: paths.rep(uid, 'g'), data: { time: 7 }, remove: ['count', 'distance'] },
      ];
      await firestore.commit(writes);
      await memory.commit(writes);
      expect((await firestore.get(paths.rep(uid, 'g')))?.data).toEqual({
        activityType: 'Bench Press',
        time: 7,
        timestamp: 6_000,
      });
      expect((await firestore.get(paths.rep(uid, 'g')))?.data).toEqual(
        (await memory.get(paths.rep(uid, 'g')))?.data,
      );
      const gone: WriteOp[] = [
        { kind: 'update', path: paths.rep(uid, 'gone'), data: { time: 1 }, remove: ['count'] },
      ];
      await expect(firestore.commit(gone)).rejects.toMatchObject({ code: 'not-found' });
      await expect(memory.commit(gone)).rejects.toMatchObject({ code: 'not-found' });
      expect(await firestore.get(paths.rep(uid, 'gone'))).toBeNull();
      await firestore.commit([{ kind: 'delete', path: paths.rep(uid, 'g') }]);
      await memory.commit([{ kind: 'delete', path: paths.rep(uid, 'g') }]);
    });

    it("finds my kudos on shown items however many newer ones I gave, and nobody else's", async () => {
      const mine = (owner: string, id: string, timestamp: number): WriteOp => ({
        kind: 'set',
        path: paths.kudosOf('feedPosts', owner, id, uid),
        data: { uid, owner, userName: 'Ada', timestamp },
      });
      const old = paths.kudosOf('feedPosts', 'ann', 'p1', uid);
      const theirs = paths.kudosOf('feedPosts', 'ann', 'p2', 'bo');
      await firestore.commit([
        mine('ann', 'p1', 1_000),
        ...Array.from({ length: 100 }, (_, i) => mine('zed', `z${i}`, 2_000 + i)),
        { kind: 'set', path: theirs, data: { uid: 'bo', owner: 'ann', userName: 'Bo', timestamp: 1_000 } },
      ]);
      const shown = [old, paths.kudosOf('feedPosts', 'ann', 'p3', uid), theirs];
      const seen: Set<string>[] = [];
      const stop = watchMyKudos(
        firestore,
        uid,
        shown,
      )(
        (given) => seen.push(given),
        (error) => {
          throw error;
        },
      );
      await expect.poll(() => seen.at(-1)).toEqual(new Set([old]));
      stop();
    });

    it('delivers a live query again when a matching document changes', async () => {
      const seen: string[][] = [];
      const spec: QuerySpec = { collection: paths.reps(uid), orderBy: NEWEST_FIRST, limit: 2 };
      const stop = firestore.listen(
        spec,
        (docs) => seen.push(docs.map((d) => d.id)),
        (error) => {
          throw error;
        },
      );
      await expect.poll(() => seen.at(-1)).toEqual(['e', 'd']);
      await firestore.commit([
        {
          kind: 'set',
          path: paths.rep(uid, 'g'),
          data: activity('Rowing', { time: 15, calorieUnits: 10500 }, 9_000),
        },
      ]);
      await expect.poll(() => seen.at(-1)).toEqual(['g', 'e']);
      stop();
    });
  });
}
