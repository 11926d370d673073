/**
 * Boards fresh within seconds of a change to a top 3 (board-refresh.ts): the activity reaction
 * rewrites a board when a user's entry enters, leaves or moves in its top 3, reads no more than
 * the stored boards when it cannot, and under a burst of many users writes each board about once
 * a second; the rollup finds nothing left to do.
 */
import { describe, expect, it } from 'vitest';
import { BOARD_KINDS, type Board, type BoardKind, paths } from '../../src/model.ts';
import { metricsTouched } from '../../src/reactions/board-refresh.ts';
import {
  MAX_DEFERRALS,
  type PaceResult,
  type ReactionEnv,
  type ReactionEvent,
  react,
  reactUser,
  rebuildProjections,
  rollupBoards,
} from '../../src/reactions/index.ts';
import type { DocumentReader, QuerySpec, ReactionStore, WriteOp } from '../../src/store.ts';
import { harness, profile, rep, T0, TZ } from './helpers.ts';

const SECOND = 1000;
const board = (h: ReturnType<typeof harness>, kind: BoardKind) =>
  h.store.snapshot()[paths.board(kind)] as unknown as Board;
const boardWrites = (h: ReturnType<typeof harness>) =>
  BOARD_KINDS.map((k) => h.store.writeCount(paths.board(k)));

async function deliver(h: ReturnType<typeof harness>, now: number) {
  for (const e of h.events.splice(0)) await react(h.env(now), e);
}

/** u2, u3, u4 on every board (Push Ups: 90/50, 80/40, 70/30 reps/minutes), rolled up. */
async function threeOnTheBoards() {
  const h = harness();
  const writes: WriteOp[] = [];
  for (const [i, u] of ['u2', 'u3', 'u4'].entries()) {
    writes.push({ kind: 'set', path: paths.user(u), data: profile(u, { currentWeight: 150 }) });
    writes.push({
      kind: 'set',
      path: paths.rep(u, 'a'),
      data: rep('Push Ups', { count: 90 - i * 10, time: 50 - i * 10 }, T0),
    });
  }
  writes.push({ kind: 'set', path: paths.user('u1'), data: profile('u1', { currentWeight: 150 }) });
  await h.store.commit(writes);
  await deliver(h, T0);
  await rollupBoards(h.env(T0));
  for (const kind of BOARD_KINDS) expect(board(h, kind).reps.map((p) => p.uid)).toEqual(['u2', 'u3', 'u4']);
  return h;
}

/** The store of `env` wrapped to record the documents read and the queries run (in and out of transactions). */
function counting(env: ReactionEnv) {
  const gets: string[] = [];
  const queries: QuerySpec[] = [];
  const inner = env.store;
  const read = (reader: DocumentReader): DocumentReader => ({
    get: (p) => {
      gets.push(p);
      return reader.get(p);
    },
    query: (s) => {
      queries.push(s);
      return reader.query(s);
    },
    aggregate: (s, a) => reader.aggregate(s, a),
  });
  const store: ReactionStore = {
    ...read(inner),
    commit: (w) => inner.commit(w),
    transact: (fn) => inner.transact((tx) => fn({ ...read(tx), write: (op) => tx.write(op) })),
  };
  const topQueries = () => queries.filter((q) => q.collection === paths.boardEntries && q.orderBy);
  return { env: { ...env, store }, gets, topQueries };
}

