/**
 * Every trigger, the schedule and the callable, run through firebase-functions-test (wrapped
 * functions, document snapshots and changes, params) over an in-memory store behind the port.
 */
import { paths } from '@fit/shared/model';
import { ITEM_DELETION_GRACE_MS } from '@fit/shared/reactions/index';
import { DELETE_OTHER_ACCOUNT } from '@fit/shared/recent-sign-in';
import { StoreError } from '@fit/shared/store';
import { MemoryStore } from '@fit/shared/testing/memory-store';
import functionsTest from 'firebase-functions-test';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as fns from '../src/index.ts';
import { provide } from '../src/runtime.ts';

const fft = functionsTest();
afterAll(() => fft.cleanup());

const T0 = Date.UTC(2026, 10, 22, 12); // Sunday 22 Nov 2026, noon UTC
let store: MemoryStore;
let clock: number;
const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
const deleteAuthUser = vi.fn(async (_uid: string) => {});

/** The paced reactions' waits move the test clock instead of the wall clock. */
async function sleep(ms: number) {
  const until = clock + ms;
  await Promise.resolve();
  clock = Math.max(clock, until);
}

function use(timeZone = 'UTC') {
  provide({ store: () => store, now: () => clock, sleep, timeZone, deleteAuthUser, log, attempts: 1 });
}

beforeEach(() => {
  store = new MemoryStore();
  clock = T0;
  log.error.mockClear();
  log.warn.mockClear();
  deleteAuthUser.mockClear();
  use();
});

const running = { activityType: 'Running', time: 30, timestamp: T0, calorieUnits: 80 * 30 * 10 };

function snap(data: Record<string, unknown> | null, path: string) {
  return fft.firestore.makeDocumentSnapshot(data ?? {}, path, data ? {} : ({ exists: false } as never));
}
function change(path: string, before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
  return fft.makeChange(snap(before, path), snap(after, path));
}

const repWritten = fft.wrap(fns.onRepWritten);
const postWritten = fft.wrap(fns.onPostWritten);
const profileWritten = fft.wrap(fns.onProfileWritten);
const followWritten = fft.wrap(fns.onFollowWritten);

describe('declared options', () => {
  it('Firestore triggers: region, retry, document pattern', () => {
    for (const [fn, document] of [
      [fns.onRepWritten, 'users/{uid}/reps/{repId}'],
      [fns.onPostWritten, 'users/{uid}/posts/{postId}'],
      [fns.onProfileWritten, 'users/{uid}'],
      [fns.onFollowWritten, 'users/{uid}/following/{otherUid}'],
      [fns.onPostKudosWritten, 'users/{uid}/posts/{postId}/kudos/{giver}'],
      [fns.onRepKudosWritten, 'users/{uid}/reps/{repId}/kudos/{giver}'],
      [fns.onPostCommentWritten, 'users/{uid}/posts/{postId}/comments/{commentId}'],
      [fns.onRepCommentWritten, 'users/{uid}/reps/{repId}/comments/{commentId}'],
    ] as const) {
      const ep = fn.__endpoint;
      expect(ep.region).toEqual(['us-central1']);
      expect(ep.availableMemoryMb).toBe(256);
      expect(ep.maxInstances).toBe(10);
      expect(ep.eventTrigger?.retry).toBe(true);
      expect(ep.eventTrigger?.eventType).toBe('google.cloud.firestore.document.v1.written');
      expect(ep.eventTrigger?.eventFilterPathPatterns?.document).toBe(document);
    }
  });
  it('schedule, callable and the v1 auth backstop', () => {
    expect(fns.rollup.__endpoint.scheduleTrigger).toMatchObject({
      schedule: 'every 1 minutes',
      timeZone: 'UTC',
    });
    expect(fns.rollup.__endpoint.region).toEqual(['us-central1']);
    expect(fns.deleteAccount.__endpoint.callableTrigger).toBeDefined();
    expect(fns.deleteAccount.__endpoint.region).toEqual(['us-central1']);
    const v1 = fns.onAuthUserDeletedBackstop.__endpoint;
    expect(v1.region).toEqual(['us-central1']);
    expect(v1.eventTrigger).toMatchObject({
      eventType: 'providers/firebase.auth/eventTypes/user.delete',
      retry: true,
    });
  });
});

