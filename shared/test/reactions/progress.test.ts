import { describe, expect, it } from 'vitest';
import { paths } from '../../src/model.ts';
import { periodKey } from '../../src/periods.ts';
import {
  type ProgressSummary,
  type ProgressYear,
  type StoredDay,
  streaks,
  streaksAcross,
} from '../../src/progress.ts';
import { deleteAccountData, react, reactUser, rebuildProjections } from '../../src/reactions/index.ts';
import { harness, profile, rep, T0 } from './helpers.ts';

const DAY = 86_400_000;

/** The stored summary, and every stored year's days by full date. */
function stored(h: ReturnType<typeof harness>, uid: string) {
  const snap = h.store.snapshot();
  const summary = snap[paths.progress(uid)] as unknown as ProgressSummary;
  const days: Record<string, StoredDay> = {};
  const prefix = `${paths.progressYears(uid)}/`;
  for (const [path, data] of Object.entries(snap))
    if (path.startsWith(prefix))
      for (const [key, day] of Object.entries((data as unknown as ProgressYear).days))
        days[`${path.slice(prefix.length)}-${key}`] = day;
  return { summary, days, years: Object.keys(snap).filter((p) => p.startsWith(prefix)) };
}

async function drain(h: ReturnType<typeof harness>, now: number) {
  while (h.events.length > 0) {
    const e = h.events.shift();
    if (e) await react(h.env(now), e);
  }
}

