import { validateDocument } from '@fit/shared/documents';
import { paths } from '@fit/shared/model';
import { MemoryStore } from '@fit/shared/testing/memory-store';
import { describe, expect, it } from 'vitest';
import { countRecords, recordsPage } from './records.ts';
import {
  deleteWeight,
  logWeight,
  restoreWeight,
  saveWeightTargets,
  updateWeight,
  WEIGHT_RECORDS,
} from './weights.ts';

const UID = 'u1';

function store(): MemoryStore {
  const s = new MemoryStore();
  s.seed({
    [paths.user(UID)]: { userId: UID, email: 'a@b.c', createdAt: 1, displayName: 'A', currentWeight: 190 },
    [paths.weightRecord(UID, 'old')]: { weight: 200, timestamp: 1000 },
    [paths.weightRecord(UID, 'mid')]: { weight: 195, timestamp: 2000 },
    [paths.weightRecord(UID, 'new')]: { weight: 190, timestamp: 3000 },
  });
  return s;
}

/** The records as the page shows them, newest first (what the repository decides the newest from). */
async function shown(s: MemoryStore) {
  return (await recordsPage(s, UID, WEIGHT_RECORDS, null, 100)).items;
}

async function currentWeight(s: MemoryStore) {
  return (await s.get(paths.user(UID)))?.data.currentWeight;
}

