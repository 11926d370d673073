import { describe, expect, it } from 'vitest';
import { paths } from '../../src/model.ts';
import {
  deleteAccountData,
  eventForWrite,
  type ReactionEvent,
  react,
  reactUser,
} from '../../src/reactions/index.ts';
import { harness, profile, T0 } from './helpers.ts';

type H = ReturnType<typeof harness>;

async function withPeople(h: H, uids: string[]) {
  await h.store.commit(uids.map((u) => ({ kind: 'set', path: paths.user(u), data: profile(u) }) as const));
}

function follow(h: H, from: string, to: string, at = T0) {
  return h.store.commit([{ kind: 'set', path: paths.follow(from, to), data: { uid: to, createdAt: at } }]);
}

function card(h: H, uid: string) {
  return h.store.snapshot()[paths.person(uid)];
}

/** Every pending event, in the order given, each with its own `now`. */
async function drain(h: H, now: number) {
  while (h.events.length > 0) {
    const e = h.events.shift();
    if (e) await react(h.env(now), e);
  }
}

describe('follow events', () => {
  it('a follow document written or deleted is a follow event; an edit is not', () => {
    expect(eventForWrite(paths.follow('a', 'b'), null, { uid: 'b', createdAt: 1 })).toEqual({
      kind: 'follow',
      uid: 'a',
      target: 'b',
    });
    expect(eventForWrite(paths.follow('a', 'b'), { uid: 'b', createdAt: 1 }, null)).toEqual({
      kind: 'follow',
      uid: 'a',
      target: 'b',
    });
    expect(eventForWrite(paths.follow('a', 'b'), { uid: 'b' }, { uid: 'b' })).toBeNull();
  });

  it('a profile makes the card; a name or privacy change follows; the weight does not write it', async () => {
    const h = harness();
    await withPeople(h, ['a']);
    await drain(h, T0);
    expect(card(h, 'a')).toEqual({
      uid: 'a',
      userName: 'A',
      visible: true,
      followers: 0,
      following: 0,
      asOf: T0,
    });
    await h.store.commit([
      { kind: 'update', path: paths.user('a'), data: { displayName: 'Ann', hideExerciseInfo: true } },
    ]);
    await drain(h, T0 + 1000);
    expect(card(h, 'a')).toMatchObject({ userName: 'Ann', visible: false, asOf: T0 + 1000 });
    await h.store.commit([{ kind: 'update', path: paths.user('a'), data: { currentWeight: 170 } }]);
    await drain(h, T0 + 2000);
    expect(h.store.writeCount(paths.person('a'))).toBe(2);
  });
});

describe('follower counts', () => {
  it('follow and unfollow move both counts', async () => {
    const h = harness();
    await withPeople(h, ['a', 'b', 'c']);
    await follow(h, 'a', 'b');
    await follow(h, 'c', 'b');
    await drain(h, T0);
    expect(card(h, 'b')).toMatchObject({ followers: 2, following: 0 });
    expect(card(h, 'a')).toMatchObject({ followers: 0, following: 1 });
    await h.store.commit([{ kind: 'delete', path: paths.follow('a', 'b') }]);
    await drain(h, T0 + 1000);
    expect(card(h, 'b')).toMatchObject({ followers: 1 });
    expect(card(h, 'a')).toMatchObject({ following: 0 });
  });

  it('no lost count: 40 follows at once, reactions interleaved, reordered and duplicated', async () => {
    const h = harness();
    const fans = Array.from({ length: 40 }, (_, i) => `fan${i}`);
    await withPeople(h, ['star', ...fans]);
    await drain(h, T0);
    // Each follow is committed and its reaction started at once, none awaited: the reactions'
    // transactions interleave with the later follows' commits.
    const running: Promise<unknown>[] = [];
    fans.forEach((fan, i) => {
      running.push(follow(h, fan, 'star', T0 + i));
      running.push(react(h.env(T0 + 10 + i), { kind: 'follow', uid: fan, target: 'star' }));
    });
    await Promise.all(running);
    expect(card(h, 'star')).toMatchObject({ followers: 40 });
    // Late duplicates with earlier clocks (retries delivered out of order) change nothing.
    const late = fans
      .slice(0, 10)
      .reverse()
      .map((fan, i) => react(h.env(T0 + 5 + i), { kind: 'follow', uid: fan, target: 'star' }));
    await Promise.all(late);
    expect(card(h, 'star')).toMatchObject({ followers: 40 });
    for (const fan of fans) expect(card(h, fan)).toMatchObject({ following: 1 });
  });

  it('a reaction that read before a later follow never overwrites a newer count', async () => {
    const h = harness();
    await withPeople(h, ['a', 'b', 'star']);
    await follow(h, 'a', 'star');
    await follow(h, 'b', 'star');
    // b's reaction runs first with the later clock, a's (earlier clock) arrives after it.
    await react(h.env(T0 + 2000), { kind: 'follow', uid: 'b', target: 'star' });
    await react(h.env(T0 + 1000), { kind: 'follow', uid: 'a', target: 'star' });
    expect(card(h, 'star')).toMatchObject({ followers: 2, asOf: T0 + 2000 });
  });

  it('paced: a burst waits for the next window and converges on the true count', async () => {
    const h = harness();
    await withPeople(h, ['a', 'b', 'star']);
    await drain(h, T0);
    await follow(h, 'a', 'star');
    const first = await reactUser(h.env(T0 + 1000), 'a', [{ kind: 'follow', uid: 'a', target: 'star' }], {
      minGapMs: 1000,
    });
    expect(first.retryAt).toBeNull();
    await follow(h, 'b', 'star');
    const event: ReactionEvent = { kind: 'follow', uid: 'b', target: 'star' };
    const second = await reactUser(h.env(T0 + 1500), 'b', [event], { minGapMs: 1000 });
    expect(second.retryAt).toBe(T0 + 2000);
    expect(card(h, 'star')).toMatchObject({ followers: 1 });
    await reactUser(h.env(T0 + 2000), 'b', [event], { minGapMs: 1000 });
    expect(card(h, 'star')).toMatchObject({ followers: 2 });
  });
});

