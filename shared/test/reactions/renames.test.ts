/**
 * A rename reaches the kudos, comments and notifications a person wrote before it, and the givers'
 * names on the item (through the engagement reaction their update triggers); `read` stays the owner's.
 */
import { describe, expect, it } from 'vitest';
import { paths, UNKNOWN_USER_NAME } from '../../src/model.ts';
import { displayNameOf } from '../../src/reactions/core.ts';
import {
  notificationId,
  PAGE_SIZE,
  react,
  reactEngagement,
  renameGiven,
  socialEventForPath,
} from '../../src/reactions/index.ts';
import type { DocData } from '../../src/store.ts';
import { harness, profile, T0 } from './helpers.ts';

const given = (uid: string, name: string, extra: DocData = {}): DocData => ({
  uid,
  owner: 'ann',
  userName: name,
  timestamp: T0,
  ...extra,
});

async function seed() {
  const h = harness();
  await h.store.commit([
    { kind: 'set', path: paths.user('ann'), data: profile('ann') },
    { kind: 'set', path: paths.user('bob'), data: profile('bob', { displayName: 'Bob' }) },
    { kind: 'set', path: paths.post('ann', 'p1'), data: { message: 'Hello', timestamp: T0 } },
  ]);
  const kudos = paths.kudosOf('feedPosts', 'ann', 'p1', 'bob');
  const comment = paths.comment('feedPosts', 'ann', 'p1', 'c1');
  await h.store.commit([
    { kind: 'set', path: kudos, data: given('bob', 'Bob') },
    { kind: 'set', path: comment, data: given('bob', 'Bob', { message: 'Nice' }) },
  ]);
  for (const path of [kudos, comment]) await reactEngagement(h.env(T0), socialEventForPath(path) as never);
  h.events.length = 0;
  return { h, kudos, comment };
}

const note = (path: string) => paths.notification('ann', notificationId(socialEventForPath(path) as never));

describe('a rename', () => {
  it('rewrites the name on what the person gave and caused, keeps `read`, and the counts follow', async () => {
    const { h, kudos, comment } = await seed();
    await h.store.commit([{ kind: 'update', path: note(comment), data: { read: true } }]);
    await h.store.commit([{ kind: 'update', path: paths.user('bob'), data: { displayName: 'Robert' } }]);
    for (let e = h.events.shift(); e; e = h.events.shift()) await react(h.env(T0 + 1000), e);
    const snap = h.store.snapshot();
    expect(snap[kudos]).toMatchObject({ userName: 'Robert' });
    expect(snap[comment]).toMatchObject({ userName: 'Robert', message: 'Nice' });
    expect(snap[note(kudos)]).toMatchObject({ fromName: 'Robert', read: false });
    expect(snap[note(comment)]).toMatchObject({ fromName: 'Robert', read: true });
    // The kudos' own trigger recounts the item with the new name.
    await reactEngagement(h.env(T0 + 5000), socialEventForPath(kudos) as never);
    expect(h.store.snapshot()[paths.engagement('feedPosts', 'ann', 'p1')]).toMatchObject({
      kudosBy: [{ uid: 'bob', userName: 'Robert' }],
    });
  });

  it('writes only what is out of date, with the name the profile has when it runs', async () => {
    const { h, kudos } = await seed();
    expect(await renameGiven(h.env(T0), 'bob')).toBe(0);
    // A run for an earlier rename that starts after a later one writes the later name.
    await h.store.commit([{ kind: 'update', path: paths.user('bob'), data: { displayName: 'Rob' } }]);
    expect(await renameGiven(h.env(T0 + 1000), 'bob')).toBe(4); // kudos, comment, two notifications
    expect(h.store.snapshot()[kudos]).toMatchObject({ userName: 'Rob' });
    expect(await renameGiven(h.env(T0 + 2000), 'bob')).toBe(0);
  });

  it('pages through more than a page of comments', async () => {
    const { h } = await seed();
    const many = Array.from({ length: PAGE_SIZE + 5 }, (_, i) => ({
      kind: 'set' as const,
      path: paths.comment('feedPosts', 'ann', 'p1', `m${String(i).padStart(3, '0')}`),
      data: given('bob', 'Bob', { message: `#${i}` }),
    }));
    for (let i = 0; i < many.length; i += 100) await h.store.commit(many.slice(i, i + 100));
    await h.store.commit([{ kind: 'update', path: paths.user('bob'), data: { displayName: 'Robert' } }]);
    await renameGiven(h.env(T0 + 1000), 'bob');
    const snap = h.store.snapshot();
    expect(many.filter((m) => snap[m.path]?.userName !== 'Robert')).toEqual([]);
  });

  it('writes nothing for a deleted account', async () => {
    const { h, kudos } = await seed();
    await h.store.commit([
      { kind: 'set', path: paths.tombstone('bob'), data: { deletedAt: T0 } },
      { kind: 'update', path: paths.user('bob'), data: { displayName: 'Gone' } },
    ]);
    expect(await renameGiven(h.env(T0 + 1000), 'bob')).toBe(0);
    expect(h.store.snapshot()[kudos]).toMatchObject({ userName: 'Bob' });
  });
});

describe('a name that shows nothing', () => {
  it('is the unknown name on every projection, as an empty one is', () => {
    // Stored before the rules refused them: tag characters, a variation selector, a zero-width space.
    for (const name of ['\u{E0041}\u{E0042}', '\uFE0F', ' \u200B ', ''])
      expect(displayNameOf({ displayName: name }), JSON.stringify(name)).toBe(UNKNOWN_USER_NAME);
    expect(displayNameOf({ displayName: ' Ann\uFE0F ' })).toBe('Ann\uFE0F');
  });
});