describe('weights repository', () => {
  it('reads nothing before it writes: the newest records are the ones the page shows', async () => {
    const s = store();
    const reads: string[] = [];
    for (const read of ['get', 'query', 'aggregate'] as const) {
      const real = s[read].bind(s) as (...args: unknown[]) => Promise<unknown>;
      (s as unknown as Record<string, unknown>)[read] = (...args: unknown[]) => {
        reads.push(read);
        return real(...args);
      };
    }
    const newest = [{ id: 'new', path: paths.weightRecord(UID, 'new'), weight: 190, timestamp: 3000 }];
    await logWeight(s, UID, { weight: 189, timestamp: 4000 }, newest, 4000);
    await updateWeight(s, UID, { id: 'new', weight: 191 }, newest);
    await deleteWeight(s, UID, 'mid', newest);
    expect(reads).toEqual([]);
    // Before the page has them, the newest two are read.
    await logWeight(s, UID, { weight: 188, timestamp: 5000 }, undefined, 5000);
    expect(reads).toEqual(['query']);
    expect(await currentWeight(s)).toBe(188);
  });

  it('logging a weight adds the record and sets the current weight in one commit', async () => {
    const s = store();
    const commits: number[] = [];
    s.onCommit((changes) => commits.push(changes.length));
    const id = await logWeight(s, UID, { weight: 188.5, timestamp: 4000 }, await shown(s), 4000);
    expect(commits).toEqual([2]);
    const rec = (await s.get(paths.weightRecord(UID, id)))?.data as Record<string, unknown>;
    expect(rec).toEqual({ weight: 188.5, timestamp: 4000, loggedAt: 4000 });
    expect(validateDocument('weightRecords', rec, { uid: UID, now: 4000, before: null }).ok).toBe(true);
    expect(await currentWeight(s)).toBe(188.5);
  });

  it('editing the newest record updates the current weight', async () => {
    const s = store();
    expect(await updateWeight(s, UID, { id: 'new', weight: 189 }, await shown(s))).toBe(true);
    expect(await currentWeight(s)).toBe(189);
    expect((await s.get(paths.weightRecord(UID, 'new')))?.data).toEqual({ weight: 189, timestamp: 3000 });
  });

  it('editing an older record leaves the current weight as the profile has it', async () => {
    const s = store();
    expect(await updateWeight(s, UID, { id: 'old', weight: 210 }, await shown(s))).toBe(false);
    expect(await currentWeight(s)).toBe(190);
    expect((await s.get(paths.weightRecord(UID, 'old')))?.data).toEqual({ weight: 210, timestamp: 1000 });
  });

  it('a weigh-in dated before the newest is added without replacing the current weight', async () => {
    const s = store();
    const id = await logWeight(s, UID, { weight: 230, timestamp: 2500 }, await shown(s), 4000);
    expect((await s.get(paths.weightRecord(UID, id)))?.data).toEqual({
      weight: 230,
      timestamp: 2500,
      loggedAt: 4000,
    });
    expect(await currentWeight(s)).toBe(190);
  });

  it('moving a record in time: the current weight follows whichever record is newest after the move', async () => {
    const s = store();
    // The oldest record moved after the newest becomes the newest: its weight is current.
    expect(await updateWeight(s, UID, { id: 'old', weight: 200, timestamp: 3500 }, await shown(s))).toBe(
      true,
    );
    expect(await currentWeight(s)).toBe(200);
    expect((await s.get(paths.weightRecord(UID, 'old')))?.data).toEqual({ weight: 200, timestamp: 3500 });
    // Moved back behind 'new' again: 'new' is the newest, its weight current.
    expect(await updateWeight(s, UID, { id: 'old', weight: 201, timestamp: 500 }, await shown(s))).toBe(true);
    expect(await currentWeight(s)).toBe(190);
    // A move that leaves the order as it was changes nothing of the profile.
    expect(await updateWeight(s, UID, { id: 'mid', weight: 196, timestamp: 1500 }, await shown(s))).toBe(
      false,
    );
    expect(await currentWeight(s)).toBe(190);
  });

  it('deleting sets the current weight to the newest remaining weight, or 0', async () => {
    const s = store();
    expect(await deleteWeight(s, UID, 'new', await shown(s))).toBe(195);
    expect(await currentWeight(s)).toBe(195);
    expect(await deleteWeight(s, UID, 'old', await shown(s))).toBe(195);
    expect(await currentWeight(s)).toBe(195);
    expect(await deleteWeight(s, UID, 'mid', await shown(s))).toBe(0);
    expect(await currentWeight(s)).toBe(0);
    expect(await countRecords(s, UID, WEIGHT_RECORDS)).toBe(0);
  });

  it('pages newest first', async () => {
    const s = store();
    const p1 = await recordsPage(s, UID, WEIGHT_RECORDS, null, 2);
    expect(p1.items.map((r) => r.id)).toEqual(['new', 'mid']);
    const p2 = await recordsPage(s, UID, WEIGHT_RECORDS, p1.next, 2);
    expect(p2.items.map((r) => r.id)).toEqual(['old']);
  });

  it('saves the target weight and date by merge', async () => {
    const s = store();
    await saveWeightTargets(s, UID, { targetWeight: 175, targetDate: '2026-09-01' });
    const profile = (await s.get(paths.user(UID)))?.data;
    expect(profile).toMatchObject({
      displayName: 'A',
      currentWeight: 190,
      targetWeight: 175,
      targetDate: '2026-09-01',
    });
  });
});

describe('Undo of a deleted weigh-in', () => {
  const NOW = 1_773_230_400_000;
  const DAY = 86_400_000;
  it.each([
    ['logged last week', 7],
    ['logged 400 days ago (past the limit a new entry may be dated back)', 400],
    ['imported, dated 3 years back', 1100],
  ])('writes back one %s as the rules accept it', async (name, ageDays) => {
    const s = new MemoryStore();
    const at = NOW - ageDays * DAY;
    const deleted = {
      id: 'gone',
      path: paths.weightRecord(UID, 'gone'),
      weight: 180,
      timestamp: at,
      ...(name.startsWith('imported') ? { importedAt: at } : { loggedAt: at }),
    };
    await restoreWeight(s, UID, deleted, [], NOW);
    const stored = (await s.get(paths.weightRecord(UID, 'gone')))?.data as Record<string, unknown>;
    expect(stored.timestamp).toBe(at);
    expect(validateDocument('weightRecords', stored, { uid: UID, now: NOW, before: null }).ok).toBe(true);
  });
});
