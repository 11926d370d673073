import { describe, expect, it } from 'vitest';
import { paths } from '../../src/model.ts';
import { periodKey } from '../../src/periods.ts';
import { type ProgressDoc, streaks } from '../../src/progress.ts';
import { deleteAccountData, react, rebuildProjections } from '../../src/reactions/index.ts';
import { harness, profile, rep, T0 } from './helpers.ts';

const DAY = 86_400_000;

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
    let doc = h.store.snapshot()[paths.progress('u1')] as unknown as ProgressDoc;
    expect(doc.records['Bench Press']?.weightLifted).toEqual([185, T0 + 60_000, 'b']);
    expect(doc.records['Bench Press']?.reps).toEqual([10, T0, 'a']);

    await h.store.commit([{ kind: 'delete', path: paths.rep('u1', 'b') }]);
    await drain(h, T0 + 62_000);
    doc = h.store.snapshot()[paths.progress('u1')] as unknown as ProgressDoc;
    expect(doc.records['Bench Press']?.weightLifted).toEqual([135, T0, 'a']);
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
    let doc = h.store.snapshot()[paths.progress('u1')] as unknown as ProgressDoc;
    expect(doc.timeZone).toBe('UTC');
    expect(Object.keys(doc.days)).toEqual(['2026-11-19', '2026-11-20', '2026-11-21']);

    await h.store.commit([
      { kind: 'set', path: paths.user('u1'), data: { timeZone: 'America/New_York' }, merge: true },
    ]);
    await drain(h, lateUtc + 2000);
    doc = h.store.snapshot()[paths.progress('u1')] as unknown as ProgressDoc;
    expect(doc.timeZone).toBe('America/New_York');
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
    let doc = h.store.snapshot()[paths.progress('u1')] as unknown as ProgressDoc;
    expect(Object.keys(doc.days)).toEqual(['2026-11-20', '2026-11-22']);
    expect(streaks(Object.keys(doc.days), '2026-11-22')).toEqual({ current: 1, best: 1 });

    // Today's run was yesterday's: dated back, the days and the streak follow.
    await h.store.commit([{ kind: 'update', path: paths.rep('u1', 'b'), data: { timestamp: now - DAY } }]);
    await drain(h, now + 2000);
    doc = h.store.snapshot()[paths.progress('u1')] as unknown as ProgressDoc;
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
    await deleteAccountData(h.env(T0 + 2000), 'u1');
    for (const e of late) await react(h.env(T0 + 3000), e);
    expect(h.store.snapshot()[paths.progress('u1')]).toBeUndefined();
  });
});
