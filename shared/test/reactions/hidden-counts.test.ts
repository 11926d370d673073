/**
 * A hidden person's activity counts across the other ways an item's counts are written: a delete
 * and its Undo on either side of hiding, the sweep, a giver's rename. None brings them into view
 * while hidden; shown again, they are right.
 */
import { describe, expect, it } from 'vitest';
import { paths } from '../../src/model.ts';
import {
  reactEngagement,
  reactUser,
  socialEventForPath,
  sweepDeletedItems,
} from '../../src/reactions/index.ts';
import { harness, profile, T0 } from './helpers.ts';

function event(path: string) {
  const e = socialEventForPath(path);
  if (!e) throw new Error(`not a social path: ${path}`);
  return e;
}

const r1 = { activityType: 'Yoga', time: 10, calorieUnits: 2800, timestamp: T0 };
const kr1 = (g: string) => paths.kudosOf('feedActivities', 'ann', 'r1', g);

async function setup() {
  const h = harness();
  await h.store.commit([
    { kind: 'set', path: paths.user('ann'), data: profile('ann') },
    { kind: 'set', path: paths.user('bob'), data: profile('bob') },
    { kind: 'set', path: paths.rep('ann', 'r1'), data: r1 },
  ]);
  await reactUser(h.env(T0), 'ann', [{ kind: 'activity', uid: 'ann', repId: 'r1', before: null }]);
  await h.store.commit([
    { kind: 'set', path: kr1('bob'), data: { uid: 'bob', owner: 'ann', userName: 'BOB', timestamp: T0 } },
  ]);
  await reactEngagement(h.env(T0), event(kr1('bob')));
  return h;
}
const stats = (h: Awaited<ReturnType<typeof setup>>) =>
  h.store.snapshot()[paths.engagement('feedActivities', 'ann', 'r1')];
const hide = async (h: Awaited<ReturnType<typeof setup>>, v: boolean, now: number) => {
  await h.store.commit([{ kind: 'update', path: paths.user('ann'), data: { hideExerciseInfo: v } }]);
  await reactUser(h.env(now), 'ann', [{ kind: 'profile', uid: 'ann', changed: ['hideExerciseInfo'] }]);
};
const del = async (h: Awaited<ReturnType<typeof setup>>, now: number) => {
  await h.store.commit([{ kind: 'delete', path: paths.rep('ann', 'r1') }]);
  await reactUser(h.env(now), 'ann', [{ kind: 'activity', uid: 'ann', repId: 'r1', before: r1 }]);
};
const undo = async (h: Awaited<ReturnType<typeof setup>>, now: number) => {
  await h.store.commit([{ kind: 'set', path: paths.rep('ann', 'r1'), data: r1 }]);
  await reactUser(h.env(now), 'ann', [{ kind: 'activity', uid: 'ann', repId: 'r1', before: null }]);
};

describe("a hidden person's activity counts, item deleted or renamed", () => {
  it('deleted while shown, then hidden: an Undo while hidden shows none; shown again, counted', async () => {
    const h = await setup();
    expect(stats(h)).toBeDefined();
    await del(h, T0 + 1000);
    await hide(h, true, T0 + 2000);
    expect(stats(h)).toBeUndefined();
    await undo(h, T0 + 3000);
    expect(stats(h)).toBeUndefined();
    expect(h.store.snapshot()[paths.itemDeletion('feedActivities', 'ann', 'r1')]).toBeUndefined();
    await hide(h, false, T0 + 4000);
    expect(stats(h)).toMatchObject({ kudos: 1 });
  });
  it('deleted while hidden, then shown: none until the Undo recounts them', async () => {
    const h = await setup();
    await hide(h, true, T0 + 1000);
    await del(h, T0 + 2000);
    await hide(h, false, T0 + 3000);
    expect(stats(h)).toBeUndefined();
    await undo(h, T0 + 4000);
    expect(stats(h)).toMatchObject({ kudos: 1 });
  });
  it('deleted while hidden and swept: the kudos go, and showing again brings nothing back', async () => {
    const h = await setup();
    await hide(h, true, T0 + 1000);
    await del(h, T0 + 2000);
    await sweepDeletedItems(h.env(T0 + 3_600_000));
    expect(h.store.snapshot()[kr1('bob')]).toBeUndefined();
    await hide(h, false, T0 + 3_700_000);
    expect(stats(h)).toBeUndefined();
  });
  it('deleted while shown, swept while hidden: nothing comes back', async () => {
    const h = await setup();
    await del(h, T0 + 1000);
    await hide(h, true, T0 + 2000);
    await sweepDeletedItems(h.env(T0 + 3_600_000));
    expect(h.store.snapshot()[kr1('bob')]).toBeUndefined();
    await hide(h, false, T0 + 3_700_000);
    expect(stats(h)).toBeUndefined();
  });
  it("a giver's rename while hidden writes none; shown again, the new name", async () => {
    const h = await setup();
    await hide(h, true, T0 + 1000);
    await h.store.commit([{ kind: 'update', path: paths.user('bob'), data: { displayName: 'Robert' } }]);
    await reactUser(h.env(T0 + 2000), 'bob', [{ kind: 'profile', uid: 'bob', changed: ['displayName'] }]);
    await reactEngagement(h.env(T0 + 3000), event(kr1('bob')));
    expect(stats(h)).toBeUndefined();
    await hide(h, false, T0 + 4000);
    expect(stats(h)).toMatchObject({ kudosBy: [{ uid: 'bob', userName: 'Robert' }] });
  });
});
