import { describe, expect, it } from 'vitest';
import { ACTIVITIES } from '../src/catalogue.ts';
import { calorieUnits } from '../src/formulas.ts';
import type { ActivityRecord } from '../src/model.ts';
import { restoreProblem } from '../src/restore.ts';

const entry = (fields: Omit<ActivityRecord, 'calorieUnits' | 'timestamp'>): ActivityRecord => {
  const record = { ...fields, timestamp: 1_000 };
  return { ...record, calorieUnits: calorieUnits(record) };
};

// The rules' validRep on a re-created entry, as the access contract holds them (catalogue name in
// display case, per-activity limits, exact calorie units, sets with their reps and load).
describe('restoreProblem: whether Undo can write an activity back exactly as it was', () => {
  it('takes every catalogue activity at its limits', () => {
    for (const a of ACTIVITIES) {
      const record = entry({
        activityType: a.name,
        ...(a.limits.reps ? { count: a.limits.reps } : {}),
        ...(a.limits.minutes ? { time: a.limits.minutes } : {}),
        ...(a.limits.weightLifted ? { weightLifted: a.limits.weightLifted } : {}),
      });
      expect(restoreProblem(record), a.name).toBeNull();
    }
  });

  it('takes sets and a distance', () => {
    const sets = [
      { reps: 8, weight: 135 },
      { reps: 6, weight: 155 },
    ];
    expect(
      restoreProblem(entry({ activityType: 'Bench Press', count: 14, time: 10, weightLifted: 155, sets })),
    ).toBeNull();
    expect(restoreProblem(entry({ activityType: 'Running', time: 25, distance: 5000 }))).toBeNull();
  });

  it('refuses a name the catalogue no longer has, or not in its display case', () => {
    expect(restoreProblem(entry({ activityType: 'Jazzercise', time: 30 }))).toBe('catalogue');
    expect(restoreProblem(entry({ activityType: 'yoga', time: 30 }))).toBe('catalogue');
  });

  it('refuses what breaks a limit, a field the activity does not take, or stale calorie units', () => {
    expect(restoreProblem(entry({ activityType: 'Yoga', time: 181 }))).toBe('limits');
    expect(restoreProblem(entry({ activityType: 'Yoga', time: 30, count: 5 }))).toBe('limits');
    expect(restoreProblem({ ...entry({ activityType: 'Yoga', time: 30 }), calorieUnits: 1 })).toBe('limits');
  });
});
