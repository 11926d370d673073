/**
 * The reactions after commit, end to end: feed items, board entries and boards from real client
 * writes; two concurrent clients in the same period; the audit (rebuildProjections) finds nothing
 * to fix; the account-deletion endpoint; the live stream.
 */

import { caloriesFromUnits, calorieUnits } from '@fit/shared/formulas';
import { type Board, type BoardEntry, paths, REQUIRES_RECENT_LOGIN } from '@fit/shared/model';
import { periodKey } from '@fit/shared/periods';
import type { DocSnapshot, WriteOp } from '@fit/shared/store';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  admin,
  call,
  commit,
  signIn,
  signUp,
  startTestServer,
  type TestServer,
  type TestUser,
} from './helpers.ts';
import { snapshotOf } from './store-helpers.ts';

let server: TestServer;

/** Every collection the reactions write. */
const PROJECTION = /^(boards|boardEntries|feedActivities|feedPosts|feedHorizons|progress)\//;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.dispose();
});
beforeEach(async () => {
  await admin(server.url, '/api/admin/idle');
});

function activity(activityType: string, fields: { count?: number; time?: number; weightLifted?: number }) {
  const doc = { activityType, ...fields, timestamp: Date.now() };
  return { ...doc, calorieUnits: calorieUnits(doc) };
}

