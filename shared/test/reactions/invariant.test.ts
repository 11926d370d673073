/**
 * The denormalization invariant: after any sequence of source writes, with the reactions they call
 * for delivered late, out of order, concurrently and more than once, one at a time or a user's
 * pending events as one batch, paced (held back and run again later) or not, and the schedule run
 * at random moments, every projection equals the from-scratch computation (rebuildProjections
 * finds no difference). Even before the last rollup, every board already on its current period
 * does: the reactions keep the top 3s; only a board left on an ended period waits for the rollup.
 */
import { describe, expect, it } from 'vitest';
import { calorieUnits } from '../../src/formulas.ts';
import { BOARD_KINDS, paths } from '../../src/model.ts';
import { currentWindows } from '../../src/periods.ts';
import {
  deleteAccountData,
  eventForWrite,
  expireProjections,
  type ReactionEnv,
  type ReactionEvent,
  react,
  reactUser,
  rebuildProjections,
  rollupBoards,
} from '../../src/reactions/index.ts';
import type { DocData, WriteOp } from '../../src/store.ts';
import { MemoryStore } from '../../testing/memory-store.ts';

/** mulberry32: a small seeded PRNG, so a failing seed replays exactly. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T,
    chance: (p: number) => next() < p,
  };
}

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const ACTIVITIES = [
  { activityType: 'Running', fields: ['time'] },
  { activityType: 'Squats', fields: ['count', 'time', 'weightLifted'] },
  { activityType: 'Leg Curl', fields: ['count', 'weightLifted'] },
  { activityType: 'Push Ups', fields: ['count', 'time'] },
  { activityType: 'Childs Pose', fields: ['time'] },
] as const;

function randomRep(r: ReturnType<typeof prng>, timestamp: number): DocData {
  const a = r.pick(ACTIVITIES);
  const doc: DocData = { activityType: a.activityType, timestamp };
  if ((a.fields as readonly string[]).includes('time')) doc.time = r.int(1, 90);
  if ((a.fields as readonly string[]).includes('count') && r.chance(0.8)) doc.count = r.int(1, 200);
  if ((a.fields as readonly string[]).includes('weightLifted') && r.chance(0.7))
    doc.weightLifted = r.int(0, 300);
  // Runs with a distance, some under 1 km or 1 mile: the longest-distance and fastest-pace records.
  if (a.activityType === 'Running' && r.chance(0.7)) doc.distance = r.int(200, 200 * (doc.time as number));
  doc.calorieUnits = calorieUnits(doc as { activityType: string });
  return doc;
}

async function runScenario(
  seed: number,
  steps: number,
): Promise<{ differences: string[]; beforeRollup: string[]; stats: Record<string, number> }> {
  const r = prng(seed);
  const store = new MemoryStore();
  const timeZone = r.pick(['UTC', 'America/New_York', 'Asia/Kolkata']);
  // Near a month end, a week end and (New York) the end of DST; or near New Year, where progress
  // moves from one year document to the next.
  let now = r.chance(0.5)
    ? Date.UTC(2026, 9, 28, r.int(0, 23), r.int(0, 59))
    : Date.UTC(2026, 11, 31, r.int(0, 23), r.int(0, 59));
  const env = (): ReactionEnv => ({ store, now, timeZone, feedKeep: 6 });
  const pending: ReactionEvent[] = [];
  store.onCommit((changes) => {
    for (const c of changes) {
      const e = eventForWrite(c.path, c.before, c.after);
      if (e) pending.push(e);
    }
  });
  const users = ['u1', 'u2', 'u3', 'u4'];
  const deleted = new Set<string>();
  const reps = new Map<string, string[]>();
  const posts = new Map<string, string[]>();
  let nextId = 0;
  const stats: Record<string, number> = {};
  const count = (k: string) => {
    stats[k] = (stats[k] ?? 0) + 1;
  };

  // Most users start with a profile; one may never have one.
  const seedWrites: WriteOp[] = [];
  for (const u of users) {
    if (r.chance(0.85))
      seedWrites.push({
        kind: 'set',
        path: paths.user(u),
        data: {
          userId: u,
          email: `${u}@x.test`,
          createdAt: now,
          displayName: r.pick(['', 'Ann', 'Bo', 'Cy']),
        },
      });
  }
  if (seedWrites.length) await store.commit(seedWrites);

  // When a paced delivery first ran (Cloud Functions style: it may wait and run again).
  const firstTried = new WeakMap<ReactionEvent, number>();
  const deliverOne = async (uid?: string, yields = 0, final = false) => {
    for (let y = 0; y < yields; y++) await Promise.resolve();
    if (pending.length === 0) return;
    const mine = uid ? pending.findIndex((e) => e.uid === uid) : -1;
    const i = mine >= 0 ? mine : r.int(0, pending.length - 1);
    const e = pending[i] as ReactionEvent;
    const mode = final ? 0 : r.next();
    if (mode < 0.5) {
      // One event, unpaced.
      if (!r.chance(0.25)) pending.splice(i, 1); // else: delivered now and again later
      count('delivered');
      await react(env(), e);
    } else if (mode < 0.75) {
      // One event, paced as Cloud Functions run it: held back, it stays pending for a later run.
      if (!firstTried.has(e)) firstTried.set(e, now);
      const at = env();
      const { retryAt } = await reactUser(at, e.uid, [e], {
        minGapMs: r.pick([500, 1000, 30 * MIN]),
        coveredSince: firstTried.get(e) as number,
      });
      count(retryAt === null ? 'delivered' : 'deferred');
      if (retryAt === null) {
        const j = pending.indexOf(e);
        if (j >= 0 && !r.chance(0.25)) pending.splice(j, 1);
      }
    } else {
      // All of the user's pending events as one recompute, as reactUser allows a runner to do.
      const batch = pending.filter((x) => x.uid === e.uid);
      const { retryAt } = await reactUser(env(), e.uid, batch, { minGapMs: r.pick([0, 1000, 30 * MIN]) });
      count(retryAt === null ? 'batch' : 'deferred');
      if (retryAt === null)
        for (const x of batch) {
          const j = pending.indexOf(x);
          if (j >= 0 && !r.chance(0.1)) pending.splice(j, 1);
        }
    }
  };

  for (let step = 0; step < steps; step++) {
    const alive = users.filter((u) => !deleted.has(u));
    const u = alive.length ? r.pick(alive) : undefined;
    const roll = r.next();
    if (roll < 0.12) {
      now += r.pick([MIN, 17 * MIN, 3 * HOUR, 11 * HOUR, DAY, 3 * DAY]);
      count('clock');
    } else if (roll < 0.3 && u && r.chance(0.2)) {
      // A batch of long runs dated back into one past day, beyond a day's worth of
      // minutes (and at times calories): the week and month count that day up to its cap only.
      const day = now - r.int(0, 9) * DAY - r.int(0, 23) * HOUR;
      const writes: WriteOp[] = [];
      for (let i = r.int(3, 9); i > 0; i--) {
        const id = `r${nextId++}`;
        reps.set(u, [...(reps.get(u) ?? []), id]);
        const data: DocData = { activityType: 'Running', time: 300, timestamp: day - i * MIN };
        data.calorieUnits = calorieUnits(data as { activityType: string });
        writes.push({ kind: 'set', path: paths.rep(u, id), data });
      }
      await store.commit(writes);
      count('backdated-batch');
    } else if (roll < 0.3 && u) {
      const id = `r${nextId++}`;
      reps.set(u, [...(reps.get(u) ?? []), id]);
      await store.commit([
        { kind: 'set', path: paths.rep(u, id), data: randomRep(r, now - r.int(0, 5) * MIN) },
      ]);
      count('log');
    } else if (roll < 0.4 && u && (reps.get(u)?.length ?? 0) > 0) {
      const id = r.pick(reps.get(u) as string[]);
      // Now and then years back (an import's dates): other progress years than the current one.
      const moved = r.chance(0.1)
        ? now - r.int(0, 800) * DAY - r.int(0, 23) * HOUR
        : r.chance(0.6)
          ? now - r.int(0, 40 * 24) * HOUR
          : now - r.int(0, 60) * MIN;
      await store.commit([{ kind: 'set', path: paths.rep(u, id), data: randomRep(r, moved) }]);
      count('edit');
    } else if (roll < 0.46 && u && (reps.get(u)?.length ?? 0) > 0) {
      const list = reps.get(u) as string[];
      const id = list.splice(r.int(0, list.length - 1), 1)[0] as string;
      await store.commit([{ kind: 'delete', path: paths.rep(u, id) }]);
      count('delete');
    } else if (roll < 0.51 && u) {
      await store.commit([
        {
          kind: 'set',
          path: paths.user(u),
          data: { currentWeight: r.pick([0, 120, 155, 231.5, 300]) },
          merge: true,
        },
      ]);
      count('weight');
    } else if (roll < 0.56 && u) {
      await store.commit([
        {
          kind: 'set',
          path: paths.user(u),
          data: { displayName: r.pick(['', 'Ann', 'Bo', 'Dee', '  Ed  ']) },
          merge: true,
        },
      ]);
      count('name');
    } else if (roll < 0.59 && u) {
      await store.commit([
        { kind: 'set', path: paths.user(u), data: { hideExerciseInfo: r.chance(0.5) }, merge: true },
      ]);
      count('privacy');
    } else if (roll < 0.61 && u) {
      const zone = r.pick(['UTC', 'America/New_York', 'Asia/Kolkata', 'Pacific/Kiritimati', 'Not/AZone']);
      await store.commit([{ kind: 'set', path: paths.user(u), data: { timeZone: zone }, merge: true }]);
      count('time-zone');
    } else if (roll < 0.67 && u && (posts.get(u)?.length ?? 0) > 0 && r.chance(0.3)) {
      const list = posts.get(u) as string[];
      const id = list.splice(r.int(0, list.length - 1), 1)[0] as string;
      await store.commit([{ kind: 'delete', path: paths.post(u, id) }]);
      count('post-delete');
    } else if (roll < 0.67 && u) {
      const id = `p${nextId++}`;
      posts.set(u, [...(posts.get(u) ?? []), id]);
      await store.commit([
        {
          kind: 'set',
          path: paths.post(u, id),
          data: { message: `hello ${step}`, timestamp: now },
        },
      ]);
      count('post');
    } else if (roll < 0.69 && u && r.chance(0.5)) {
      deleted.add(u);
      // Racing the cascade: reactions may run between its pages (after the tombstone).
      await Promise.all([
        deleteAccountData(env(), u),
        ...[0, 1, 2, 3].map(() => deliverOne(u, r.int(0, 60))),
      ]);
      count('account-deletion');
    } else if (roll < 0.75) {
      await expireProjections(env());
      await rollupBoards(env());
      count('schedule');
    } else if (roll < 0.8) {
      // Concurrent deliveries (the store serializes their transactions).
      await Promise.all([deliverOne(), deliverOne(), deliverOne()]);
    } else {
      await deliverOne();
    }
  }
  // Everything is delivered in the end (at least once), then the schedule runs.
  while (pending.length > 0) await deliverOne(undefined, 0, true);
  await expireProjections(env());
  const current = currentWindows(now, timeZone);
  const ended = BOARD_KINDS.filter((k) => store.snapshot()[paths.board(k)]?.periodKey !== current[k].key).map(
    (k) => paths.board(k),
  );
  const beforeRollup = (await rebuildProjections(env(), { apply: false })).differences.filter(
    (d) => !ended.some((path) => d.startsWith(`missing ${path}:`) || d.startsWith(`differs ${path}:`)),
  );
  await rollupBoards(env());
  return { ...(await rebuildProjections(env(), { apply: false })), beforeRollup, stats };
}

describe('denormalization invariant (seeded random sequences)', () => {
  const SEEDS = Number(
    (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env.INVARIANT_SEEDS ??
      40,
  );
  it(`holds for ${SEEDS} seeds x 120 steps`, async () => {
    const totals: Record<string, number> = {};
    for (let seed = 1; seed <= SEEDS; seed++) {
      const { differences, beforeRollup, stats } = await runScenario(seed, 120);
      for (const [k, v] of Object.entries(stats)) totals[k] = (totals[k] ?? 0) + v;
      expect(differences, `seed ${seed}`).toEqual([]);
      expect(beforeRollup, `seed ${seed}, before the last rollup`).toEqual([]);
    }
    // The generator really exercised every kind of write.
    for (const k of [
      'log',
      'edit',
      'delete',
      'weight',
      'name',
      'privacy',
      'time-zone',
      'post',
      'post-delete',
      'account-deletion',
      'clock',
      'schedule',
      'batch',
      'deferred',
    ])
      expect(totals[k], k).toBeGreaterThan(0);
  }, 120_000);

  it('rebuild with apply fixes a corrupted state', async () => {
    const store = new MemoryStore();
    const now = Date.UTC(2026, 10, 22, 12);
    store.seed({
      'users/u1': { displayName: 'A' },
      'users/u1/reps/r1': { activityType: 'Running', time: 10, timestamp: now, calorieUnits: 800 },
      'boardEntries/d2026-11-22_u9': { uid: 'u9', reps: 5 },
      'feedActivities/u1_r1': { uid: 'u1', time: 99 },
    });
    const env = { store, now, timeZone: 'UTC' };
    const audit = await rebuildProjections(env, { apply: false });
    expect(audit.differences.length).toBeGreaterThan(3);
    await rebuildProjections(env, { apply: true });
    expect((await rebuildProjections(env, { apply: false })).differences).toEqual([]);
  });
});