describe('Firestore triggers', () => {
  it("a follow keeps both people's counts; a duplicate event changes nothing", async () => {
    const path = paths.follow('u1', 'u2');
    const follow = { uid: 'u2', createdAt: T0 };
    await store.commit([
      { kind: 'set', path: paths.user('u1'), data: { displayName: 'Ann' } },
      { kind: 'set', path: paths.user('u2'), data: { displayName: 'Bob' } },
      { kind: 'set', path, data: follow },
    ]);
    const event = { data: change(path, null, follow), params: { uid: 'u1', otherUid: 'u2' } };
    await followWritten(event);
    const after = store.snapshot();
    expect(after[paths.person('u1')]).toMatchObject({ userName: 'Ann', following: 1, followers: 0 });
    expect(after[paths.person('u2')]).toMatchObject({ userName: 'Bob', following: 0, followers: 1 });
    clock += 5000;
    await followWritten(event);
    expect(store.snapshot()).toEqual(after);
    await store.commit([{ kind: 'delete', path }]);
    clock += 5000;
    await followWritten({ data: change(path, follow, null), params: { uid: 'u1', otherUid: 'u2' } });
    expect(store.snapshot()[paths.person('u2')]).toMatchObject({ followers: 0 });
  });

  it('a logged activity makes its feed item and board entries; a duplicate event changes nothing', async () => {
    const path = paths.rep('u1', 'r1');
    await store.commit([
      { kind: 'set', path: paths.user('u1'), data: { displayName: 'Ann', currentWeight: 155 } },
      { kind: 'set', path, data: running },
    ]);
    const event = { data: change(path, null, running), params: { uid: 'u1', repId: 'r1' } };
    await repWritten(event);
    const after = store.snapshot();
    expect(after['feedActivities/u1_r1']).toMatchObject({ userName: 'Ann', time: 30 });
    expect(after['boardEntries/d2026-11-22_u1']).toMatchObject({ minutes: 30, calories: 240 });
    clock += 5000;
    await repWritten(event);
    expect(store.snapshot()).toEqual(after);
    expect(store.writeCount('feedActivities/u1_r1')).toBe(1);
  });

  it('the event payload is not trusted: the reaction re-reads the document', async () => {
    const path = paths.rep('u1', 'r1');
    await store.commit([{ kind: 'set', path, data: running }]);
    await repWritten({
      data: change(path, null, { ...running, time: 999 }),
      params: { uid: 'u1', repId: 'r1' },
    });
    expect(store.snapshot()['feedActivities/u1_r1']).toMatchObject({ time: 30 });
  });

  it('a delete delivered before its create leaves no projection', async () => {
    const path = paths.rep('u1', 'r1'); // created, then deleted: the store no longer has it
    await repWritten({ data: change(path, running, null), params: { uid: 'u1', repId: 'r1' } });
    await repWritten({ data: change(path, null, running), params: { uid: 'u1', repId: 'r1' } });
    expect(store.snapshot()).toEqual({});
  });

  it("a tombstoned user's events change nothing", async () => {
    store.seed({
      'tombstones/u1': { uid: 'u1', deletedAt: T0 - 1 },
      [paths.rep('u1', 'r1')]: running,
      [paths.post('u1', 'p1')]: { message: 'hi', timestamp: T0 },
      [paths.user('u1')]: { displayName: 'Ann' },
    });
    await repWritten({
      data: change(paths.rep('u1', 'r1'), null, running),
      params: { uid: 'u1', repId: 'r1' },
    });
    await postWritten({
      data: change(paths.post('u1', 'p1'), null, { message: 'hi', timestamp: T0 }),
      params: { uid: 'u1', postId: 'p1' },
    });
    await profileWritten({
      data: change(paths.user('u1'), null, { displayName: 'Ann' }),
      params: { uid: 'u1' },
    });
    expect(Object.keys(store.snapshot()).some((p) => p.startsWith('feed') || p.startsWith('board'))).toBe(
      false,
    );
  });

  it('returns early when no field it cares about changed (and writes nothing)', async () => {
    const before = { displayName: 'Ann', phoneNumber: '1' };
    const after = { displayName: 'Ann', phoneNumber: '2' };
    await store.commit([{ kind: 'set', path: paths.user('u1'), data: after }]);
    const spy = vi.spyOn(store, 'transact');
    await profileWritten({ data: change(paths.user('u1'), before, after), params: { uid: 'u1' } });
    expect(spy).not.toHaveBeenCalled();
  });

  it('a profile change reaches feed items (posts and activities)', async () => {
    store.seed({
      [paths.user('u1')]: { displayName: 'Ann' },
      [paths.post('u1', 'p1')]: { message: 'hi', timestamp: T0 },
    });
    await postWritten({
      data: change(paths.post('u1', 'p1'), null, { message: 'hi', timestamp: T0 }),
      params: { uid: 'u1', postId: 'p1' },
    });
    await store.commit([{ kind: 'update', path: paths.user('u1'), data: { displayName: 'Bo' } }]);
    await profileWritten({
      data: change(paths.user('u1'), { displayName: 'Ann' }, { displayName: 'Bo' }),
      params: { uid: 'u1' },
    });
    expect(store.snapshot()['feedPosts/u1_p1']).toMatchObject({ userName: 'Bo' });
  });

  it('transient failures are rethrown (retried); permanent ones logged and swallowed', async () => {
    const event = { data: change(paths.rep('u1', 'r1'), null, running), params: { uid: 'u1', repId: 'r1' } };
    vi.spyOn(store, 'transact').mockRejectedValueOnce(new StoreError('unavailable', 'down'));
    await expect(repWritten(event)).rejects.toThrow('down');
    vi.spyOn(store, 'transact').mockRejectedValueOnce(new StoreError('invalid-argument', 'bad'));
    await expect(repWritten(event)).resolves.toBeUndefined();
    expect(log.error).toHaveBeenCalledWith(
      expect.stringContaining('permanently'),
      expect.objectContaining({ path: paths.rep('u1', 'r1') }),
    );
  });

  it('where the platform never retries (the emulator), a transient failure is tried again in place', async () => {
    provide({ attempts: 3 });
    store.seed({ [paths.rep('u1', 'r1')]: running });
    const event = { data: change(paths.rep('u1', 'r1'), null, running), params: { uid: 'u1', repId: 'r1' } };
    const down = () => new StoreError('aborted', 'contention');
    vi.spyOn(store, 'transact').mockRejectedValueOnce(down()).mockRejectedValueOnce(down());
    await repWritten(event);
    expect(log.warn).toHaveBeenCalledTimes(2);
    expect(store.snapshot()['feedActivities/u1_r1']).toBeDefined();

    vi.spyOn(store, 'transact').mockRejectedValue(down());
    await expect(repWritten(event)).rejects.toThrow('contention');
  });
});