async function profile(user: TestUser, displayName: string, extra: Record<string, unknown> = {}) {
  const r = await commit(server.url, user.idToken, [
    {
      kind: 'set',
      path: paths.user(user.uid),
      data: { userId: user.uid, email: user.email, createdAt: Date.now(), displayName, ...extra },
    },
  ]);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

async function settle() {
  const r = await admin<{ idle: boolean }>(server.url, '/api/admin/idle', { timeoutMs: 30_000 });
  expect(r.idle).toBe(true);
}

async function audit() {
  return admin<{ differences: string[] }>(server.url, '/api/admin/rebuild', { apply: false });
}

async function read(user: TestUser, path: string) {
  const r = await call<{ doc: DocSnapshot | null }>(server.url, '/api/get', { path }, user.idToken);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.doc;
}

describe('reactions after commit', () => {
  it('a post and an activity reach the feed and the boards, and the audit agrees', async () => {
    const alice = await signUp('alice');
    const bob = await signUp('bob');
    await profile(alice, 'Alice', { currentWeight: 180 });
    const run = activity('Running', { time: 30 });
    expect(
      (
        await commit(server.url, alice.idToken, [
          { kind: 'set', path: paths.rep(alice.uid, 'r1'), data: run },
        ])
      ).status,
    ).toBe(200);
    expect(
      (
        await commit(server.url, alice.idToken, [
          {
            kind: 'set',
            path: paths.post(alice.uid, 'p1'),
            data: { message: 'Morning run!', timestamp: Date.now() },
          },
        ])
      ).status,
    ).toBe(200);
    await settle();

    // Bob (another signed-in user) sees Alice's feed items and the board.
    const feedActivity = await read(bob, paths.feedActivity(alice.uid, 'r1'));
    expect(feedActivity?.data).toMatchObject({
      uid: alice.uid,
      userName: 'Alice',
      activityType: 'Running',
      time: 30,
    });
    const feedPost = await read(bob, paths.feedPost(alice.uid, 'p1'));
    expect(feedPost?.data).toMatchObject({ uid: alice.uid, userName: 'Alice', message: 'Morning run!' });
    const daily = (await read(bob, paths.board('daily')))?.data as unknown as Board;
    expect(daily.periodKey).toBe(periodKey('daily', Date.now(), 'UTC'));
    expect(daily.minutes).toEqual([{ uid: alice.uid, userName: 'Alice', value: 30 }]);
    expect(daily.calories).toEqual([
      { uid: alice.uid, userName: 'Alice', value: caloriesFromUnits(run.calorieUnits, 180) },
    ]);

    // Board entries are server-only, but they are there.
    const entry = server.store.readDoc(paths.boardEntry(periodKey('daily', Date.now(), 'UTC'), alice.uid));
    expect(entry?.data).toMatchObject({ minutes: 30, visible: true, userName: 'Alice' });
    expect((await audit()).differences).toEqual([]);
  });

  it('two concurrent clients logging in the same period: exact board entries and boards', async () => {
    const alice = await signUp('alice2');
    const bob = await signUp('bob2');
    await profile(alice, 'Alice Two', { currentWeight: 150 });
    await profile(bob, 'Bob Two', { currentWeight: 200 });
    await settle();

    const plan = (user: TestUser, n: number, count: number, time: number) =>
      Array.from(
        { length: n },
        (_, i): WriteOp => ({
          kind: 'set',
          path: paths.rep(user.uid, `c${i}`),
          data: activity('Push Ups', { count, time }),
        }),
      );
    const aliceWrites = plan(alice, 40, 12, 2);
    const bobWrites = plan(bob, 40, 10, 3);
    // Interleaved, all in flight at once, from two clients.
    const results = await Promise.all(
      aliceWrites.flatMap((w, i) => [
        commit(server.url, alice.idToken, [w]),
        commit(server.url, bob.idToken, [bobWrites[i] as WriteOp]),
      ]),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    // An edit and a delete while the reactions run.
    expect(
      (
        await commit(server.url, alice.idToken, [
          { kind: 'update', path: paths.rep(alice.uid, 'c0'), data: { count: 100 } },
        ])
      ).status,
    ).toBe(200);
    expect(
      (await commit(server.url, bob.idToken, [{ kind: 'delete', path: paths.rep(bob.uid, 'c0') }])).status,
    ).toBe(200);
    await settle();

    const now = Date.now();
    const units = (time: number) => calorieUnits({ activityType: 'Push Ups', time });
    const expected = {
      [alice.uid]: { reps: 39 * 12 + 100, minutes: 40 * 2, calories: caloriesFromUnits(40 * units(2), 150) },
      [bob.uid]: { reps: 39 * 10, minutes: 39 * 3, calories: caloriesFromUnits(39 * units(3), 200) },
    };
    for (const kind of ['daily', 'weekly', 'monthly'] as const) {
      const key = periodKey(kind, now, 'UTC');
      for (const user of [alice, bob]) {
        const entry = server.store.readDoc(paths.boardEntry(key, user.uid))?.data as unknown as BoardEntry;
        expect(entry, `${kind} ${user.uid}`).toMatchObject({
          ...expected[user.uid],
          visible: true,
          periodKey: key,
        });
      }
      const board = server.store.readDoc(paths.board(kind))?.data as unknown as Board;
      expect(board.periodKey).toBe(key);
      for (const metric of ['reps', 'minutes', 'calories'] as const) {
        for (const user of [alice, bob]) {
          expect(board[metric]).toContainEqual({
            uid: user.uid,
            userName: user === alice ? 'Alice Two' : 'Bob Two',
            value: expected[user.uid]?.[metric],
          });
        }
        const values = board[metric].map((p) => p.value);
        expect(values).toEqual([...values].sort((a, b) => b - a));
      }
    }
    expect((await audit()).differences).toEqual([]);
    // No projection document (boards, board entries, feed items) is written more than once in any
    // second (Firestore's per-document guideline), not even the feed item of an activity edited
    // right after it was logged: the reactions coalesce and pace each user's writes.
    const { hotDocuments } = await admin<{ hotDocuments: { path: string }[] }>(
      server.url,
      '/api/admin/status',
    );
    expect(hotDocuments.filter((d) => PROJECTION.test(d.path))).toEqual([]);
  });

  it('privacy: hiding exercise info removes the user from boards and the activity feed', async () => {
    const dana = await signUp('dana');
    await profile(dana, 'Dana');
    await commit(server.url, dana.idToken, [
      { kind: 'set', path: paths.rep(dana.uid, 'h1'), data: activity('Yoga', { time: 180 }) },
    ]);
    await settle();
    expect(server.store.readDoc(paths.feedActivity(dana.uid, 'h1'))).not.toBeNull();
    await commit(server.url, dana.idToken, [
      { kind: 'update', path: paths.user(dana.uid), data: { hideExerciseInfo: true } },
    ]);
    await settle();
    expect(server.store.readDoc(paths.feedActivity(dana.uid, 'h1'))).toBeNull();
    const daily = server.store.readDoc(paths.board('daily'))?.data as unknown as Board;
    expect(daily.minutes.some((p) => p.uid === dana.uid)).toBe(false);
    expect((await audit()).differences).toEqual([]);
  });
});

describe('account deletion', () => {
  it('needs a recent sign-in, then removes the data, the projections and the auth user', async () => {
    const erin = await signUp('erin');
    await profile(erin, 'Erin');
    await commit(server.url, erin.idToken, [
      { kind: 'set', path: paths.rep(erin.uid, 'x'), data: activity('Running', { time: 10 }) },
      { kind: 'set', path: paths.weightRecord(erin.uid, 'w'), data: { weight: 160, timestamp: Date.now() } },
      { kind: 'set', path: paths.goal(erin.uid), data: { target: '50', type: 'reps' } },
      { kind: 'set', path: paths.post(erin.uid, 'p'), data: { message: 'bye', timestamp: Date.now() } },
    ]);
    await settle();
    expect(server.store.readDoc(paths.feedPost(erin.uid, 'p'))).not.toBeNull();

    // A server whose clock is 6 minutes ahead sees Erin's sign-in as too old.
    const later = await startTestServer({}, { reactions: false, now: () => Date.now() + 6 * 60_000 });
    try {
      const refused = await call(later.url, '/api/deleteAccount', {}, erin.idToken);
      expect(refused.status).toBe(400);
      expect(refused.body.error?.code).toBe('failed-precondition');
      expect(refused.body.error?.message).toContain(REQUIRES_RECENT_LOGIN);
    } finally {
      await later.dispose();
    }
    expect(server.store.readDoc(paths.user(erin.uid))).not.toBeNull();

    const ok = await call(server.url, '/api/deleteAccount', {}, erin.idToken);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    await settle();
    const left = Object.keys(snapshotOf(server.store)).filter((p) => p.includes(erin.uid));
    expect(left).toEqual([paths.tombstone(erin.uid)]);
    await expect(signIn(erin)).rejects.toThrow(/EMAIL_NOT_FOUND|USER_NOT_FOUND|INVALID/);
    // The deleted user's token no longer works.
    expect((await call(server.url, '/api/get', { path: paths.user(erin.uid) }, erin.idToken)).status).toBe(
      401,
    );
    expect((await audit()).differences).toEqual([]);
  });
});
