/**
 * Deleting one's own post or activity takes its social data with it: its kudos and comments, its
 * engagement document and the owner's notifications about it, in pages within a commit's 500
 * writes; repeated and late deliveries change nothing; a kudos or comment that lands after the
 * item is gone is removed by its own reaction.
 */
import { describe, expect, it } from 'vitest';
import { MAX_WRITES_PER_COMMIT } from '../../firestore/semantics.ts';
import { paths, type SocialFeed } from '../../src/model.ts';
import {
  notificationId,
  PAGE_SIZE,
  react,
  reactEngagement,
  reactUser,
  socialEventForPath,
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

      expect(leftOf(h, feed, 'x1')).toEqual([]);
      // The other item's kudos, comments, counts and notifications, and the follow notification,
      // stay as they were.
      expect(socialOf(h)).toEqual(kept);
      expect(leftOf(h, feed, 'x2')).toHaveLength(8);
    },
  );

  it('a repeated or late delivery of the delete changes nothing', async () => {
    const h = await seed();
    await socialItem(h, 'feedPosts', 'p1');
    await h.store.commit([{ kind: 'delete', path: paths.post('ann', 'p1') }]);
    const [event] = h.events;
    await drain(h, T0 + 5000);
    const before = h.store.snapshot();
    if (!event) throw new Error('no event for the delete');
    await react(h.env(T0 + 6000), event);
    await react(h.env(T0 + 60_000), event);
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
    const sizes: number[] = [];
    const stop = h.store.onCommit((changes) => sizes.push(changes.length));
    await drain(h, T0 + 5000);
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
    expect(leftOf(h, 'feedPosts', 'p1')).toEqual(expect.arrayContaining(social));
  });
});

describe('a kudos or comment that lands after its item was deleted', () => {
  it.each(['feedPosts', 'feedActivities'] as const)(
    '%s: its reaction removes it, writes no counts and no notification',
    async (feed) => {
      const h = await seed();
      await socialItem(h, feed, 'x1');
      await h.store.commit([{ kind: 'delete', path: SOURCES[feed].path('ann', 'x1') }]);
      await drain(h, T0 + 5000);
      // Written while the feed item was still there (the rules check the feed item), delivered after.
      const late = [
        { path: paths.kudosOf(feed, 'ann', 'x1', 'bob'), data: give('bob', 'ann', T0 + 6000) },
        { path: paths.comment(feed, 'ann', 'x1', 'late'), data: say('cy', 'ann', 'Late', T0 + 6000) },
      ];
      await engage(h, late, T0 + 7000);
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

  it('a kudos on an item that still exists is kept', async () => {
    const h = await seed();
    const social = await socialItem(h, 'feedPosts', 'p1');
    await deliver(h, social[0] as string, T0 + 5000);
    expect(leftOf(h, 'feedPosts', 'p1')).toEqual(expect.arrayContaining(social));
  });
});