describe('rollup schedule', () => {
  // firebase-functions-test's types have no overload for schedules; its wrapV2 runs them all the same.
  const wrapAny = fft.wrap as unknown as (fn: unknown) => (event: object) => Promise<unknown>;
  const rollupFn = wrapAny(fns.rollup);
  const rollup = (event: object) => rollupFn(event);

  it('at midnight the daily board moves to the new key and starts empty', async () => {
    store.seed({ [paths.rep('u1', 'r1')]: running });
    await repWritten({
      data: change(paths.rep('u1', 'r1'), null, running),
      params: { uid: 'u1', repId: 'r1' },
    });
    clock = Date.UTC(2026, 10, 22, 23, 59, 30);
    await rollup({});
    expect(store.snapshot()['boards/daily']).toMatchObject({
      periodKey: 'd2026-11-22',
      minutes: [{ uid: 'u1', value: 30 }],
    });
    clock = Date.UTC(2026, 10, 23, 0, 0, 30);
    await rollup({});
    const snap = store.snapshot();
    expect(snap['boards/daily']).toMatchObject({ periodKey: 'd2026-11-23', minutes: [] });
    expect(snap['boards/weekly']).toMatchObject({ periodKey: 'w2026-11-22', minutes: [{ value: 30 }] });
    expect(snap['boardEntries/d2026-11-22_u1']).toBeUndefined(); // expired
  });

  it("sweeps a deleted activity's kudos once the grace period (Undo) has passed", async () => {
    const kudos = paths.kudosOf('feedActivities', 'u1', 'r1', 'u2');
    store.seed({
      [paths.user('u1')]: { displayName: 'Ann' },
      [paths.rep('u1', 'r1')]: running,
      [kudos]: { uid: 'u2', owner: 'u1', userName: 'Bo', timestamp: T0 },
    });
    await repWritten({
      data: change(paths.rep('u1', 'r1'), null, running),
      params: { uid: 'u1', repId: 'r1' },
    });
    await store.commit([{ kind: 'delete', path: paths.rep('u1', 'r1') }]);
    await repWritten({
      data: change(paths.rep('u1', 'r1'), running, null),
      params: { uid: 'u1', repId: 'r1' },
    });
    const marker = paths.itemDeletion('feedActivities', 'u1', 'r1');
    expect(store.snapshot()[marker]).toMatchObject({ goneAt: T0 });
    clock = T0 + 60_000;
    await rollup({});
    expect(store.snapshot()[kudos]).toBeDefined();
    clock = T0 + ITEM_DELETION_GRACE_MS;
    await rollup({});
    expect(store.snapshot()[kudos]).toBeUndefined();
    expect(store.snapshot()[marker]).toBeUndefined();
  });

  it('across a DST change the day follows local midnight (America/New_York, 8 March 2026: 23 hours)', async () => {
    use('America/New_York');
    clock = Date.UTC(2026, 2, 9, 3, 59); // 23:59 EDT on 8 March
    await rollup({});
    expect(store.snapshot()['boards/daily']).toMatchObject({
      periodKey: 'd2026-03-08',
      timeZone: 'America/New_York',
    });
    clock = Date.UTC(2026, 2, 9, 4, 0); // 00:00 EDT on 9 March (the day began at 05:00 UTC)
    await rollup({});
    expect(store.snapshot()['boards/daily']).toMatchObject({ periodKey: 'd2026-03-09' });
    expect(store.snapshot()['boards/weekly']).toMatchObject({ periodKey: 'w2026-03-08' });
  });
});

