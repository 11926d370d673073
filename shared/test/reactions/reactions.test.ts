import { describe, expect, it } from 'vitest';
import { paths } from '../../src/model.ts';
import {
  deleteAccountData,
  eventForWrite,
  expireProjections,
  FEED_KEEP,
  type ReactionEvent,
  react,
  rebuildProjections,
  rollupBoards,
} from '../../src/reactions/index.ts';
import { harness, profile, rep, T0 } from './helpers.ts';

async function drain(h: ReturnType<typeof harness>, now: number) {
  while (h.events.length > 0) {
    const e = h.events.shift();
    if (e) await react(h.env(now), e);
  }
}

describe('eventForWrite', () => {
  it('maps source writes to reactions and ignores the rest', () => {
    expect(eventForWrite('users/u1/reps/r1', null, { timestamp: 1 })).toEqual({
      kind: 'activity',
      uid: 'u1',
      repId: 'r1',
      before: null,
    });
    expect(eventForWrite('users/u1/posts/p1', { message: 'a', timestamp: 1 }, null)).toEqual({
      kind: 'post',
      uid: 'u1',
      postId: 'p1',
    });
    expect(eventForWrite('users/u1', null, { displayName: 'A' })).toEqual({
      kind: 'profile',
      uid: 'u1',
      changed: ['displayName', 'hideExerciseInfo', 'currentWeight', 'timeZone'],
    });
    expect(eventForWrite('users/u1', { currentWeight: 150 }, { currentWeight: 151 })).toEqual({
      kind: 'profile',
      uid: 'u1',
      changed: ['currentWeight'],
    });
    expect(
      eventForWrite(
        'users/u1',
        { displayName: 'A', phoneNumber: '1' },
        { displayName: 'A', phoneNumber: '2' },
      ),
    ).toBeNull();
    expect(eventForWrite('users/u1/weightRecords/w1', null, { weight: 1 })).toBeNull();
    expect(eventForWrite('users/u1/preferences/goals', null, { target: '1' })).toBeNull();
    expect(eventForWrite('feedPosts/x', null, {})).toBeNull();
    expect(
      eventForWrite('users/u1/reps/r1', { timestamp: 1, time: 2 }, { timestamp: 1, time: 2 }),
    ).toBeNull();
  });
});

