/**
 * Deleting one's own post or activity takes its social data with it: its kudos and comments, its
 * engagement document and the owner's notifications about it, once the grace period (Undo) has
 * passed, swept by the rollup in pages within a commit's 500 writes; an item written back under its
 * id before then keeps everything; repeated and late deliveries and sweeps change nothing; a kudos
 * or comment that lands after the item is gone is removed by its own reaction.
 */
import { describe, expect, it } from 'vitest';
import { MAX_WRITES_PER_COMMIT } from '../../firestore/semantics.ts';
import { paths, type SocialFeed } from '../../src/model.ts';
import {
  deleteAccountData,
  ITEM_DELETION_GRACE_MS,
  notificationId,
  PAGE_SIZE,
  react,
  reactEngagement,
  reactUser,
  socialEventForPath,
  sweepDeletedItems,
} from '../../src/reactions/index.ts';
import type { DocData, WriteOp } from '../../src/store.ts';
import { harness, profile, rep, T0 } from './helpers.ts';

type H = ReturnType<typeof harness>;

const give = (uid: string, owner: string, t = T0): DocData => ({
  uid,
  owner,
  userName: uid.toUpperCase(),
  timestamp: t,
});
const say = (uid: string, owner: string, message: string, t = T0): DocData => ({
  ...give(uid, owner, t),
  message,
});

/** Each feed with how its source is written. */
const SOURCES: Record<SocialFeed, { path: (uid: string, id: string) => string; data: DocData }> = {
  feedPosts: { path: paths.post, data: { message: 'Hello', timestamp: T0 } },
  feedActivities: { path: paths.rep, data: rep('Running', { time: 30 }, T0) },
};

/** Each feed's item of a source, as the source reaction writes it. */
const feedItem = (feed: SocialFeed, uid: string, id: string): string =>
  feed === 'feedPosts' ? paths.feedPost(uid, id) : paths.feedActivity(uid, id);

async function seed(): Promise<H> {
  const h = harness();
  await h.store.commit([
    { kind: 'set', path: paths.user('ann'), data: profile('ann') },
    { kind: 'set', path: paths.user('bob'), data: profile('bob') },
    { kind: 'set', path: paths.user('cy'), data: profile('cy') },
  ]);
  return h;
}

/** The source reactions of what was committed so far, in order (as the triggers deliver them). */
async function drain(h: H, now: number): Promise<void> {
  for (let e = h.events.shift(); e; e = h.events.shift()) await react(h.env(now), e);
}

/** Commits kudos and comments, then delivers their engagement reactions. */
async function engage(h: H, writes: { path: string; data: DocData }[], now = T0): Promise<void> {
  await h.store.commit(writes.map((w) => ({ kind: 'set', ...w }) as const));
  for (const w of writes) await deliver(h, w.path, now);
}

/** The rollup's sweep at `now`: how many deleted items it cleaned. */
function sweep(h: H, now: number): Promise<number> {
  return sweepDeletedItems(h.env(now));
}

const GRACE = ITEM_DELETION_GRACE_MS;

async function deliver(h: H, path: string, now: number): Promise<void> {
  const e = socialEventForPath(path);
  if (!e) throw new Error(`not a kudos or comment: ${path}`);
  await reactEngagement(h.env(now), e);
}

/** ann's item `id` of `feed` with bob's and cy's kudos and a comment each, all delivered. */
async function socialItem(h: H, feed: SocialFeed, id: string): Promise<string[]> {
  await h.store.commit([{ kind: 'set', path: SOURCES[feed].path('ann', id), data: SOURCES[feed].data }]);
  await drain(h, T0);
  const social = [
    { path: paths.kudosOf(feed, 'ann', id, 'bob'), data: give('bob', 'ann') },
    { path: paths.kudosOf(feed, 'ann', id, 'cy'), data: give('cy', 'ann', T0 + 1) },
    { path: paths.comment(feed, 'ann', id, 'c1'), data: say('bob', 'ann', 'Nice') },
    { path: paths.comment(feed, 'ann', id, 'c2'), data: say('ann', 'ann', 'Thanks') },
  ];
  await engage(h, social);
  return social.map((s) => s.path);
}