describe('deleteAccount callable', () => {
  const call = fft.wrap(fns.deleteAccount);
  const seed = () =>
    store.seed({
      [paths.user('u1')]: { displayName: 'Ann' },
      [paths.rep('u1', 'r1')]: running,
      [paths.goal('u1')]: { target: '5', type: 'reps' },
      'feedActivities/u1_r1': { uid: 'u1' },
    });

  it('with a recent sign-in: cascade, then the auth user last', async () => {
    seed();
    deleteAuthUser.mockImplementationOnce(async () => {
      expect(store.snapshot()).toEqual({ 'tombstones/u1': { uid: 'u1', deletedAt: T0 } });
    });
    const result = await call({
      data: { uid: 'u1' },
      auth: { uid: 'u1', token: { auth_time: T0 / 1000 - 60 } },
    } as never);
    expect(result).toEqual({ deleted: true });
    expect(deleteAuthUser).toHaveBeenCalledWith('u1');
  });

  it('without a recent sign-in: failed-precondition with REQUIRES_RECENT_LOGIN, nothing deleted', async () => {
    seed();
    const before = store.snapshot();
    const err = await Promise.resolve(
      call({ data: { uid: 'u1' }, auth: { uid: 'u1', token: { auth_time: T0 / 1000 - 3600 } } } as never),
    ).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'failed-precondition', details: { reason: 'requires-recent-login' } });
    expect(String((err as Error).message)).toContain('requires-recent-login');
    expect(store.snapshot()).toEqual(before);
    expect(deleteAuthUser).not.toHaveBeenCalled();
  });

  it('the recent-sign-in boundary (shared isRecentSignIn): exactly 5 minutes passes, a millisecond more does not', async () => {
    seed();
    const atLimit = {
      data: { uid: 'u1' },
      auth: { uid: 'u1', token: { auth_time: T0 / 1000 - 300 } },
    } as never;
    clock = T0 + 1;
    const late = await Promise.resolve(call(atLimit)).catch((e: unknown) => e);
    expect(late).toMatchObject({ code: 'failed-precondition', details: { reason: 'requires-recent-login' } });
    expect(deleteAuthUser).not.toHaveBeenCalled();
    clock = T0;
    expect(await call(atLimit)).toEqual({ deleted: true });
  });

  it('a sign-in time from the future (past the clock skew) is refused, nothing deleted', async () => {
    seed();
    const before = store.snapshot();
    const err = await Promise.resolve(
      call({ data: { uid: 'u1' }, auth: { uid: 'u1', token: { auth_time: T0 / 1000 + 3600 } } } as never),
    ).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'failed-precondition', details: { reason: 'requires-recent-login' } });
    expect(store.snapshot()).toEqual(before);
    expect(deleteAuthUser).not.toHaveBeenCalled();
  });

  it('another account signed in than the one the page asks to delete: permission-denied, nothing deleted', async () => {
    seed();
    store.seed({ [paths.user('u2')]: { displayName: 'Bob' } });
    const before = store.snapshot();
    const err = await Promise.resolve(
      call({ data: { uid: 'u1' }, auth: { uid: 'u2', token: { auth_time: T0 / 1000 - 60 } } } as never),
    ).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'permission-denied', message: DELETE_OTHER_ACCOUNT });
    expect(store.snapshot()).toEqual(before);
    expect(deleteAuthUser).not.toHaveBeenCalled();
  });

  it('a uid that is not a string: invalid-argument, nothing deleted', async () => {
    seed();
    const before = store.snapshot();
    for (const data of [{ uid: 7 }, { uid: { toString: 'u1' } }, { uid: ['u1'] }]) {
      const err = await Promise.resolve(
        call({ data, auth: { uid: 'u1', token: { auth_time: T0 / 1000 - 60 } } } as never),
      ).catch((e: unknown) => e);
      expect(err).toMatchObject({ code: 'invalid-argument' });
    }
    expect(store.snapshot()).toEqual(before);
    expect(deleteAuthUser).not.toHaveBeenCalled();
  });

  it('no uid (a page cached before the uid was sent): deletes the caller, as it always did', async () => {
    for (const data of [null, {}]) {
      seed();
      expect(
        await call({ data, auth: { uid: 'u1', token: { auth_time: T0 / 1000 - 60 } } } as never),
      ).toEqual({
        deleted: true,
      });
      expect(deleteAuthUser).toHaveBeenLastCalledWith('u1');
    }
  });

  it('signed out: unauthenticated', async () => {
    const err = await Promise.resolve(call({ data: { uid: 'u1' } } as never)).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'unauthenticated' });
  });
});