describe('account deletion', () => {
  it("removes the person's follows both ways and fixes everyone's counts", async () => {
    const h = harness();
    await withPeople(h, ['a', 'b', 'c']);
    await follow(h, 'a', 'b'); // a follows b
    await follow(h, 'c', 'a'); // c follows a
    await follow(h, 'b', 'c'); // b follows c (untouched)
    await drain(h, T0);
    expect(card(h, 'a')).toMatchObject({ followers: 1, following: 1 });
    await deleteAccountData(h.env(T0 + 1000), 'a');
    const stored = h.store.snapshot();
    expect(Object.keys(stored).filter((p) => p.includes('/following/'))).toEqual([paths.follow('b', 'c')]);
    expect(stored[paths.person('a')]).toBeUndefined();
    expect(card(h, 'b')).toMatchObject({ followers: 0, following: 1 });
    expect(card(h, 'c')).toMatchObject({ followers: 1, following: 0 });
    // The triggers of the cascade's own deletes, and late events of the deleted person, change nothing.
    await drain(h, T0 + 2000);
    await react(h.env(T0 + 3000), { kind: 'follow', uid: 'c', target: 'a' });
    expect(h.store.snapshot()[paths.person('a')]).toBeUndefined();
    expect(card(h, 'c')).toMatchObject({ followers: 1, following: 0 });
  });
});

describe('the followed person is notified', () => {
  const note = (h: H, to: string, from: string) =>
    h.store.snapshot()[paths.notification(to, `follow_${from}`)];

  it('once per follower, kept as read, removed on unfollow; none for a deleted follower', async () => {
    const h = harness();
    await withPeople(h, ['a', 'b', 'c']);
    await follow(h, 'a', 'b', T0 + 5);
    await drain(h, T0 + 10);
    expect(note(h, 'b', 'a')).toEqual({
      kind: 'follow',
      from: 'a',
      fromName: 'A',
      timestamp: T0 + 5,
      read: false,
    });
    // Read by its owner; a duplicate delivery leaves it read.
    await h.store.commit([
      { kind: 'update', path: paths.notification('b', 'follow_a'), data: { read: true } },
    ]);
    await reactUser(h.env(T0 + 20), 'a', [{ kind: 'follow', uid: 'a', target: 'b' }]);
    expect(note(h, 'b', 'a')).toMatchObject({ read: true });
    await h.store.commit([{ kind: 'delete', path: paths.follow('a', 'b') }]);
    await drain(h, T0 + 30);
    expect(note(h, 'b', 'a')).toBeUndefined();
    // A follow whose follower is gone by the time it is delivered notifies nobody.
    await follow(h, 'c', 'b', T0 + 40);
    await deleteAccountData(h.env(T0 + 41), 'c');
    await drain(h, T0 + 50);
    expect(note(h, 'b', 'c')).toBeUndefined();
  });
});