/** Paths of the store that concern ann's item `id` of `feed`: its social data and notifications. */
function leftOf(h: H, feed: SocialFeed, id: string): string[] {
  const source = paths.socialSource(feed, 'ann', id);
  return Object.entries(h.store.snapshot())
    .filter(
      ([path, data]) =>
        path.startsWith(`${source}/`) ||
        path === paths.engagement(feed, 'ann', id) ||
        (path.startsWith(`${paths.notifications('ann')}/`) &&
          data.feed === feed &&
          data.itemId === `ann_${id}`),
    )
    .map(([path]) => path)
    .sort();
}

/** Every kudos, comment, engagement document and notification in the store (optionally filtered). */
function socialOf(h: H, keep: (path: string) => boolean = () => true): Record<string, DocData> {
  return Object.fromEntries(
    Object.entries(h.store.snapshot()).filter(
      ([p]) =>
        keep(p) && (/\/(kudos|comments|notifications)\//.test(p) || p.startsWith(`${paths.engagementAll}/`)),
    ),
  );
}

describe('deleting a post or an activity', () => {
  it.each(['feedPosts', 'feedActivities'] as const)(
    '%s: removes its kudos, comments, counts and notifications, and nothing else',
    async (feed) => {
      const h = await seed();
      const social = await socialItem(h, feed, 'x1');
      await socialItem(h, feed, 'x2');
      const snap = h.store.snapshot();
      expect(snap[paths.engagement(feed, 'ann', 'x1')]).toMatchObject({ kudos: 2, comments: 2 });
      const notes = social
        .map((p) => paths.notification('ann', notificationId(socialEventForPath(p) as never)))
        .filter((p) => snap[p] !== undefined);
      expect(notes).toHaveLength(3); // ann's own comment notifies nobody
      await h.store.commit([
        { kind: 'set', path: paths.notification('ann', 'follow_cy'), data: { kind: 'follow', from: 'cy' } },
      ]);
      const x1 = leftOf(h, feed, 'x1');
      const kept = socialOf(h, (p) => !x1.includes(p));

      await h.store.commit([{ kind: 'delete', path: SOURCES[feed].path('ann', 'x1') }]);
      await drain(h, T0 + 5000);
      expect(h.store.snapshot()[paths.itemDeletion(feed, 'ann', 'x1')]).toEqual({
        feed,
        owner: 'ann',
        id: 'x1',
        goneAt: T0 + 5000,
      });

      // Within the grace period (Undo) nothing is removed.
      expect(await sweep(h, T0 + 5000 + GRACE - 1)).toBe(0);
      expect(leftOf(h, feed, 'x1')).toEqual(x1);
      expect(await sweep(h, T0 + 5000 + GRACE)).toBe(1);
      expect(leftOf(h, feed, 'x1')).toEqual([]);
      expect(h.store.snapshot()[paths.itemDeletion(feed, 'ann', 'x1')]).toBeUndefined();
      // The other item's kudos, comments, counts and notifications, and the follow notification,
      // stay as they were.
      expect(socialOf(h)).toEqual(kept);
      expect(leftOf(h, feed, 'x2')).toHaveLength(8);
    },
  );

  it('repeated or late deliveries of the delete, and repeated sweeps, change nothing', async () => {
    const h = await seed();
    await socialItem(h, 'feedPosts', 'p1');
    await h.store.commit([{ kind: 'delete', path: paths.post('ann', 'p1') }]);
    const [event] = h.events;
    await drain(h, T0 + 5000);
    const marked = h.store.snapshot();
    // A duplicate within the grace period keeps the first delivery's marker.
    if (event) await react(h.env(T0 + 9000), event);
    expect(h.store.snapshot()).toEqual(marked);
    expect(await sweep(h, T0 + 5000 + GRACE)).toBe(1);
    const before = h.store.snapshot();
    expect(await sweep(h, T0 + 5000 + GRACE)).toBe(0);
    expect(await sweep(h, T0 + 5000 + 2 * GRACE)).toBe(0);
    expect(h.store.snapshot()).toEqual(before);
    if (!event) throw new Error('no event for the delete');
    await react(h.env(T0 + 6000 + GRACE), event);
    await react(h.env(T0 + 7000 + GRACE), event);
    expect(h.store.snapshot()).toEqual(before);
    // The cascade's own deletes of kudos and comments reach their reactions: nothing to do there.
    for (const p of [
      paths.kudosOf('feedPosts', 'ann', 'p1', 'bob'),
      paths.comment('feedPosts', 'ann', 'p1', 'c1'),
    ])
      await deliver(h, p, T0 + 7000);
    expect(h.store.snapshot()).toEqual(before);
  });

  it('a delete delivered after the item was written back (Undo) leaves its social data', async () => {
    const h = await seed();
    const social = await socialItem(h, 'feedActivities', 'r1');
    const data = SOURCES.feedActivities.data;
    await h.store.commit([{ kind: 'delete', path: paths.rep('ann', 'r1') }]);
    await h.store.commit([{ kind: 'set', path: paths.rep('ann', 'r1'), data }]);
    await drain(h, T0 + 5000);
    expect(leftOf(h, 'feedActivities', 'r1')).toEqual(
      expect.arrayContaining([...social, paths.engagement('feedActivities', 'ann', 'r1')]),
    );
    expect(h.store.snapshot()[paths.itemDeletion('feedActivities', 'ann', 'r1')]).toBeUndefined();
  });

  it.each(['feedPosts', 'feedActivities'] as const)(
    '%s: Undo after the delete was delivered keeps kudos, comments, counts and notifications',
    async (feed) => {
      const h = await seed();
      await socialItem(h, feed, 'x1');
      const before = socialOf(h);
      expect(before[paths.engagement(feed, 'ann', 'x1')]).toMatchObject({ kudos: 2, comments: 2 });
      await h.store.commit([{ kind: 'delete', path: SOURCES[feed].path('ann', 'x1') }]);
      await drain(h, T0 + 5000);
      expect(h.store.snapshot()[feedItem(feed, 'ann', 'x1')]).toBeUndefined();
      // Undo: the same document under the same id, seconds later.
      await h.store.commit([
        { kind: 'set', path: SOURCES[feed].path('ann', 'x1'), data: SOURCES[feed].data },
      ]);
      await drain(h, T0 + 15_000);
      expect(h.store.snapshot()[feedItem(feed, 'ann', 'x1')]).toBeDefined();

      expect(await sweep(h, T0 + 5000 + GRACE)).toBe(0);
      expect(socialOf(h)).toEqual(before);
      expect(h.store.snapshot()[paths.itemDeletion(feed, 'ann', 'x1')]).toBeUndefined();
      const after = h.store.snapshot();
      expect(await sweep(h, T0 + 5000 + GRACE + 60_000)).toBe(0);
      expect(h.store.snapshot()).toEqual(after);
    },
  );

  it('deleted again after an Undo, the item gets a full grace period from the second delete', async () => {
    const h = await seed();
    await socialItem(h, 'feedPosts', 'p1');
    const source = paths.post('ann', 'p1');
    await h.store.commit([{ kind: 'delete', path: source }]);
    await drain(h, T0 + 5000);
    await h.store.commit([{ kind: 'set', path: source, data: SOURCES.feedPosts.data }]);
    await drain(h, T0 + 10_000);
    const social = leftOf(h, 'feedPosts', 'p1');
    await h.store.commit([{ kind: 'delete', path: source }]);
    await drain(h, T0 + GRACE);
    expect(await sweep(h, T0 + 5000 + GRACE)).toBe(0);
    expect(leftOf(h, 'feedPosts', 'p1')).toEqual(social);
    expect(await sweep(h, T0 + 2 * GRACE)).toBe(1);
    expect(leftOf(h, 'feedPosts', 'p1')).toEqual([]);
  });

  it('a sweep cleans at most a page of deleted items; the next ones continue', async () => {
    const h = await seed();
    const n = PAGE_SIZE + 5;
    const markers: WriteOp[] = Array.from({ length: n }, (_, i) => ({
      kind: 'set',
      path: paths.itemDeletion('feedPosts', 'ann', `q${i}`),
      data: { feed: 'feedPosts', owner: 'ann', id: `q${i}`, goneAt: T0 },
    }));
    // One of them with a kudos (its reaction not run: it would remove a kudos on a gone item).
    await h.store.commit([
      ...markers,
      { kind: 'set', path: paths.kudosOf('feedPosts', 'ann', 'q7', 'bob'), data: give('bob', 'ann') },
    ]);
    const left = () => Object.keys(h.store.snapshot()).filter((p) => p.startsWith(`${paths.itemDeletions}/`));
    expect(await sweep(h, T0 + GRACE)).toBe(PAGE_SIZE);
    expect(left()).toHaveLength(5);
    expect(await sweep(h, T0 + GRACE)).toBe(5);
    expect(left()).toEqual([]);
    expect(await sweep(h, T0 + GRACE)).toBe(0);
    expect(leftOf(h, 'feedPosts', 'q7')).toEqual([]);
  });

  it('an edit of the activity leaves its social data', async () => {
    const h = await seed();
    await socialItem(h, 'feedActivities', 'r1');
    const before = leftOf(h, 'feedActivities', 'r1');
    await h.store.commit([
      { kind: 'update', path: paths.rep('ann', 'r1'), data: { time: 45, calorieUnits: 1 } },
    ]);
    expect(h.events).toHaveLength(1);
    await drain(h, T0 + 5000);
    expect(leftOf(h, 'feedActivities', 'r1')).toEqual(before);
  });

  it('deletes many kudos and comments in pages, each commit within 500 writes', async () => {
    const h = await seed();
    await h.store.commit([{ kind: 'set', path: paths.post('ann', 'p1'), data: SOURCES.feedPosts.data }]);
    await drain(h, T0);
    const givers = Array.from({ length: PAGE_SIZE + 60 }, (_, i) => `g${i}`);
    const comments = Array.from({ length: 2 * PAGE_SIZE + 50 }, (_, i) => `c${i}`);
    const social: WriteOp[] = [
      ...givers.map(
        (g) =>
          ({ kind: 'set', path: paths.kudosOf('feedPosts', 'ann', 'p1', g), data: give(g, 'ann') }) as const,
      ),
      ...comments.map(
        (c) =>
          ({
            kind: 'set',
            path: paths.comment('feedPosts', 'ann', 'p1', c),
            data: say('bob', 'ann', c),
          }) as const,
      ),
    ];
    // Their notifications as the engagement reaction writes them (one per kudos and comment).
    const notes: WriteOp[] = social.map((w) => {
      const e = socialEventForPath(w.path);
      if (!e) throw new Error(w.path);
      return {
        kind: 'set',
        path: paths.notification('ann', notificationId(e)),
        data: {
          kind: e.what === 'kudos' ? 'kudos' : 'comment',
          from: 'bob',
          feed: 'feedPosts',
          itemId: 'ann_p1',
        },
      };
    });
    const all = [...social, ...notes];
    for (let i = 0; i < all.length; i += MAX_WRITES_PER_COMMIT)
      await h.store.commit(all.slice(i, i + MAX_WRITES_PER_COMMIT));
    await deliver(h, paths.kudosOf('feedPosts', 'ann', 'p1', 'g0'), T0);
    expect(h.store.snapshot()[paths.engagement('feedPosts', 'ann', 'p1')]).toMatchObject({
      kudos: givers.length,
      comments: comments.length,
    });

    await h.store.commit([{ kind: 'delete', path: paths.post('ann', 'p1') }]);
    await drain(h, T0 + 5000);
    const sizes: number[] = [];
    const stop = h.store.onCommit((changes) => sizes.push(changes.length));
    expect(await sweep(h, T0 + 5000 + GRACE)).toBe(1);
    stop();
    expect(leftOf(h, 'feedPosts', 'p1')).toEqual([]);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(MAX_WRITES_PER_COMMIT);
    // Paged: more than one commit of kudos and of comments.
    expect(sizes.filter((n) => n === PAGE_SIZE).length).toBeGreaterThanOrEqual(4);
  });

  it('a paced run that holds the feed item back still removes the social data', async () => {
    const h = await seed();
    await socialItem(h, 'feedPosts', 'p1');
    await h.store.commit([{ kind: 'delete', path: paths.post('ann', 'p1') }]);
    const events = h.events.splice(0);
    // The feed item was written at T0: within the same second, its delete waits for a retry.
    const { retryAt } = await reactUser(h.env(T0 + 200), 'ann', events, { minGapMs: 1000 });
    expect(retryAt).toBe(T0 + 1000);
    expect(h.store.snapshot()[paths.feedPost('ann', 'p1')]).toBeDefined();
    expect(h.store.snapshot()[paths.itemDeletion('feedPosts', 'ann', 'p1')]).toBeDefined();
    await sweep(h, T0 + 200 + GRACE);
    expect(leftOf(h, 'feedPosts', 'p1')).toEqual([]);
  });

  it("a deleted account's items are left to the account cascade", async () => {
    const h = await seed();
    const social = await socialItem(h, 'feedPosts', 'p1');
    await h.store.commit([
      { kind: 'set', path: paths.tombstone('ann'), data: { uid: 'ann', deletedAt: T0 } },
      { kind: 'delete', path: paths.post('ann', 'p1') },
    ]);
    await drain(h, T0 + 5000);
    expect(h.store.snapshot()[paths.itemDeletion('feedPosts', 'ann', 'p1')]).toBeUndefined();
    expect(leftOf(h, 'feedPosts', 'p1')).toEqual(expect.arrayContaining(social));
  });

  it('account deletion removes the pending deletion of its items; the sweep then has none', async () => {
    const h = await seed();
    await socialItem(h, 'feedPosts', 'p1');
    await socialItem(h, 'feedActivities', 'r1');
    await h.store.commit([{ kind: 'delete', path: paths.post('ann', 'p1') }]);
    await drain(h, T0 + 5000);
    expect(h.store.snapshot()[paths.itemDeletion('feedPosts', 'ann', 'p1')]).toBeDefined();
    await deleteAccountData(h.env(T0 + 6000), 'ann');
    const snap = h.store.snapshot();
    expect(Object.keys(snap).filter((p) => p.startsWith(`${paths.itemDeletions}/`))).toEqual([]);
    expect(leftOf(h, 'feedPosts', 'p1')).toEqual([]);
    expect(leftOf(h, 'feedActivities', 'r1')).toEqual([]);
    expect(await sweep(h, T0 + 5000 + GRACE)).toBe(0);
    expect(h.store.snapshot()).toEqual(snap);
  });

  it('a pending deletion the account cascade missed is swept harmlessly', async () => {
    const h = await seed();
    await socialItem(h, 'feedPosts', 'p1');
    await deleteAccountData(h.env(T0 + 1000), 'ann');
    // Written by a source reaction that read the profile before the tombstone was set.
    await h.store.commit([
      {
        kind: 'set',
        path: paths.itemDeletion('feedPosts', 'ann', 'p1'),
        data: { feed: 'feedPosts', owner: 'ann', id: 'p1', goneAt: T0 + 1000 },
      },
    ]);
    const snap = h.store.snapshot();
    await sweep(h, T0 + 1000 + GRACE);
    const { [paths.itemDeletion('feedPosts', 'ann', 'p1')]: _marker, ...rest } = snap;
    expect(h.store.snapshot()).toEqual(rest);
  });
});

describe('a kudos or comment that lands after its item was deleted', () => {
  it.each(['feedPosts', 'feedActivities'] as const)(
    '%s: its reaction leaves it and the counts to the sweep and writes no notification',
    async (feed) => {
      const h = await seed();
      await socialItem(h, feed, 'x1');
      await h.store.commit([{ kind: 'delete', path: SOURCES[feed].path('ann', 'x1') }]);
      await drain(h, T0 + 5000);
      const pending = leftOf(h, feed, 'x1');
      // Written while the feed item was still there (the rules check the feed item), delivered after.
      const late = [
        { path: paths.kudosOf(feed, 'ann', 'x1', 'dee'), data: give('dee', 'ann', T0 + 6000) },
        { path: paths.comment(feed, 'ann', 'x1', 'late'), data: say('cy', 'ann', 'Late', T0 + 6000) },
      ];
      await engage(h, late, T0 + 7000);
      // Kept with what the item had for the grace period (it may be a late delivery of one written
      // before the delete), counts as they were.
      expect(leftOf(h, feed, 'x1')).toEqual([...pending, ...late.map((l) => l.path)].sort());
      expect(h.store.snapshot()[paths.engagement(feed, 'ann', 'x1')]).toMatchObject({
        kudos: 2,
        comments: 2,
      });
      await sweep(h, T0 + 5000 + GRACE);
      expect(leftOf(h, feed, 'x1')).toEqual([]);
      // Its deletion's own delivery, and a duplicate of the write's, change nothing.
      const before = h.store.snapshot();
      for (const { path } of late) {
        await deliver(h, path, T0 + 8000);
        await deliver(h, path, T0 + 9000);
      }
      expect(h.store.snapshot()).toEqual(before);
    },
  );

  it('Undo after a late kudos: the item keeps what it had, and the late kudos counted and notified', async () => {
    const h = await seed();
    await h.store.commit([{ kind: 'set', path: paths.user('dee'), data: profile('dee') }]);
    await socialItem(h, 'feedActivities', 'r1');
    const before = socialOf(h);
    await h.store.commit([{ kind: 'delete', path: paths.rep('ann', 'r1') }]);
    await drain(h, T0 + 5000);
    const late = {
      path: paths.kudosOf('feedActivities', 'ann', 'r1', 'dee'),
      data: give('dee', 'ann', T0 + 6000),
    };
    await engage(h, [late], T0 + 7000);
    await h.store.commit([{ kind: 'set', path: paths.rep('ann', 'r1'), data: SOURCES.feedActivities.data }]);
    await drain(h, T0 + 8000);
    expect(await sweep(h, T0 + 5000 + GRACE)).toBe(0);
    const stats = paths.engagement('feedActivities', 'ann', 'r1');
    const note = paths.notification('ann', notificationId(socialEventForPath(late.path) as never));
    expect(socialOf(h)).toEqual({
      ...before,
      [late.path]: late.data,
      [stats]: {
        ...before[stats],
        kudos: 3,
        kudosBy: [
          { uid: 'dee', userName: 'DEE' },
          { uid: 'cy', userName: 'CY' },
          { uid: 'bob', userName: 'BOB' },
        ],
        asOf: T0 + 8000,
      },
      [note]: {
        kind: 'kudos',
        from: 'dee',
        fromName: 'DEE',
        feed: 'feedActivities',
        itemId: 'ann_r1',
        timestamp: T0 + 6000,
        read: false,
      },
    });
  });

  it('a kudos on an item that still exists is kept', async () => {
    const h = await seed();
    const social = await socialItem(h, 'feedPosts', 'p1');
    await deliver(h, social[0] as string, T0 + 5000);
    expect(leftOf(h, 'feedPosts', 'p1')).toEqual(expect.arrayContaining(social));
  });
});

describe('Undo after kudos or comments changed while the item was gone', () => {
  const stats = (feed: SocialFeed, id: string) => paths.engagement(feed, 'ann', id);
  const noteOf = (path: string) =>
    paths.notification('ann', notificationId(socialEventForPath(path) as never));
  const undo = async (h: H, feed: SocialFeed, id: string, now: number) => {
    await h.store.commit([{ kind: 'set', path: SOURCES[feed].path('ann', id), data: SOURCES[feed].data }]);
    await drain(h, now);
  };

  it.each(['feedPosts', 'feedActivities'] as const)(
    '%s: a kudos taken back and a comment deleted in the grace period are not counted after Undo',
    async (feed) => {
      const h = await seed();
      const [bobKudos, cyKudos, bobComment] = (await socialItem(h, feed, 'x1')) as [string, string, string];
      await h.store.commit([{ kind: 'delete', path: SOURCES[feed].path('ann', 'x1') }]);
      await drain(h, T0 + 5000);
      await h.store.commit([
        { kind: 'delete', path: cyKudos },
        { kind: 'delete', path: bobComment },
      ]);
      await deliver(h, cyKudos, T0 + 6000);
      await deliver(h, bobComment, T0 + 6000);
      // Still gone: the counts wait for the sweep or an Undo; the notifications of what was taken
      // back go at once.
      expect(h.store.snapshot()[stats(feed, 'x1')]).toMatchObject({ kudos: 2, comments: 2 });
      expect(h.store.snapshot()[noteOf(cyKudos)]).toBeUndefined();

      await undo(h, feed, 'x1', T0 + 9000);
      const snap = h.store.snapshot();
      expect(snap[stats(feed, 'x1')]).toMatchObject({
        kudos: 1,
        kudosBy: [{ uid: 'bob', userName: 'BOB' }],
        comments: 1,
        asOf: T0 + 9000,
      });
      expect(snap[noteOf(bobKudos)]).toMatchObject({ kind: 'kudos', from: 'bob' });
      expect(snap[noteOf(cyKudos)]).toBeUndefined();
      expect(snap[noteOf(bobComment)]).toBeUndefined();
      expect(snap[paths.itemDeletion(feed, 'ann', 'x1')]).toBeUndefined();
      // Repeated deliveries of the Undo, and the sweep, change nothing.
      await react(h.env(T0 + 12_000), {
        kind: feed === 'feedPosts' ? 'post' : 'activity',
        uid: 'ann',
        ...(feed === 'feedPosts' ? { postId: 'x1' } : { repId: 'x1', before: null }),
      } as never);
      expect(await sweep(h, T0 + 5000 + GRACE)).toBe(0);
      expect(h.store.snapshot()).toEqual(snap);
    },
  );

  it('everything taken back in the grace period: no counts after Undo', async () => {
    const h = await seed();
    const social = await socialItem(h, 'feedPosts', 'p1');
    await h.store.commit([{ kind: 'delete', path: paths.post('ann', 'p1') }]);
    await drain(h, T0 + 5000);
    await h.store.commit(social.map((path) => ({ kind: 'delete', path }) as const));
    for (const path of social) await deliver(h, path, T0 + 6000);
    await undo(h, 'feedPosts', 'p1', T0 + 9000);
    expect(leftOf(h, 'feedPosts', 'p1')).toEqual([]);
  });

  it('a duplicate delivery in the grace period keeps the notification and whether it was read', async () => {
    const h = await seed();
    const [bobKudos] = (await socialItem(h, 'feedPosts', 'p1')) as [string];
    await h.store.commit([{ kind: 'update', path: noteOf(bobKudos), data: { read: true } }]);
    await h.store.commit([{ kind: 'delete', path: paths.post('ann', 'p1') }]);
    await drain(h, T0 + 5000);
    const before = socialOf(h);
    await deliver(h, bobKudos, T0 + 6000);
    expect(socialOf(h)).toEqual(before);
    await undo(h, 'feedPosts', 'p1', T0 + 9000);
    expect(socialOf(h)).toEqual(before);
  });

  it('a paced Undo whose counts were written this second keeps the mark and recounts on retry', async () => {
    const h = await seed();
    const [, cyKudos] = (await socialItem(h, 'feedPosts', 'p1')) as [string, string];
    await h.store.commit([{ kind: 'delete', path: paths.post('ann', 'p1') }]);
    await drain(h, T0 + 200);
    await h.store.commit([{ kind: 'delete', path: cyKudos }]);
    await deliver(h, cyKudos, T0 + 300);
    await h.store.commit([{ kind: 'set', path: paths.post('ann', 'p1'), data: SOURCES.feedPosts.data }]);
    const events = h.events.splice(0);
    // The counts were written at T0: within the same second, their recount waits for a retry.
    const first = await reactUser(h.env(T0 + 400), 'ann', events, { minGapMs: 1000 });
    expect(first.retryAt).toBe(T0 + 1000);
    expect(h.store.snapshot()[stats('feedPosts', 'p1')]).toMatchObject({ kudos: 2 });
    expect(h.store.snapshot()[paths.itemDeletion('feedPosts', 'ann', 'p1')]).toBeDefined();
    const retry = await reactUser(h.env(T0 + 1000), 'ann', events, { minGapMs: 1000 });
    expect(retry.retryAt).toBeNull();
    expect(h.store.snapshot()[stats('feedPosts', 'p1')]).toMatchObject({ kudos: 1, asOf: T0 + 1000 });
    expect(h.store.snapshot()[paths.itemDeletion('feedPosts', 'ann', 'p1')]).toBeUndefined();
  });

  it('the sweep recounts an item back under its id whose Undo reaction left the mark', async () => {
    const h = await seed();
    const [, cyKudos] = (await socialItem(h, 'feedPosts', 'p1')) as [string, string];
    await h.store.commit([{ kind: 'delete', path: paths.post('ann', 'p1') }]);
    await drain(h, T0 + 5000);
    await h.store.commit([{ kind: 'delete', path: cyKudos }]);
    await deliver(h, cyKudos, T0 + 6000);
    // Written back, its reaction lost (not delivered).
    await h.store.commit([{ kind: 'set', path: paths.post('ann', 'p1'), data: SOURCES.feedPosts.data }]);
    h.events.splice(0);
    expect(await sweep(h, T0 + 5000 + GRACE)).toBe(0);
    expect(h.store.snapshot()[stats('feedPosts', 'p1')]).toMatchObject({ kudos: 1 });
    expect(h.store.snapshot()[paths.itemDeletion('feedPosts', 'ann', 'p1')]).toBeUndefined();
  });
});