describe('progress projection', () => {
  it('keeps the heaviest Bench Press as the record and moves it when that entry is deleted', async () => {
    const h = harness();
    await h.store.commit([
      { kind: 'set', path: paths.user('u1'), data: profile('u1') },
      {
        kind: 'set',
        path: paths.rep('u1', 'a'),
        data: rep('Bench Press', { count: 10, time: 5, weightLifted: 135 }, T0),
      },
    ]);
    await drain(h, T0 + 1000);
    await h.store.commit([
      {
        kind: 'set',
        path: paths.rep('u1', 'b'),
        data: rep('Bench Press', { count: 5, time: 5, weightLifted: 185 }, T0 + 60_000),
      },
    ]);
    await drain(h, T0 + 61_000);
    let doc = stored(h, 'u1').summary;
    expect(doc.records['Bench Press']?.weightLifted).toEqual([185, T0 + 60_000, 'b']);
    expect(doc.records['Bench Press']?.reps).toEqual([10, T0, 'a']);

    await h.store.commit([{ kind: 'delete', path: paths.rep('u1', 'b') }]);
    await drain(h, T0 + 62_000);
    doc = stored(h, 'u1').summary;
    expect(doc.records['Bench Press']?.weightLifted).toEqual([135, T0, 'a']);
  });

  it('keeps the longest run and the fastest pace over 1 km and over 1 mile, and moves them on delete', async () => {
    const h = harness();
    const run = (id: string, metres: number, minutes: number, at: number) => ({
      kind: 'set' as const,
      path: paths.rep('u1', id),
      data: { ...rep('Running', { time: minutes }, at), distance: metres },
    });
    await h.store.commit([
      { kind: 'set', path: paths.user('u1'), data: profile('u1') },
      run('easy', 10_000, 60, T0), // 166.7 m a minute
      run('tempo', 5000, 25, T0 + DAY), // 200 m a minute
      run('strides', 1200, 4, T0 + 2 * DAY), // 300 m a minute, but under a mile
      run('dash', 800, 2, T0 + 3 * DAY), // 400 m a minute, under 1 km: no pace record
    ]);
    await drain(h, T0 + 4 * DAY);
    let records = stored(h, 'u1').summary.records.Running;
    expect(records?.distance).toEqual([10_000, T0, 'easy']);
    expect(records?.paceKm).toEqual([300, T0 + 2 * DAY, 'strides']);
    expect(records?.paceMi).toEqual([200, T0 + DAY, 'tempo']);

    // The record holders deleted: each record falls back to the next best entry.
    await h.store.commit([
      { kind: 'delete', path: paths.rep('u1', 'strides') },
      { kind: 'delete', path: paths.rep('u1', 'tempo') },
    ]);
    await drain(h, T0 + 4 * DAY + 1000);
    records = stored(h, 'u1').summary.records.Running;
    expect(records?.paceKm).toEqual([10_000 / 60, T0, 'easy']);
    expect(records?.paceMi).toEqual([10_000 / 60, T0, 'easy']);
    // What a rebuild from scratch computes: the same.
    const { differences } = await rebuildProjections(h.env(T0 + 4 * DAY + 2000), { apply: false });
    expect(differences.filter((d) => d.includes('progress/'))).toEqual([]);
  });

  it('counts days in the profile zone and recomputes them all when the zone changes', async () => {
    const h = harness();
    const lateUtc = Date.UTC(2026, 10, 21, 3); // 22:00 on the 20th in New York
    await h.store.commit([
      { kind: 'set', path: paths.user('u1'), data: profile('u1') },
      ...[0, 1, 2].map((i) => ({
        kind: 'set' as const,
        path: paths.rep('u1', `r${i}`),
        data: rep('Running', { time: 20 }, lateUtc - i * DAY),
      })),
    ]);
    await drain(h, lateUtc + 1000);
    let doc = stored(h, 'u1');
    expect(doc.summary.timeZone).toBe('UTC');
    expect(Object.keys(doc.days)).toEqual(['2026-11-19', '2026-11-20', '2026-11-21']);

    await h.store.commit([
      { kind: 'set', path: paths.user('u1'), data: { timeZone: 'America/New_York' }, merge: true },
    ]);
    await drain(h, lateUtc + 2000);
    doc = stored(h, 'u1');
    expect(doc.summary.timeZone).toBe('America/New_York');
    expect(Object.keys(doc.days)).toEqual(['2026-11-18', '2026-11-19', '2026-11-20']);
    expect(doc.days['2026-11-20']).toEqual([20, 0, expect.any(Number), 1]);
    const { differences } = await rebuildProjections(h.env(lateUtc + 3000), { apply: false });
    expect(differences.filter((d) => d.includes('progress/'))).toEqual([]);
  });

  it('follows an entry whose date is edited: out of the old day, into the new one, streak and feed too', async () => {
    const h = harness();
    const now = T0; // Sunday 22 Nov 12:00 UTC
    await h.store.commit([
      { kind: 'set', path: paths.user('u1'), data: profile('u1') },
      { kind: 'set', path: paths.rep('u1', 'a'), data: rep('Running', { time: 30 }, now - 2 * DAY) },
      { kind: 'set', path: paths.rep('u1', 'b'), data: rep('Running', { time: 40 }, now) },
    ]);
    await drain(h, now + 1000);
    let doc = stored(h, 'u1');
    expect(Object.keys(doc.days)).toEqual(['2026-11-20', '2026-11-22']);
    expect(streaks(Object.keys(doc.days), '2026-11-22')).toEqual({ current: 1, best: 1 });

    // Today's run was yesterday's: dated back, the days and the streak follow.
    await h.store.commit([{ kind: 'update', path: paths.rep('u1', 'b'), data: { timestamp: now - DAY } }]);
    await drain(h, now + 2000);
    doc = stored(h, 'u1');
    expect(Object.keys(doc.days)).toEqual(['2026-11-20', '2026-11-21']);
    expect(doc.days['2026-11-21']?.[0]).toBe(40);
    expect(streaks(Object.keys(doc.days), '2026-11-22')).toEqual({ current: 2, best: 2 });
    // The feed item carries the new time; today's board entry no longer counts it.
    const snap = h.store.snapshot();
    expect(snap[paths.feedActivity('u1', 'b')]).toMatchObject({ timestamp: now - DAY });
    expect(snap[paths.boardEntry(periodKey('daily', now, 'UTC'), 'u1')]).toBeUndefined();
    expect(snap[paths.boardEntry(periodKey('weekly', now, 'UTC'), 'u1')]).toBeUndefined();
    // Saturday the 21st is last week's: this (Sun-Sat) week's entry went with it; the month keeps 70.
    expect(snap[paths.boardEntry(periodKey('monthly', now, 'UTC'), 'u1')]).toMatchObject({ minutes: 70 });
    const { differences } = await rebuildProjections(h.env(now + 3000), { apply: false });
    expect(differences.filter((d) => !d.includes('boards/'))).toEqual([]);
  });

  it('is deleted with the account and never re-created by a late event', async () => {
    const h = harness();
    await h.store.commit([
      { kind: 'set', path: paths.user('u1'), data: profile('u1') },
      { kind: 'set', path: paths.rep('u1', 'r1'), data: rep('Running', { time: 20 }, T0) },
    ]);
    const late = [...h.events];
    await drain(h, T0 + 1000);
    expect(h.store.snapshot()[paths.progress('u1')]).toBeDefined();
    expect(stored(h, 'u1').years).toEqual([paths.progressYear('u1', 2026)]);
    await deleteAccountData(h.env(T0 + 2000), 'u1');
    for (const e of late) await react(h.env(T0 + 3000), e);
    expect(Object.keys(h.store.snapshot()).filter((p) => p.startsWith('progress/'))).toEqual([]);
  });

  it('writes only the year a change touched, and the summary only when it changed', async () => {
    const h = harness();
    const jan = Date.UTC(2026, 0, 10, 12);
    await h.store.commit([
      { kind: 'set', path: paths.user('u1'), data: profile('u1') },
      {
        kind: 'set',
        path: paths.rep('u1', 'old'),
        data: rep('Running', { time: 30 }, Date.UTC(2025, 5, 1, 12)),
      },
      { kind: 'set', path: paths.rep('u1', 'a'), data: rep('Running', { time: 40 }, jan) },
    ]);
    await drain(h, jan + 1000);
    const writes = () =>
      [paths.progress('u1'), paths.progressYear('u1', 2025), paths.progressYear('u1', 2026)].map((p) =>
        h.store.writeCount(p),
      );
    const before = writes();

    // A second, shorter run on a day already active: one year, records and streaks as they were.
    await h.store.commit([
      { kind: 'set', path: paths.rep('u1', 'b'), data: rep('Running', { time: 10 }, jan + 60_000) },
    ]);
    await drain(h, jan + 2000);
    expect(writes()).toEqual([before[0], before[1], (before[2] ?? 0) + 1]);
    expect(stored(h, 'u1').days['2026-01-10']).toEqual([50, 0, expect.any(Number), 2]);

    // A longer one: a record, so the summary too; 2025 stays as it was.
    await h.store.commit([
      { kind: 'set', path: paths.rep('u1', 'c'), data: rep('Running', { time: 90 }, jan + 120_000) },
    ]);
    await drain(h, jan + 3000);
    expect(writes()).toEqual([(before[0] ?? 0) + 1, before[1], (before[2] ?? 0) + 2]);
    expect(stored(h, 'u1').summary.records.Running?.minutes).toEqual([90, jan + 120_000, 'c']);
    const { differences } = await rebuildProjections(h.env(jan + 4000), { apply: false });
    expect(differences.filter((d) => d.includes('progress/'))).toEqual([]);
  });

  it('moves an entry dated back over New Year from one year to the other, and joins streaks across it', async () => {
    const h = harness();
    const newYear = Date.UTC(2027, 0, 1, 12);
    await h.store.commit([
      { kind: 'set', path: paths.user('u1'), data: profile('u1') },
      ...[-2, -1, 0, 1].map((d) => ({
        kind: 'set' as const,
        path: paths.rep('u1', `r${d}`),
        data: rep('Running', { time: 20 }, newYear + d * DAY),
      })),
    ]);
    await drain(h, newYear + DAY + 1000);
    let doc = stored(h, 'u1');
    expect(Object.keys(doc.days)).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(doc.summary.years).toEqual({ '2026': [0, 2, 2], '2027': [2, 0, 2] });
    // The dashboard reading 2027 alone: 2026's run comes from the summary.
    const in2027 = Object.keys(doc.days).filter((d) => d.startsWith('2027'));
    expect(streaksAcross(in2027, [2027], doc.summary.years, '2027-01-02')).toEqual({ current: 4, best: 4 });

    // 2 January's run was in fact 29 December's: out of 2027, into 2026.
    await h.store.commit([
      { kind: 'update', path: paths.rep('u1', 'r1'), data: { timestamp: newYear - 3 * DAY } },
    ]);
    await drain(h, newYear + DAY + 2000);
    doc = stored(h, 'u1');
    expect(Object.keys(doc.days)).toEqual(['2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01']);
    expect(doc.summary.years).toEqual({ '2026': [0, 3, 3], '2027': [1, 0, 1] });
    expect(streaksAcross(['2027-01-01'], [2027], doc.summary.years, '2027-01-02')).toEqual({
      current: 4,
      best: 4,
    });

    // Deleted, 1 January empties 2027: its document goes, and the summary forgets the year.
    await h.store.commit([{ kind: 'delete', path: paths.rep('u1', 'r0') }]);
    await drain(h, newYear + DAY + 3000);
    doc = stored(h, 'u1');
    expect(doc.years).toEqual([paths.progressYear('u1', 2026)]);
    expect(doc.summary.years).toEqual({ '2026': [0, 3, 3] });
    const { differences } = await rebuildProjections(h.env(newYear + DAY + 4000), { apply: false });
    expect(differences.filter((d) => d.includes('progress/'))).toEqual([]);
  });

  it('recounts the years in the new zone when it moves a day over New Year', async () => {
    const h = harness();
    const early2027 = Date.UTC(2027, 0, 1, 3); // 22:00 on 31 December 2026 in New York
    await h.store.commit([
      { kind: 'set', path: paths.user('u1'), data: profile('u1') },
      { kind: 'set', path: paths.rep('u1', 'r1'), data: rep('Running', { time: 20 }, early2027) },
    ]);
    await drain(h, early2027 + 1000);
    expect(stored(h, 'u1').years).toEqual([paths.progressYear('u1', 2027)]);
    await h.store.commit([
      { kind: 'set', path: paths.user('u1'), data: { timeZone: 'America/New_York' }, merge: true },
    ]);
    await drain(h, early2027 + 2000);
    const doc = stored(h, 'u1');
    expect(doc.years).toEqual([paths.progressYear('u1', 2026)]);
    expect(Object.keys(doc.days)).toEqual(['2026-12-31']);
    expect(doc.summary.years).toEqual({ '2026': [0, 1, 1] });
  });

  it('turns an old single document into years: at the rebuild, or at the next event', async () => {
    const h = harness();
    const oldDoc = {
      uid: 'u1',
      timeZone: 'UTC',
      days: { '2026-11-22': [20, 0, 1600, 1] },
      records: { Running: { minutes: [20, T0, 'r1'] } },
      asOf: T0,
    };
    await h.store.commit([
      { kind: 'set', path: paths.user('u1'), data: profile('u1') },
      { kind: 'set', path: paths.rep('u1', 'r1'), data: rep('Running', { time: 20 }, T0) },
      { kind: 'set', path: paths.rep('u1', 'r2'), data: rep('Running', { time: 10 }, T0 - 400 * DAY) },
    ]);
    h.events.splice(0);
    h.store.seed({ [paths.progress('u1')]: oldDoc });
    const audit = await rebuildProjections(h.env(T0 + 1000), { apply: false });
    expect(audit.differences.filter((d) => d.includes('progress/'))).toHaveLength(3);
    await rebuildProjections(h.env(T0 + 1000), { apply: true });
    let doc = stored(h, 'u1');
    expect(doc.summary).not.toHaveProperty('days');
    expect(Object.keys(doc.days)).toEqual(['2025-10-18', '2026-11-22']);

    // An event meeting an old document before any rebuild recounts it whole too (the incremental
    // path would write a year holding only the day it touched).
    h.store.seed({ [paths.progress('u1')]: oldDoc });
    for (const y of [2025, 2026])
      await h.store.commit([{ kind: 'delete', path: paths.progressYear('u1', y) }]);
    await h.store.commit([
      { kind: 'set', path: paths.rep('u1', 'r3'), data: rep('Running', { time: 5 }, T0 + 60_000) },
    ]);
    await drain(h, T0 + 2000);
    doc = stored(h, 'u1');
    expect(doc.summary).not.toHaveProperty('days');
    expect(Object.keys(doc.days)).toEqual(['2025-10-18', '2026-11-22']);
    const { differences } = await rebuildProjections(h.env(T0 + 3000), { apply: false });
    expect(differences.filter((d) => d.includes('progress/'))).toEqual([]);
  });

  it('paced, holds back the summary and the years together', async () => {
    const h = harness();
    await h.store.commit([
      { kind: 'set', path: paths.user('u1'), data: profile('u1') },
      { kind: 'set', path: paths.rep('u1', 'a'), data: rep('Running', { time: 20 }, T0) },
    ]);
    await drain(h, T0 + 100);
    // A new record on a new day at once: the summary and 2026 both need writing, both were just written.
    await h.store.commit([
      { kind: 'set', path: paths.rep('u1', 'b'), data: rep('Running', { time: 50 }, T0 - DAY) },
    ]);
    const events = h.events.splice(0);
    const counts = () =>
      [paths.progress('u1'), paths.progressYear('u1', 2026)].map((p) => h.store.writeCount(p));
    const before = counts();
    const first = await reactUser(h.env(T0 + 400), 'u1', events, { minGapMs: 1000 });
    expect(first.retryAt).toBe(T0 + 1000);
    expect(counts()).toEqual(before);
    const second = await reactUser(h.env(T0 + 1000), 'u1', events, { minGapMs: 1000 });
    expect(second.retryAt).toBeNull();
    expect(counts()).toEqual(before.map((n) => n + 1));
  });
});
