/**
 * Kudos and comments over the in-memory store: counts from the sources as they are now,
 * one notification per kudos or comment, duplicates and late deliveries changing nothing, and the
 * account cascade removing what a person gave, received and caused.
 */
import { describe, expect, it } from 'vitest';
import { isWellFormedText } from '../../src/doc-paths.ts';
import { NOTIFICATION_PREVIEW_LENGTH, paths } from '../../src/model.ts';
import {
  deleteAccountData,
  notificationId,
  reactEngagement,
  reactUser,
  socialEventForPath,
} from '../../src/reactions/index.ts';
import type { DocData } from '../../src/store.ts';
import { harness, profile, T0 } from './helpers.ts';

const post = { message: 'Hello', timestamp: T0 };
const kudos = (uid: string, owner: string, t = T0): DocData => ({
  uid,
  owner,
  userName: uid.toUpperCase(),
  timestamp: t,
});

async function seed() {
  const h = harness();
  await h.store.commit([
    { kind: 'set', path: paths.user('ann'), data: profile('ann') },
    { kind: 'set', path: paths.user('bob'), data: profile('bob') },
    { kind: 'set', path: paths.user('cy'), data: profile('cy') },
    { kind: 'set', path: paths.post('ann', 'p1'), data: post },
  ]);
  return h;
}

async function react(h: Awaited<ReturnType<typeof seed>>, path: string, now = T0) {
  const e = socialEventForPath(path);
  if (!e) throw new Error(`not a social path: ${path}`);
  await reactEngagement(h.env(now), e);
}