describe('v1 auth backstop', () => {
  it('runs the same idempotent cascade', async () => {
    store.seed({ [paths.user('u1')]: { displayName: 'Ann' }, [paths.rep('u1', 'r1')]: running });
    const wrapped = fft.wrap(fns.onAuthUserDeletedBackstop);
    const user = fft.auth.makeUserRecord({ uid: 'u1' });
    await wrapped(user);
    await wrapped(user);
    expect(Object.keys(store.snapshot())).toEqual(['tombstones/u1']);
  });
});

describe('boards and pacing through the triggers', () => {
  const board = (kind: 'daily' | 'weekly' | 'monthly') =>
    store.snapshot()[paths.board(kind)] as
      | { reps: { uid: string }[]; minutes: { uid: string }[] }
      | undefined;
  const named = (uid: string) =>
    (['daily', 'weekly', 'monthly'] as const).some((k) =>
      [...(board(k)?.reps ?? []), ...(board(k)?.minutes ?? [])].some((p) => p.uid === uid),
    );
  const rollupFn = (fft.wrap as unknown as (fn: unknown) => (event: object) => Promise<unknown>)(fns.rollup);

  /** u1..u4 with one activity each (u1 first), delivered, and the boards rolled up. */
  async function fourOnTheBoards() {
    for (const [i, uid] of ['u1', 'u2', 'u3', 'u4'].entries()) {
      const rep = { activityType: 'Push Ups', count: 100 - i, time: 60 - i, timestamp: T0, calorieUnits: 0 };
      await store.commit([
        { kind: 'set', path: paths.user(uid), data: { displayName: uid.toUpperCase() } },
        { kind: 'set', path: paths.rep(uid, 'a'), data: rep },
      ]);
      await repWritten({ data: change(paths.rep(uid, 'a'), null, rep), params: { uid, repId: 'a' } });
    }
    await rollupFn({});
    expect(named('u1')).toBe(true);
  }

  it('a new leader reaches the three boards in the rep trigger (no rollup)', async () => {
    await fourOnTheBoards();
    clock += 60_000;
    const rep = { activityType: 'Push Ups', count: 500, time: 90, timestamp: clock, calorieUnits: 0 };
    await store.commit([{ kind: 'set', path: paths.rep('u4', 'b'), data: rep }]);
    await repWritten({ data: change(paths.rep('u4', 'b'), null, rep), params: { uid: 'u4', repId: 'b' } });
    for (const kind of ['daily', 'weekly', 'monthly'] as const)
      expect(board(kind)?.reps.map((p) => p.uid)).toEqual(['u4', 'u1', 'u2']);
  });

  it('hiding exercise info takes the user off the three boards in the profile trigger (no rollup)', async () => {
    await fourOnTheBoards();
    clock += 60_000;
    await store.commit([{ kind: 'update', path: paths.user('u1'), data: { hideExerciseInfo: true } }]);
    await profileWritten({
      data: change(paths.user('u1'), { displayName: 'U1' }, { displayName: 'U1', hideExerciseInfo: true }),
      params: { uid: 'u1' },
    });
    expect(named('u1')).toBe(false);
    expect(board('daily')?.minutes.map((p) => p.uid)).toEqual(['u2', 'u3', 'u4']);
  });

  it('the deletion callable and the auth backstop take the user off the three boards', async () => {
    await fourOnTheBoards();
    clock += 60_000;
    await fft.wrap(fns.deleteAccount)({
      data: { uid: 'u1' },
      auth: { uid: 'u1', token: { auth_time: clock / 1000 } },
    } as never);
    expect(named('u1')).toBe(false);
    await fft.wrap(fns.onAuthUserDeletedBackstop)(fft.auth.makeUserRecord({ uid: 'u2' }));
    expect(named('u2')).toBe(false);
    expect(board('weekly')?.reps.map((p) => p.uid)).toEqual(['u3', 'u4']);
  });

  it('a burst of 60 events of one user, handled concurrently, writes each projection document at most once a second', async () => {
    const writes: { path: string; at: number }[] = [];
    store.onCommit((changes) => {
      for (const c of changes)
        if (/^(board|feed|progress)/.test(c.path)) writes.push({ path: c.path, at: clock });
    });
    await store.commit([{ kind: 'set', path: paths.user('u1'), data: { displayName: 'Ann' } }]);
    const handlers: Promise<unknown>[] = [];
    for (let i = 0; i < 60; i++) {
      const rep = { ...running, time: 10, calorieUnits: 80 * 10 * 10, timestamp: clock };
      await store.commit([{ kind: 'set', path: paths.rep('u1', `r${i}`), data: rep }]);
      clock += 1; // delivery takes a moment
      handlers.push(
        repWritten({
          data: change(paths.rep('u1', `r${i}`), null, rep),
          params: { uid: 'u1', repId: `r${i}` },
        }),
      );
      await new Promise((r) => setTimeout(r, 0));
      clock += 49;
    }
    await Promise.all(handlers);
    const perSecond = new Map<string, number>();
    for (const w of writes) {
      const k = `${w.path}@${Math.floor(w.at / 1000)}`;
      perSecond.set(k, (perSecond.get(k) ?? 0) + 1);
    }
    expect([...perSecond].filter(([, n]) => n > 1)).toEqual([]);
    expect(store.snapshot()['boardEntries/d2026-11-22_u1']).toMatchObject({ minutes: 60 * 10 });
    expect(Object.keys(store.snapshot()).filter((p) => p.startsWith('feedActivities/'))).toHaveLength(60);
  });
});