describe('boards follow a change to a top 3 without the rollup', () => {
  it('a new leader appears on the three boards at once; the rollup then finds nothing to do', async () => {
    const h = await threeOnTheBoards();
    await h.store.commit([
      { kind: 'set', path: paths.rep('u1', 'a'), data: rep('Push Ups', { count: 200, time: 60 }, T0 + 1) },
    ]);
    await deliver(h, T0 + 5 * SECOND);
    for (const kind of BOARD_KINDS) {
      expect(
        board(h, kind).reps.map((p) => p.uid),
        kind,
      ).toEqual(['u1', 'u2', 'u3']);
      expect(
        board(h, kind).minutes.map((p) => p.uid),
        kind,
      ).toEqual(['u1', 'u2', 'u3']);
      expect(board(h, kind).reps[0]).toEqual({ uid: 'u1', userName: 'U1', value: 200 });
    }
    expect((await rollupBoards(h.env(T0 + 6 * SECOND))).written).toEqual([]);
    expect((await rebuildProjections(h.env(T0 + 6 * SECOND), { apply: false })).differences).toEqual([]);
  });

  it('a user whose activity is deleted drops out at once, and the fourth moves up', async () => {
    const h = await threeOnTheBoards();
    await h.store.commit([
      { kind: 'set', path: paths.rep('u1', 'a'), data: rep('Squats', { count: 10, time: 5 }, T0) },
    ]);
    await deliver(h, T0 + SECOND);
    // u1 is fourth: on no board.
    for (const kind of BOARD_KINDS) expect(board(h, kind).reps.map((p) => p.uid)).toEqual(['u2', 'u3', 'u4']);
    await h.store.commit([{ kind: 'delete', path: paths.rep('u2', 'a') }]);
    await deliver(h, T0 + 2 * SECOND);
    for (const kind of BOARD_KINDS) {
      expect(
        board(h, kind).reps.map((p) => p.uid),
        kind,
      ).toEqual(['u3', 'u4', 'u1']);
      expect(
        board(h, kind).minutes.map((p) => p.uid),
        kind,
      ).toEqual(['u3', 'u4', 'u1']);
    }
    expect((await rebuildProjections(h.env(T0 + 2 * SECOND), { apply: false })).differences).toEqual([]);
  });

  it('a user moving within the top 3 moves on the boards at once', async () => {
    const h = await threeOnTheBoards();
    await h.store.commit([{ kind: 'update', path: paths.rep('u2', 'a'), data: { count: 75 } }]);
    await deliver(h, T0 + SECOND);
    for (const kind of BOARD_KINDS) expect(board(h, kind).reps.map((p) => p.value)).toEqual([80, 75, 70]);
    expect((await rebuildProjections(h.env(T0 + SECOND), { apply: false })).differences).toEqual([]);
  });

  it('a change that cannot reach the top 3 reads the stored boards only and writes none', async () => {
    const h = await threeOnTheBoards();
    const before = boardWrites(h);
    // 20 reps / 5 minutes: under every 3rd place (70 reps, 30 minutes, and their calories).
    await h.store.commit([
      { kind: 'set', path: paths.rep('u1', 'a'), data: rep('Squats', { count: 20, time: 5 }, T0) },
    ]);
    const [event] = h.events.splice(0) as [ReactionEvent];
    const c = counting(h.env(T0 + SECOND));
    await react(c.env, event);
    expect(c.topQueries()).toEqual([]);
    expect(c.gets.filter((p) => p.startsWith(`${paths.boards}/`)).sort()).toEqual(
      BOARD_KINDS.map((k) => paths.board(k)).sort(),
    );
    expect(boardWrites(h)).toEqual(before);
    // A hidden user's entry, however big, cannot either.
    await h.store.commit([{ kind: 'update', path: paths.user('u1'), data: { hideExerciseInfo: true } }]);
    await deliver(h, T0 + 2 * SECOND);
    await h.store.commit([
      { kind: 'set', path: paths.rep('u1', 'b'), data: rep('Push Ups', { count: 900, time: 90 }, T0) },
    ]);
    await deliver(h, T0 + 3 * SECOND);
    expect(boardWrites(h)).toEqual(before);
    expect((await rebuildProjections(h.env(T0 + 3 * SECOND), { apply: false })).differences).toEqual([]);
  });

  it('only the metrics the entry can reach are queried again', async () => {
    const h = await threeOnTheBoards();
    // Running: minutes (and calories) enough for first place, no reps.
    await h.store.commit([
      { kind: 'set', path: paths.rep('u1', 'a'), data: rep('Running', { time: 90 }, T0) },
    ]);
    const [event] = h.events.splice(0) as [ReactionEvent];
    const c = counting(h.env(T0 + SECOND));
    await react(c.env, event);
    const metrics = new Set(c.topQueries().map((q) => q.orderBy?.[0]?.field));
    expect([...metrics].sort()).toEqual(['calories', 'minutes']);
    expect(c.topQueries()).toHaveLength(3 * 2);
    for (const kind of BOARD_KINDS) {
      expect(board(h, kind).minutes[0]?.uid).toBe('u1');
      expect(board(h, kind).reps.map((p) => p.uid)).toEqual(['u2', 'u3', 'u4']);
    }
    expect((await rebuildProjections(h.env(T0 + SECOND), { apply: false })).differences).toEqual([]);
  });

  it('a tie with the 3rd place counts (the query breaks ties by path, descending)', async () => {
    const h = await threeOnTheBoards();
    // u5 ties u4 on reps (70) and minutes (30); boardEntries/…_u5 sorts after …_u4, so it wins.
    await h.store.commit([
      { kind: 'set', path: paths.user('u5'), data: profile('u5', { currentWeight: 150 }) },
      { kind: 'set', path: paths.rep('u5', 'a'), data: rep('Push Ups', { count: 70, time: 30 }, T0) },
    ]);
    await deliver(h, T0 + SECOND);
    expect(board(h, 'daily').reps.map((p) => p.uid)).toEqual(['u2', 'u3', 'u5']);
    expect((await rebuildProjections(h.env(T0 + SECOND), { apply: false })).differences).toEqual([]);
  });

  it('a rename or a weight change of a user on a board shows there at once', async () => {
    const h = await threeOnTheBoards();
    await h.store.commit([
      { kind: 'update', path: paths.user('u2'), data: { displayName: 'Zed', currentWeight: 300 } },
    ]);
    await deliver(h, T0 + SECOND);
    expect(board(h, 'weekly').reps[0]).toMatchObject({ uid: 'u2', userName: 'Zed' });
    expect((await rebuildProjections(h.env(T0 + SECOND), { apply: false })).differences).toEqual([]);
  });

  it('duplicates and reordered deliveries change nothing', async () => {
    const h = await threeOnTheBoards();
    await h.store.commit([
      { kind: 'set', path: paths.rep('u1', 'a'), data: rep('Push Ups', { count: 95 }, T0) },
    ]);
    await h.store.commit([{ kind: 'update', path: paths.rep('u1', 'a'), data: { count: 300 } }]);
    await h.store.commit([{ kind: 'delete', path: paths.rep('u3', 'a') }]);
    const events = h.events.splice(0);
    // Latest first, then everything again.
    for (const e of [...events].reverse()) await react(h.env(T0 + SECOND), e);
    const once = h.store.snapshot();
    const writes = boardWrites(h);
    for (const e of [...events, ...events]) await react(h.env(T0 + 2 * SECOND), e);
    expect(h.store.snapshot()).toEqual(once);
    expect(boardWrites(h)).toEqual(writes);
    // The leader's place shows their entry as it is: a duplicate queries no top 3 again.
    const c = counting(h.env(T0 + 3 * SECOND));
    await react(c.env, events[1] as ReactionEvent);
    expect(c.topQueries()).toEqual([]);
    expect(board(h, 'monthly').reps.map((p) => p.uid)).toEqual(['u1', 'u2', 'u4']);
    expect((await rebuildProjections(h.env(T0 + 2 * SECOND), { apply: false })).differences).toEqual([]);
  });

  it('the first activity of a new day moves the daily board to it; a board already ahead is left', async () => {
    const h = await threeOnTheBoards();
    const nextDay = T0 + 12 * 3_600_000 + 60_000; // 00:01 on Monday 23 Nov
    await h.store.commit([
      { kind: 'set', path: paths.rep('u1', 'a'), data: rep('Running', { time: 5 }, nextDay) },
    ]);
    await deliver(h, nextDay + SECOND);
    expect(board(h, 'daily')).toMatchObject({ periodKey: 'd2026-11-23', minutes: [{ uid: 'u1', value: 5 }] });
    // A board ahead of a run's own clock is never taken back to an ended period.
    expect(
      metricsTouched(board(h, 'daily') as never, 'd2026-11-22', TZ, 'u1', { visible: true, reps: 9 }),
    ).toEqual([]);
  });
});

