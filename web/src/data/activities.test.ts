import { validateDocument } from '@fit/shared/documents';
import { calorieUnits } from '@fit/shared/formulas';
import { paths } from '@fit/shared/model';
import { MemoryStore } from '@fit/shared/testing/memory-store';
import { validateActivityForm } from '@fit/shared/validation';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_RECORDS, logActivity, restoreActivity, toActivity, updateActivity } from './activities.ts';
import { newDocId } from './ids.ts';
import { countRecords, recordsPage } from './records.ts';

const UID = 'u1';
const NOW = 1_773_230_400_000;

function seeded(n: number): MemoryStore {
  const store = new MemoryStore();
  const docs: Record<string, Record<string, unknown>> = {};
  for (let i = 0; i < n; i++) {
    const rec = { activityType: 'Running', time: 10, timestamp: NOW - i * 60_000 };
    docs[paths.rep(UID, `a${String(i).padStart(3, '0')}`)] = { ...rec, calorieUnits: calorieUnits(rec) };
  }
  store.seed(docs);
  return store;
}

describe('activities repository', () => {
  it('logs a document the rules accept exactly', async () => {
    const store = new MemoryStore();
    const form = validateActivityForm({
      userId: UID,
      activityType: 'bench press',
      count: '12',
      time: '5',
      weightLifted: '135',
      timestamp: NOW,
    });
    if (!form.ok) throw new Error(form.message);
    const id = await logActivity(store, UID, form.value, NOW);
    const stored = (await store.get(paths.rep(UID, id)))?.data as Record<string, unknown>;
    expect(stored).toEqual({
      activityType: 'Bench Press',
      count: 12,
      time: 5,
      weightLifted: 135,
      timestamp: NOW,
      calorieUnits: 50 * 5 * 23,
      loggedAt: NOW,
    });
    expect(validateDocument('reps', stored, { uid: UID, now: NOW, before: null })).toEqual({
      ok: true,
      value: stored,
    });
  });

  it('edits by replacing the document, so a cleared field disappears', async () => {
    const store = new MemoryStore();
    const first = validateActivityForm({
      userId: UID,
      activityType: 'Push Ups',
      count: '20',
      time: '5',
      timestamp: NOW,
    });
    if (!first.ok) throw new Error(first.message);
    const id = await logActivity(store, UID, first.value, NOW);
    const edited = validateActivityForm({
      userId: UID,
      activityType: 'Push Ups',
      count: '',
      time: '7',
      timestamp: NOW,
    });
    if (!edited.ok) throw new Error(edited.message);
    await updateActivity(store, UID, id, edited.value, { loggedAt: NOW });
    const stored = (await store.get(paths.rep(UID, id)))?.data as Record<string, unknown>;
    expect(stored).toEqual({
      activityType: 'Push Ups',
      time: 7,
      timestamp: NOW,
      calorieUnits: 40 * 7 * 10,
      loggedAt: NOW,
    });
    expect(
      validateDocument('reps', stored, {
        uid: UID,
        now: NOW + 3_600_000,
        before: { ...first.value, loggedAt: NOW } as never,
      }).ok,
    ).toBe(true);
  });

  it('logs an activity dated yesterday, then edits its type and time: each write as the rules accept it', async () => {
    const store = new MemoryStore();
    const DAY = 86_400_000;
    const form = validateActivityForm({
      userId: UID,
      activityType: 'Running',
      time: '30',
      timestamp: NOW - DAY,
      now: NOW,
    });
    if (!form.ok) throw new Error(form.message);
    const id = await logActivity(store, UID, form.value, NOW);
    const logged = (await store.get(paths.rep(UID, id)))?.data as Record<string, unknown>;
    expect(logged).toMatchObject({ timestamp: NOW - DAY, loggedAt: NOW });
    expect(validateDocument('reps', logged, { uid: UID, now: NOW, before: null }).ok).toBe(true);

    // An hour later: Running becomes Bench Press (reps and load now taken), two days back.
    const later = NOW + 3_600_000;
    const edited = validateActivityForm({
      userId: UID,
      activityType: 'Bench Press',
      count: '10',
      time: '30',
      weightLifted: '100',
      timestamp: NOW - 2 * DAY,
      now: later,
    });
    if (!edited.ok) throw new Error(edited.message);
    await updateActivity(store, UID, id, edited.value, { loggedAt: NOW });
    const stored = (await store.get(paths.rep(UID, id)))?.data as Record<string, unknown>;
    expect(stored).toEqual({
      activityType: 'Bench Press',
      count: 10,
      time: 30,
      weightLifted: 100,
      timestamp: NOW - 2 * DAY,
      calorieUnits: calorieUnits({ activityType: 'Bench Press', time: 30, weightLifted: 100 }),
      loggedAt: NOW,
    });
    expect(validateDocument('reps', stored, { uid: UID, now: later, before: logged }).ok).toBe(true);

    // The form refuses a time ahead of now, and one over a year back, before anything is written.
    for (const [timestamp, message] of [
      [later + 60_000, 'Date and time cannot be in the future.'],
      [later - 367 * DAY, 'Date cannot be more than 366 days in the past.'],
    ] as const) {
      const bad = validateActivityForm({
        userId: UID,
        activityType: 'Running',
        time: '30',
        timestamp,
        now: later,
      });
      expect(bad).toEqual({ ok: false, message, field: 'timestamp' });
    }
  });

  it('pages newest first with cursors, 50 at a time, and counts with an aggregate', async () => {
    const store = seeded(120);
    expect(await countRecords(store, UID, ACTIVITY_RECORDS)).toBe(120);
    const p1 = await recordsPage(store, UID, ACTIVITY_RECORDS, null);
    expect(p1.items).toHaveLength(50);
    expect(p1.items[0]?.id).toBe('a000');
    const p2 = await recordsPage(store, UID, ACTIVITY_RECORDS, p1.next);
    expect(p2.items[0]?.id).toBe('a050');
    const p3 = await recordsPage(store, UID, ACTIVITY_RECORDS, p2.next);
    expect(p3.items.map((a) => a.id)).toEqual(Array.from({ length: 20 }, (_, i) => `a${100 + i}`));
    expect(p3.next).toBeNull();
  });

  it('shows a stored name in display case, and writes nothing while reading', async () => {
    const store = new MemoryStore();
    store.seed({
      [paths.rep(UID, 'a')]: { activityType: 'bench press', count: 5, timestamp: 1, calorieUnits: 0 },
    });
    let commits = 0;
    store.onCommit(() => {
      commits += 1;
    });
    const [doc] = await store.query({ collection: paths.reps(UID) });
    expect(doc && toActivity(doc).activityType).toBe('Bench Press');
    await recordsPage(store, UID, ACTIVITY_RECORDS, null);
    expect(commits).toBe(0);
  });

  it('makes Firestore-style ids', () => {
    const ids = new Set(Array.from({ length: 200 }, newDocId));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{20}$/);
  });
});

describe('Undo of a delete', () => {
  const DAY = 86_400_000;
  const old = (ageDays: number) => {
    const rec = { activityType: 'Running', time: 30, distance: 5000, timestamp: NOW - ageDays * DAY };
    return { ...rec, calorieUnits: calorieUnits(rec), loggedAt: NOW - ageDays * DAY };
  };

  it.each([
    ['logged last week', 7],
    ['logged 400 days ago (past the limit a new entry may be dated back)', 400],
  ])('writes back an activity %s as one the rules accept', async (_name, ageDays) => {
    const store = new MemoryStore();
    await restoreActivity(store, UID, { id: 'gone', path: paths.rep(UID, 'gone'), ...old(ageDays) }, NOW);
    const stored = (await store.get(paths.rep(UID, 'gone')))?.data as Record<string, unknown>;
    expect(stored.timestamp).toBe(NOW - ageDays * DAY);
    expect(validateDocument('reps', stored, { uid: UID, now: NOW, before: null }).ok).toBe(true);
  });
});
