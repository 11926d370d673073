import { paths } from '@fit/shared/model';
import { MemoryStore } from '@fit/shared/testing/memory-store';
import { describe, expect, it } from 'vitest';
import { hiddenCountsRepair, nameRepair } from '../repair-stored-data.ts';

describe('the one-off repair of stored activity names', () => {
  it('puts a catalogue name in display case, with its calorie units when missing, and leaves the rest', () => {
    const rep = (id: string) => paths.rep('u1', id);
    expect(
      nameRepair(rep('a'), { activityType: 'bench press', count: 5, timestamp: 1, calorieUnits: 0 }),
    ).toEqual({ kind: 'update', path: rep('a'), data: { activityType: 'Bench Press' } });
    expect(nameRepair(rep('d'), { activityType: 'RUNNING', time: 10, timestamp: 4 })).toEqual({
      kind: 'update',
      path: rep('d'),
      data: { activityType: 'Running', calorieUnits: 8000 },
    });
    expect(nameRepair(rep('b'), { activityType: 'Running', time: 10, timestamp: 2 })).toBeNull();
    expect(nameRepair(rep('c'), { activityType: 'heavy bag', time: 10, timestamp: 3 })).toBeNull();
    expect(nameRepair(rep('e'), { timestamp: 3 })).toBeNull();
  });
});

describe("the one-off repair of counts on hidden people's activities", () => {
  const T = Date.UTC(2026, 10, 22, 12);
  const counts = (feed: 'feedPosts' | 'feedActivities', owner: string, id: string) => ({
    feed,
    owner,
    itemId: `${owner}_${id}`,
    kudos: 1,
    kudosBy: [{ uid: 'bob', userName: 'Bob' }],
    comments: 0,
    asOf: T,
  });

  // Hidden before the profile reaction removed counts on hide: their counts are still stored.
  async function storedBeforeTheChange() {
    const store = new MemoryStore();
    const rep = { activityType: 'Yoga', time: 10, calorieUnits: 2800, timestamp: T };
    await store.commit([
      { kind: 'set', path: paths.user('ann'), data: { userId: 'ann', hideExerciseInfo: true } },
      { kind: 'set', path: paths.rep('ann', 'r1'), data: rep },
      { kind: 'set', path: paths.post('ann', 'p1'), data: { message: 'Hi', timestamp: T } },
      {
        kind: 'set',
        path: paths.kudosOf('feedActivities', 'ann', 'r1', 'bob'),
        data: { uid: 'bob', owner: 'ann', userName: 'Bob', timestamp: T },
      },
      {
        kind: 'set',
        path: paths.engagement('feedActivities', 'ann', 'r1'),
        data: counts('feedActivities', 'ann', 'r1'),
      },
      {
        kind: 'set',
        path: paths.engagement('feedPosts', 'ann', 'p1'),
        data: counts('feedPosts', 'ann', 'p1'),
      },
      { kind: 'set', path: paths.user('cy'), data: { userId: 'cy' } },
      {
        kind: 'set',
        path: paths.engagement('feedActivities', 'cy', 'r9'),
        data: counts('feedActivities', 'cy', 'r9'),
      },
    ]);
    return store;
  }

  it('reports them, and with --write removes them as hiding does now, posts and visible people aside', async () => {
    const store = await storedBeforeTheChange();
    const env = { store, now: T + 1000, timeZone: 'UTC' };
    const before = store.snapshot();
    expect(await hiddenCountsRepair(env, ['ann', 'cy'], false)).toBe(1);
    expect(store.snapshot()).toEqual(before);
    expect(await hiddenCountsRepair(env, ['ann', 'cy'], true)).toBe(1);
    const after = store.snapshot();
    expect(after[paths.engagement('feedActivities', 'ann', 'r1')]).toBeUndefined();
    expect(after[paths.engagement('feedPosts', 'ann', 'p1')]).toBeDefined();
    expect(after[paths.engagement('feedActivities', 'cy', 'r9')]).toBeDefined();
    expect(after[paths.kudosOf('feedActivities', 'ann', 'r1', 'bob')]).toBeDefined();
    expect(await hiddenCountsRepair(env, ['ann', 'cy'], false)).toBe(0);
  });
});
