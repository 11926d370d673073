import { describe, expect, it } from 'vitest';
import { ACTIVITIES } from '../src/catalogue.ts';
import { calorieUnits } from '../src/formulas.ts';
import type { ActivityRecord } from '../src/model.ts';
import { restoreProblem } from '../src/restore.ts';

const NOW = Date.UTC(2026, 10, 22, 12);
const DAY = 86_400_000;

const entry = (fields: Omit<ActivityRecord, 'calorieUnits' | 'timestamp'>): ActivityRecord => {
  const record = { ...fields, timestamp: NOW - DAY };
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
      expect(restoreProblem(record, NOW), a.name).toBeNull();
    }
  });

  it('takes sets and a distance', () => {
    const sets = [
      { reps: 8, weight: 135 },
      { reps: 6, weight: 155 },
    ];
    expect(
      restoreProblem(
        entry({ activityType: 'Bench Press', count: 14, time: 10, weightLifted: 155, sets }),
        NOW,
      ),
    ).toBeNull();
    expect(restoreProblem(entry({ activityType: 'Running', time: 25, distance: 5000 }), NOW)).toBeNull();
  });

  it('refuses a name the catalogue no longer has, or not in its display case', () => {
    expect(restoreProblem(entry({ activityType: 'Jazzercise', time: 30 }), NOW)).toBe('catalogue');
    expect(restoreProblem(entry({ activityType: 'yoga', time: 30 }), NOW)).toBe('catalogue');
  });

  it('refuses what breaks a limit, a field the activity does not take, or stale calorie units', () => {
    expect(restoreProblem(entry({ activityType: 'Yoga', time: 181 }), NOW)).toBe('limits');
    expect(restoreProblem(entry({ activityType: 'Yoga', time: 30, count: 5 }), NOW)).toBe('limits');
    expect(restoreProblem({ ...entry({ activityType: 'Yoga', time: 30 }), calorieUnits: 1 }, NOW)).toBe(
      'limits',
    );
  });

  // Written back as a new entry: dated no later than now (the rules' slack aside) and, an import's
  // bound, not before 2000; an entry older than a year comes back as imported (restoredWriteTimes).
  it('refuses a date the rules take from no new entry: ahead of now, or before 2000', () => {
    const at = (timestamp: number) => ({ ...entry({ activityType: 'Yoga', time: 30 }), timestamp });
    expect(restoreProblem(at(NOW - 400 * DAY), NOW)).toBeNull();
    expect(restoreProblem(at(NOW + 60_000), NOW)).toBeNull();
    expect(restoreProblem(at(NOW + DAY), NOW)).toBe('date');
    expect(restoreProblem(at(Date.UTC(1999, 0, 1)), NOW)).toBe('date');
  });
});