describe('kudos and comment triggers', () => {
  it('a kudos counts on the item and notifies its author; taking it back undoes both', async () => {
    const path = paths.kudosOf('feedPosts', 'u1', 'p1', 'u2');
    const kudos = { uid: 'u2', owner: 'u1', userName: 'Bo', timestamp: T0 };
    await store.commit([
      { kind: 'set', path: paths.user('u1'), data: { displayName: 'Ann' } },
      { kind: 'set', path: paths.post('u1', 'p1'), data: { message: 'Hi', timestamp: T0 } },
      { kind: 'set', path, data: kudos },
    ]);
    const written = fft.wrap(fns.onPostKudosWritten);
    const params = { uid: 'u1', postId: 'p1', giver: 'u2' };
    await written({ data: change(path, null, kudos), params });
    expect(store.snapshot()[paths.engagement('feedPosts', 'u1', 'p1')]).toMatchObject({ kudos: 1 });
    expect(store.snapshot()[paths.notification('u1', 'kudos_feedPosts_p1_u2')]).toMatchObject({
      kind: 'kudos',
      fromName: 'Bo',
      read: false,
    });
    await store.commit([{ kind: 'delete', path }]);
    clock += 2000;
    await written({ data: change(path, kudos, null), params });
    expect(store.snapshot()[paths.engagement('feedPosts', 'u1', 'p1')]).toBeUndefined();
    expect(store.snapshot()[paths.notification('u1', 'kudos_feedPosts_p1_u2')]).toBeUndefined();
  });
});
