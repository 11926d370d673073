/**
 * Issues 8 and 9 against the real local server (SQLite, the reactions worker, the Auth emulator):
 * a burst of one user writes no projection document more than once a second; 800 activities of
 * 600 minutes put at most 1,440 minutes on today's board; a user who hides their exercise info or
 * deletes their account is off the three boards without any rollup running.
 */
import { calorieUnits } from '@fit/shared/formulas';
import { BOARD_KINDS, type Board, paths } from '@fit/shared/model';
import type { DocSnapshot, WriteOp } from '@fit/shared/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, call, commit, signUp, startTestServer, type TestServer, type TestUser } from './helpers.ts';

const PROJECTION = /^(boards|boardEntries|feedActivities|feedPosts|feedHorizons|progress)\//;

function activity(activityType: string, fields: { count?: number; time?: number }, timestamp = Date.now()) {
  const doc = { activityType, ...fields, timestamp };
  return { ...doc, calorieUnits: calorieUnits(doc) };
}

async function ok(server: TestServer, user: TestUser, writes: WriteOp[]) {
  const r = await commit(server.url, user.idToken, writes);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

async function profile(server: TestServer, user: TestUser, displayName: string) {
  await ok(server, user, [
    {
      kind: 'set',
      path: paths.user(user.uid),
      data: { userId: user.uid, email: user.email, createdAt: Date.now(), displayName },
    },
  ]);
}

function onBoard(server: TestServer, kind: (typeof BOARD_KINDS)[number], uid: string): boolean {
  const board = server.store.readDoc(paths.board(kind))?.data as unknown as Board | undefined;
  return (['reps', 'minutes', 'calories'] as const).some((m) => board?.[m].some((p) => p.uid === uid));
}

async function until(what: string, test: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('under load (issue 8)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.dispose();
  });

  it('a burst of one user writes each projection document at most once a second, and the audit agrees', async () => {
    const gus = await signUp('gus');
    const hal = await signUp('hal');
    await profile(server, gus, 'Gus');
    await profile(server, hal, 'Hal');
    // About 3 s of writes: 120 activities, edits right after logging, posts, renames, a privacy
    // toggle, and another user logging alongside.
    const started = Date.now();
    for (let i = 0; i < 120; i++) {
      const writes: WriteOp[] = [
        { kind: 'set', path: paths.rep(gus.uid, `b${i}`), data: activity('Running', { time: 5 }) },
      ];
      await ok(server, gus, writes);
      if (i % 10 === 0)
        await ok(server, gus, [
          {
            kind: 'update',
            path: paths.rep(gus.uid, `b${i}`),
            data: { time: 6, calorieUnits: calorieUnits({ activityType: 'Running', time: 6 }) },
          },
        ]);
      if (i % 40 === 5)
        await ok(server, gus, [
          {
            kind: 'set',
            path: paths.post(gus.uid, `p${i}`),
            data: { message: `post ${i}`, timestamp: Date.now() },
          },
        ]);
      if (i % 30 === 15)
        await ok(server, gus, [
          { kind: 'update', path: paths.user(gus.uid), data: { displayName: `Gus ${i}` } },
        ]);
      if (i === 60)
        await ok(server, gus, [
          { kind: 'update', path: paths.user(gus.uid), data: { hideExerciseInfo: true } },
        ]);
      if (i === 62)
        await ok(server, gus, [
          { kind: 'update', path: paths.user(gus.uid), data: { hideExerciseInfo: false } },
        ]);
      if (i % 4 === 0)
        await ok(server, hal, [
          {
            kind: 'set',
            path: paths.rep(hal.uid, `h${i}`),
            data: activity('Push Ups', { count: 10, time: 1 }),
          },
        ]);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(Date.now() - started).toBeGreaterThan(2500);
    expect((await admin<{ idle: boolean }>(server.url, '/api/admin/idle', { timeoutMs: 60_000 })).idle).toBe(
      true,
    );

    const { hotDocuments } = await admin<{ hotDocuments: { path: string; maxPerSecond: number }[] }>(
      server.url,
      '/api/admin/status',
    );
    expect(hotDocuments.filter((d) => PROJECTION.test(d.path))).toEqual([]);
    // The entries were kept current along the way, not only once at the end.
    const entry = server.store
      .runQuery({ collection: 'boardEntries', where: [{ field: 'uid', op: '==', value: gus.uid }] })
      .find((d: DocSnapshot) => d.data.kind === 'daily') as DocSnapshot;
    expect(entry.data).toMatchObject({ minutes: 120 * 5 + 12, userName: 'Gus 105', visible: true });
    expect(server.store.writeCounters.statsOf(entry.path).total).toBeGreaterThanOrEqual(2);
    const audit = await admin<{ differences: string[] }>(server.url, '/api/admin/rebuild', { apply: false });
    expect(audit.differences).toEqual([]);
  });

  it('800 activities of 600 minutes in two commits put at most 1,440 minutes on today’s board', async () => {
    const ida = await signUp('ida');
    await profile(server, ida, 'Ida');
    for (const half of [0, 1]) {
      await ok(
        server,
        ida,
        Array.from(
          { length: 400 },
          (_, i): WriteOp => ({
            kind: 'set',
            path: paths.rep(ida.uid, `m${half}-${i}`),
            data: activity('Walking', { time: 600 }), // Walking's per-entry limit is 600 minutes,
          }),
        ),
      );
    }
    expect((await admin<{ idle: boolean }>(server.url, '/api/admin/idle', { timeoutMs: 60_000 })).idle).toBe(
      true,
    );
    const daily = server.store.readDoc(paths.board('daily'))?.data as unknown as Board;
    const mine = daily.minutes.find((p) => p.uid === ida.uid);
    expect(mine?.value).toBe(1440);
    for (const p of daily.minutes) expect(p.value).toBeLessThanOrEqual(1440);
    const weekly = server.store.readDoc(paths.board('weekly'))?.data as unknown as Board;
    // All of it on one day: the week counts that day's worth (caps.ts, issue 11).
    expect(weekly.minutes.find((p) => p.uid === ida.uid)?.value).toBe(1440);
    const audit = await admin<{ differences: string[] }>(server.url, '/api/admin/rebuild', { apply: false });
    expect(audit.differences).toEqual([]);
  });
});