describe('engagement reaction', () => {
  it('reads its event from the path only', () => {
    expect(socialEventForPath('users/ann/posts/p1/kudos/bob')).toEqual({
      feed: 'feedPosts',
      owner: 'ann',
      id: 'p1',
      what: 'kudos',
      docId: 'bob',
    });
    expect(socialEventForPath('users/ann/reps/r1/comments/c1')?.feed).toBe('feedActivities');
    expect(socialEventForPath('users/ann/posts/p1')).toBeNull();
    expect(socialEventForPath('users/ann/weightRecords/w/kudos/bob')).toBeNull();
  });

  it('counts kudos and comments, names the givers, notifies the owner once', async () => {
    const h = await seed();
    const k1 = paths.kudosOf('feedPosts', 'ann', 'p1', 'bob');
    const k2 = paths.kudosOf('feedPosts', 'ann', 'p1', 'cy');
    const c1 = paths.comment('feedPosts', 'ann', 'p1', 'c1');
    await h.store.commit([
      { kind: 'set', path: k1, data: kudos('bob', 'ann') },
      { kind: 'set', path: k2, data: kudos('cy', 'ann', T0 + 1) },
      { kind: 'set', path: c1, data: { ...kudos('bob', 'ann'), message: 'Nice one' } },
    ]);
    for (const p of [k1, k2, c1]) await react(h, p);
    const snap = h.store.snapshot();
    expect(snap[paths.engagement('feedPosts', 'ann', 'p1')]).toMatchObject({
      kudos: 2,
      comments: 1,
      itemId: 'ann_p1',
      kudosBy: [
        { uid: 'cy', userName: 'CY' },
        { uid: 'bob', userName: 'BOB' },
      ],
    });
    const note = (p: string) =>
      snap[paths.notification('ann', notificationId(socialEventForPath(p) as never))];
    expect(note(k1)).toMatchObject({ kind: 'kudos', from: 'bob', fromName: 'BOB', read: false });
    expect(note(c1)).toMatchObject({ kind: 'comment', from: 'bob', preview: 'Nice one' });
    // The owner reads one; a duplicate delivery leaves it read and writes nothing.
    const readPath = paths.notification('ann', notificationId(socialEventForPath(k1) as never));
    await h.store.commit([{ kind: 'update', path: readPath, data: { read: true } }]);
    const before = h.store.snapshot();
    await react(h, k1, T0 + 5000);
    expect(h.store.snapshot()).toEqual(before);
  });

  it("a comment's preview never cuts an emoji in half", async () => {
    const h = await seed();
    const c1 = paths.comment('feedPosts', 'ann', 'p1', 'c1');
    // The 80th UTF-16 unit is the first half of the emoji: a lone surrogate is no text (stored
    // by Firestore as U+FFFD, shown as a box).
    const message = `${'a'.repeat(NOTIFICATION_PREVIEW_LENGTH - 1)}\u{1F4AA} strong`;
    await h.store.commit([{ kind: 'set', path: c1, data: { ...kudos('bob', 'ann'), message } }]);
    await react(h, c1);
    const note =
      h.store.snapshot()[paths.notification('ann', notificationId(socialEventForPath(c1) as never))];
    expect(isWellFormedText(String(note?.preview))).toBe(true);
    expect(note?.preview).toBe('a'.repeat(NOTIFICATION_PREVIEW_LENGTH - 1));
  });

  it('taking kudos back recounts and removes its notification; a late give changes nothing', async () => {
    const h = await seed();
    const k1 = paths.kudosOf('feedPosts', 'ann', 'p1', 'bob');
    await h.store.commit([{ kind: 'set', path: k1, data: kudos('bob', 'ann') }]);
    await react(h, k1);
    await h.store.commit([{ kind: 'delete', path: k1 }]);
    await react(h, k1, T0 + 2000);
    await react(h, k1, T0 + 3000); // the give's delivery, late
    const snap = h.store.snapshot();
    expect(snap[paths.engagement('feedPosts', 'ann', 'p1')]).toBeUndefined();
    expect(Object.keys(snap).filter((p) => p.includes('/notifications/'))).toEqual([]);
  });

  it('no notification for a comment on your own item', async () => {
    const h = await seed();
    const c = paths.comment('feedPosts', 'ann', 'p1', 'c');
    await h.store.commit([{ kind: 'set', path: c, data: { ...kudos('ann', 'ann'), message: 'Thanks' } }]);
    await react(h, c);
    const snap = h.store.snapshot();
    expect(snap[paths.engagement('feedPosts', 'ann', 'p1')]).toMatchObject({ comments: 1 });
    expect(Object.keys(snap).filter((p) => p.includes('/notifications/'))).toEqual([]);
  });

  it("account deletion removes the person's kudos, comments and notifications everywhere", async () => {
    const h = await seed();
    await h.store.commit([
      { kind: 'set', path: paths.post('bob', 'q1'), data: post },
      { kind: 'set', path: paths.kudosOf('feedPosts', 'ann', 'p1', 'bob'), data: kudos('bob', 'ann') },
      {
        kind: 'set',
        path: paths.comment('feedPosts', 'ann', 'p1', 'c1'),
        data: { ...kudos('bob', 'ann'), message: 'Hi' },
      },
      { kind: 'set', path: paths.kudosOf('feedPosts', 'bob', 'q1', 'ann'), data: kudos('ann', 'bob') },
      { kind: 'set', path: paths.kudosOf('feedPosts', 'bob', 'q1', 'cy'), data: kudos('cy', 'bob') },
    ]);
    for (const p of Object.keys(h.store.snapshot()).filter((p) => /\/(kudos|comments)\//.test(p)))
      await react(h, p);
    expect(h.store.snapshot()[paths.engagement('feedPosts', 'bob', 'q1')]).toMatchObject({ kudos: 2 });
    await deleteAccountData(h.env(T0 + 10_000), 'bob');
    const left = Object.keys(h.store.snapshot()).filter((p) => !p.startsWith('tombstones/'));
    expect(left.sort()).toEqual(
      [
        paths.user('ann'),
        paths.user('cy'),
        paths.post('ann', 'p1'),
        paths.engagement('feedPosts', 'ann', 'p1'),
      ].sort(),
    );
    // The deletes' own deliveries recount ann's item to nothing.
    for (const p of [
      paths.kudosOf('feedPosts', 'ann', 'p1', 'bob'),
      paths.comment('feedPosts', 'ann', 'p1', 'c1'),
    ])
      await react(h, p, T0 + 20_000);
    expect(h.store.snapshot()[paths.engagement('feedPosts', 'ann', 'p1')]).toBeUndefined();
  });
});

describe("a hidden person's activity counts", () => {
  const r1 = { activityType: 'Yoga', time: 10, calorieUnits: 2800, timestamp: T0 };
  const kr1 = (giver: string) => paths.kudosOf('feedActivities', 'ann', 'r1', giver);
  const stats = (h: Awaited<ReturnType<typeof seed>>, feed: 'feedPosts' | 'feedActivities', id: string) =>
    h.store.snapshot()[paths.engagement(feed, 'ann', id)];
  const setHidden = async (h: Awaited<ReturnType<typeof seed>>, hidden: boolean, now = T0) => {
    await h.store.commit([{ kind: 'update', path: paths.user('ann'), data: { hideExerciseInfo: hidden } }]);
    await reactUser(h.env(now), 'ann', [{ kind: 'profile', uid: 'ann', changed: ['hideExerciseInfo'] }]);
  };

  /** Ann's activity r1 with kudos of bob and cy and a comment of bob, and her post p1 with bob's kudos. */
  async function cheered() {
    const h = await seed();
    await h.store.commit([{ kind: 'set', path: paths.rep('ann', 'r1'), data: r1 }]);
    await reactUser(h.env(T0), 'ann', [{ kind: 'activity', uid: 'ann', repId: 'r1', before: null }]);
    const c1 = paths.comment('feedActivities', 'ann', 'r1', 'c1');
    const kp1 = paths.kudosOf('feedPosts', 'ann', 'p1', 'bob');
    await h.store.commit([
      { kind: 'set', path: kr1('bob'), data: kudos('bob', 'ann') },
      { kind: 'set', path: kr1('cy'), data: kudos('cy', 'ann', T0 + 1) },
      { kind: 'set', path: c1, data: { ...kudos('bob', 'ann'), message: 'Nice one' } },
      { kind: 'set', path: kp1, data: kudos('bob', 'ann') },
    ]);
    for (const p of [kr1('bob'), kr1('cy'), c1, kp1]) await react(h, p);
    expect(stats(h, 'feedActivities', 'r1')).toMatchObject({ kudos: 2, comments: 1 });
    return h;
  }

  it('are removed when she hides, kept away while hidden, and recounted when she shows again', async () => {
    const h = await cheered();
    await setHidden(h, true);
    expect(stats(h, 'feedActivities', 'r1')).toBeUndefined();
    // Posts stay shown, and so do their counts; the kudos and comments themselves stay stored.
    expect(stats(h, 'feedPosts', 'p1')).toMatchObject({ kudos: 1 });
    expect(h.store.snapshot()[kr1('bob')]).toBeDefined();
    // A kudos taken back while she hides recounts nothing into view.
    await h.store.commit([{ kind: 'delete', path: kr1('cy') }]);
    await react(h, kr1('cy'), T0 + 5000);
    expect(stats(h, 'feedActivities', 'r1')).toBeUndefined();

    await setHidden(h, false, T0 + 10_000);
    expect(stats(h, 'feedActivities', 'r1')).toMatchObject({
      kudos: 1,
      comments: 1,
      kudosBy: [{ uid: 'bob', userName: 'BOB' }],
    });
  });

  it('follow the profile as it is now, whatever order the reactions run in', async () => {
    const h = await cheered();
    // Hidden and shown again before the hide's reaction ran: that late run removes nothing.
    await h.store.commit([{ kind: 'update', path: paths.user('ann'), data: { hideExerciseInfo: true } }]);
    await h.store.commit([{ kind: 'update', path: paths.user('ann'), data: { hideExerciseInfo: false } }]);
    await reactUser(h.env(T0 + 5000), 'ann', [
      { kind: 'profile', uid: 'ann', changed: ['hideExerciseInfo'] },
    ]);
    expect(stats(h, 'feedActivities', 'r1')).toMatchObject({ kudos: 2, comments: 1 });
  });

  it("a hidden person's deleted activity still has its kudos and comments swept", async () => {
    const h = await cheered();
    await setHidden(h, true);
    await h.store.commit([{ kind: 'delete', path: paths.rep('ann', 'r1') }]);
    await reactUser(h.env(T0 + 5000), 'ann', [{ kind: 'activity', uid: 'ann', repId: 'r1', before: r1 }]);
    expect(h.store.snapshot()[paths.itemDeletion('feedActivities', 'ann', 'r1')]).toBeDefined();
  });
});