describe('react', () => {
  it('writes feed item and the three board entries, priced with the current weight', async () => {
    const h = harness();
    await h.store.commit([
      { kind: 'set', path: paths.user('u1'), data: profile('u1', { currentWeight: 310 }) },
      { kind: 'set', path: paths.rep('u1', 'r1'), data: rep('Running', { time: 30 }, T0) },
    ]);
    await drain(h, T0 + 1000);
    const snap = h.store.snapshot();
    expect(snap['feedActivities/u1_r1']).toMatchObject({
      uid: 'u1',
      userName: 'U1',
      activityType: 'Running',
      time: 30,
      count: 0,
    });
    // Running 8/min x 30 min x 310/155 = 480
    expect(snap['boardEntries/d2026-11-22_u1']).toMatchObject({
      reps: 0,
      minutes: 30,
      calories: 480,
      visible: true,
    });
    expect(snap['boardEntries/w2026-11-22_u1']).toMatchObject({ kind: 'weekly', minutes: 30 });
    expect(snap['boardEntries/m2026-11_u1']).toMatchObject({ kind: 'monthly', minutes: 30 });
    // The first entry of each current period puts the user on its board without the rollup.
    expect((await rebuildProjections(h.env(T0 + 2000), { apply: false })).differences).toEqual([]);
    expect((await rollupBoards(h.env(T0 + 2000))).written).toEqual([]);
    expect(h.store.snapshot()['boards/daily']).toMatchObject({
      periodKey: 'd2026-11-22',
      timeZone: 'UTC',
      minutes: [{ uid: 'u1', userName: 'U1', value: 30 }],
      reps: [],
      calories: [{ uid: 'u1', value: 480 }],
    });
    expect((await rollupBoards(h.env(T0 + 3000))).written).toEqual([]);
    expect((await rebuildProjections(h.env(T0 + 3000), { apply: false })).differences).toEqual([]);
  });

  it('a duplicate changes nothing, and a delete delivered before its create leaves nothing', async () => {
    const h = harness();
    await h.store.commit([
      { kind: 'set', path: paths.rep('u1', 'r1'), data: rep('Walking', { time: 10 }, T0) },
    ]);
    await h.store.commit([{ kind: 'delete', path: paths.rep('u1', 'r1') }]);
    const [create, del] = h.events.splice(0) as [ReactionEvent, ReactionEvent];
    await react(h.env(T0 + 10), del);
    await react(h.env(T0 + 11), create);
    await react(h.env(T0 + 12), create);
    expect(Object.keys(h.store.snapshot())).toEqual([]);

    await h.store.commit([
      { kind: 'set', path: paths.rep('u1', 'r2'), data: rep('Walking', { time: 10 }, T0) },
    ]);
    const ev = h.events.splice(0)[0] as ReactionEvent;
    await react(h.env(T0 + 20), ev);
    const once = h.store.snapshot();
    await react(h.env(T0 + 30), ev);
    expect(h.store.snapshot()).toEqual(once);
    expect(h.store.writeCount('boardEntries/d2026-11-22_u1')).toBe(1);
  });

  it('an edit across a period boundary moves the totals; an entry with no activity left is removed', async () => {
    const h = harness();
    const now = Date.UTC(2026, 11, 1, 10); // Tuesday 1 Dec: week from Sun 29 Nov, month December
    await h.store.commit([
      { kind: 'set', path: paths.rep('u1', 'r1'), data: rep('Yoga', { time: 20 }, now) },
    ]);
    await drain(h, now);
    expect(Object.keys(h.store.snapshot()).filter((p) => p.startsWith('boardEntries'))).toEqual([
      'boardEntries/d2026-12-01_u1',
      'boardEntries/m2026-12_u1',
      'boardEntries/w2026-11-29_u1',
    ]);
    // Moved back to Monday 30 Nov: still this week, but not today and not this month.
    await h.store.commit([
      {
        kind: 'set',
        path: paths.rep('u1', 'r1'),
        data: rep('Yoga', { time: 20 }, Date.UTC(2026, 10, 30, 9)),
      },
    ]);
    await drain(h, now + 1000);
    expect(Object.keys(h.store.snapshot()).filter((p) => p.startsWith('boardEntries'))).toEqual([
      'boardEntries/w2026-11-29_u1',
    ]);
    expect(
      (await rebuildProjections(h.env(now + 2000), { apply: true })).differences.filter(
        (d) => !d.includes('boards/'),
      ),
    ).toEqual([]);
  });

  it('privacy: hiding removes activity items and keeps entries invisible; unhiding restores them; posts stay', async () => {
    const h = harness();
    await h.store.commit([
      { kind: 'set', path: paths.user('u1'), data: profile('u1') },
      {
        kind: 'set',
        path: paths.rep('u1', 'r1'),
        data: rep('Squats', { count: 10, time: 5, weightLifted: 100 }, T0),
      },
      { kind: 'set', path: paths.post('u1', 'p1'), data: { message: 'hi', timestamp: T0 } },
    ]);
    await drain(h, T0);
    await h.store.commit([
      { kind: 'update', path: paths.user('u1'), data: { hideExerciseInfo: true, displayName: 'New' } },
    ]);
    await drain(h, T0 + 1);
    let snap = h.store.snapshot();
    expect(snap['feedActivities/u1_r1']).toBeUndefined();
    expect(snap['feedPosts/u1_p1']).toMatchObject({ userName: 'New' });
    expect(snap['boardEntries/d2026-11-22_u1']).toMatchObject({ visible: false, userName: 'New', reps: 10 });
    await rollupBoards(h.env(T0 + 2));
    expect(h.store.snapshot()['boards/daily']).toMatchObject({ reps: [], minutes: [] });
    await h.store.commit([{ kind: 'update', path: paths.user('u1'), data: { hideExerciseInfo: false } }]);
    await drain(h, T0 + 3);
    snap = h.store.snapshot();
    expect(snap['feedActivities/u1_r1']).toMatchObject({ userName: 'New', count: 10 });
    expect(snap['boardEntries/d2026-11-22_u1']).toMatchObject({ visible: true });
  });

  it('a weight change re-prices current calories; unknown weight is 155', async () => {
    const h = harness();
    await h.store.commit([
      { kind: 'set', path: paths.user('u1'), data: profile('u1', { currentWeight: 0 }) },
      { kind: 'set', path: paths.rep('u1', 'r1'), data: rep('Running', { time: 10 }, T0) },
    ]);
    await drain(h, T0);
    expect(h.store.snapshot()['boardEntries/d2026-11-22_u1']).toMatchObject({ calories: 80 });
    await h.store.commit([{ kind: 'update', path: paths.user('u1'), data: { currentWeight: 232.5 } }]);
    await drain(h, T0 + 1);
    expect(h.store.snapshot()['boardEntries/d2026-11-22_u1']).toMatchObject({ calories: 120 });
  });

  it('a tombstoned user: account deletion removes everything, late events change nothing', async () => {
    const h = harness();
    await h.store.commit([
      { kind: 'set', path: paths.user('u1'), data: profile('u1') },
      { kind: 'set', path: paths.rep('u1', 'r1'), data: rep('Running', { time: 10 }, T0) },
      { kind: 'set', path: paths.weightRecord('u1', 'w1'), data: { weight: 150, timestamp: T0 } },
      { kind: 'set', path: paths.goal('u1'), data: { target: '10', type: 'reps' } },
      { kind: 'set', path: paths.post('u1', 'p1'), data: { message: 'hi', timestamp: T0 } },
    ]);
    const late = h.events.splice(0);
    await deleteAccountData(h.env(T0 + 5), 'u1');
    await deleteAccountData(h.env(T0 + 6), 'u1');
    for (const e of [...late, ...h.events.splice(0)]) await react(h.env(T0 + 7), e);
    expect(h.store.snapshot()).toEqual({ 'tombstones/u1': { uid: 'u1', deletedAt: T0 + 5 } });
  });

  it('a tombstone wins even over source data the cascade has not reached yet', async () => {
    const h = harness();
    h.store.seed({
      'tombstones/u1': { uid: 'u1', deletedAt: T0 },
      'users/u1': profile('u1'),
      'users/u1/reps/r1': rep('Running', { time: 10 }, T0),
      'users/u1/posts/p1': { message: 'x', timestamp: T0 },
    });
    await react(h.env(T0 + 1), { kind: 'activity', uid: 'u1', repId: 'r1', before: null });
    await react(h.env(T0 + 1), { kind: 'post', uid: 'u1', postId: 'p1' });
    await react(h.env(T0 + 1), { kind: 'profile', uid: 'u1' });
    expect(
      Object.keys(h.store.snapshot()).filter((p) => !p.startsWith('users/') && !p.startsWith('tombstones/')),
    ).toEqual([]);
  });

  it('never overwrites a projection computed later than its own now', async () => {
    const h = harness();
    await h.store.commit([
      { kind: 'set', path: paths.rep('u1', 'r1'), data: rep('Running', { time: 10 }, T0) },
    ]);
    const ev = h.events.splice(0)[0] as ReactionEvent;
    await react(h.env(T0 + 100), ev);
    await h.store.commit([{ kind: 'update', path: 'feedActivities/u1_r1', data: { time: 999 } }]);
    await react(h.env(T0 + 50), ev);
    expect(h.store.snapshot()['feedActivities/u1_r1']).toMatchObject({ time: 999 });
    await react(h.env(T0 + 200), ev);
    expect(h.store.snapshot()['feedActivities/u1_r1']).toMatchObject({ time: 10, asOf: T0 + 200 });
  });

  it('expiry: ended periods and feed items beyond the kept ones go, and are not re-created', async () => {
    const h = harness();
    const writes = [];
    for (let i = 0; i < FEED_KEEP + 5; i++)
      writes.push({
        kind: 'set',
        path: paths.post('u1', `p${String(i).padStart(3, '0')}`),
        data: { message: `m${i}`, timestamp: T0 + i },
      } as const);
    writes.push({
      kind: 'set',
      path: paths.rep('u1', 'r1'),
      data: rep('Running', { time: 10 }, T0),
    } as const);
    await h.store.commit(writes);
    const events = h.events.splice(0);
    for (const e of events) await react(h.env(T0 + 1000), e);
    const nextDay = T0 + 24 * 3600_000;
    expect(await expireProjections(h.env(nextDay))).toBe(5 + 1);
    const snap = h.store.snapshot();
    expect(snap['feedPosts/u1_p000']).toBeUndefined();
    expect(snap['feedPosts/u1_p005']).toBeDefined();
    expect(snap['boardEntries/d2026-11-22_u1']).toBeUndefined();
    expect(snap['boardEntries/w2026-11-22_u1']).toBeDefined();
    for (const e of events) await react(h.env(nextDay + 1), e);
    expect(h.store.snapshot()['feedPosts/u1_p000']).toBeUndefined();
    await rollupBoards(h.env(nextDay + 2));
    expect((await rebuildProjections(h.env(nextDay + 2), { apply: false })).differences).toEqual([]);
  });

  it('rollup follows the period keys across midnight and a DST change', async () => {
    const h = harness();
    const tz = 'America/New_York';
    // Sunday 2026-11-01 is the end of DST in New York (a 25-hour day).
    const start = Date.UTC(2026, 10, 1, 4, 30); // 00:30 EDT on 1 Nov
    await h.store.commit([
      { kind: 'set', path: paths.rep('u1', 'r1'), data: rep('Running', { time: 10 }, start) },
    ]);
    await drain(h, start);
    await rollupBoards(h.env(start, tz));
    expect(h.store.snapshot()['boards/daily']).toMatchObject({
      periodKey: 'd2026-11-01',
      minutes: [{ value: 10 }],
    });
    // 23:59 local on 1 Nov is 04:59 UTC on 2 Nov (EST = UTC-5): still 1 Nov.
    const lateSameDay = Date.UTC(2026, 10, 2, 4, 59);
    expect((await rollupBoards(h.env(lateSameDay, tz))).written).toEqual([]);
    const nextMidnight = Date.UTC(2026, 10, 2, 5, 0);
    expect((await rollupBoards(h.env(nextMidnight, tz))).written).toEqual(['daily']);
    expect(h.store.snapshot()['boards/daily']).toMatchObject({ periodKey: 'd2026-11-02', minutes: [] });
  });
});