describe('hidden or deleted users leave the boards at once (issue 9)', () => {
  // No prompt rollup (debounced by 10 minutes) and no timer: only the reactions themselves can
  // take a user off a board here.
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ LOCAL_ROLLUP_DEBOUNCE_MS: '600000', LOCAL_ROLLUP_INTERVAL_MS: '0' });
  });
  afterAll(async () => {
    await server?.dispose();
  });

  it('hiding exercise info, then deleting the account: the three boards no longer name the user', async () => {
    const users: TestUser[] = [];
    for (const [i, name] of ['Jo', 'Kim', 'Lu', 'Mo'].entries()) {
      const u = await signUp(name.toLowerCase());
      users.push(u);
      await profile(server, u, name);
      await ok(server, u, [
        {
          kind: 'set',
          path: paths.rep(u.uid, 'a'),
          data: activity('Push Ups', { count: 100 - i, time: 60 - i }),
        },
      ]);
    }
    const [jo, kim] = users as [TestUser, TestUser];
    await until('deliveries done', () => server.store.deliveries.pending() === 0, 10_000);
    await admin(server.url, '/api/admin/rollup');
    for (const kind of BOARD_KINDS) {
      expect(onBoard(server, kind, jo.uid), kind).toBe(true);
      expect(onBoard(server, kind, kim.uid), kind).toBe(true);
    }
    const rollups = server.store.writeCounters.statsOf(paths.board('daily')).total;

    await ok(server, jo, [{ kind: 'update', path: paths.user(jo.uid), data: { hideExerciseInfo: true } }]);
    await until('Jo off the three boards', () => BOARD_KINDS.every((k) => !onBoard(server, k, jo.uid)), 5000);
    // Mo, fourth before, takes the third place.
    const daily = server.store.readDoc(paths.board('daily'))?.data as unknown as Board;
    expect(daily.minutes.map((p) => p.userName)).toEqual(['Kim', 'Lu', 'Mo']);

    const deleted = await call(server.url, '/api/deleteAccount', {}, kim.idToken);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    // Gone when the deletion answers, not later.
    for (const kind of BOARD_KINDS) expect(onBoard(server, kind, kim.uid), kind).toBe(false);
    const weekly = server.store.readDoc(paths.board('weekly'))?.data as unknown as Board | undefined;
    expect(weekly?.reps.map((p) => p.userName)).toEqual(['Lu', 'Mo']);
    // Two rewrites of the daily board since the rollup: the hide and the deletion, no rollup.
    expect(server.store.writeCounters.statsOf(paths.board('daily')).total).toBe(rollups + 2);
  });
});