describe('a burst of many users writes each board about once a second', () => {
  /**
   * 40 users log an activity every 25 ms between them for 6 s, each event handled as Cloud
   * Functions do (paced, waiting out the gap, the waits overlapping) on a simulated clock; every
   * board write is recorded with its time.
   */
  it('paced per-event handling, as in Cloud Functions', async () => {
    const h = harness();
    let clock = T0;
    const written: { path: string; at: number }[] = [];
    h.store.onCommit((changes) => {
      for (const c of changes)
        if (c.path.startsWith(`${paths.boards}/`)) written.push({ path: c.path, at: clock });
    });
    const users = Array.from({ length: 40 }, (_, i) => `u${i}`);
    await h.store.commit(users.map((u) => ({ kind: 'set', path: paths.user(u), data: profile(u) }) as const));
    h.events.splice(0);

    const sleepers: { at: number; wake: () => void }[] = [];
    const sleep = (ms: number) => new Promise<void>((wake) => sleepers.push({ at: clock + ms, wake }));
    let forced = 0;
    const handle = async (event: ReactionEvent) => {
      clock += 1;
      const coveredSince = clock;
      for (let deferrals = 0; ; deferrals++) {
        if (deferrals > 0) clock += 1;
        const env = h.env(clock);
        if (deferrals >= MAX_DEFERRALS) forced++;
        const minGapMs = deferrals >= MAX_DEFERRALS ? 0 : SECOND;
        const r: PaceResult = await reactUser(env, event.uid, [event], { minGapMs, coveredSince });
        if (r.retryAt === null) return;
        await sleep(Math.max(1, r.retryAt - env.now));
      }
    };
    const running: Promise<void>[] = [];
    const flush = () => new Promise((r) => setTimeout(r, 0));
    const advanceTo = async (t: number) => {
      for (;;) {
        const due = sleepers.filter((s) => s.at <= t).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        clock = Math.max(clock, due.at);
        for (const s of sleepers.splice(0))
          if (s.at <= clock) s.wake();
          else sleepers.push(s);
        await flush();
      }
      clock = Math.max(clock, t);
    };
    for (let step = 0; step < 240; step++) {
      const stepStart = clock;
      const u = users[(step * 7) % users.length] as string;
      await h.store.commit([
        {
          kind: 'set',
          path: paths.rep(u, `r${step}`),
          data: rep('Push Ups', { count: 5 + step, time: 2 }, clock),
        },
      ]);
      for (const e of h.events.splice(0)) running.push(handle(e));
      await flush();
      await advanceTo(stepStart + 25);
    }
    while (sleepers.length > 0) await advanceTo(Math.min(...sleepers.map((s) => s.at)));
    await Promise.all(running);

    const perSecond = new Map<string, number>();
    for (const w of written) {
      const k = `${w.path}@${Math.floor(w.at / SECOND)}`;
      perSecond.set(k, (perSecond.get(k) ?? 0) + 1);
    }
    expect([...perSecond].filter(([, n]) => n > 1)).toEqual([]);
    expect(forced).toBe(0);
    // Written along the way (about once a second for 6 s), not only at the end.
    for (const kind of BOARD_KINDS)
      expect(written.filter((w) => w.path === paths.board(kind)).length, kind).toBeGreaterThanOrEqual(5);
    // Quiescent: the boards are what the rollup makes, without it. (The profiles' own events were
    // dropped above, so their people cards were never made: follows.test.ts covers those.)
    const { differences } = await rebuildProjections(h.env(clock), { apply: false });
    expect(differences.filter((d) => !d.startsWith(`missing ${paths.people}/`))).toEqual([]);
    expect((await rollupBoards(h.env(clock))).written).toEqual([]);
  });
});
