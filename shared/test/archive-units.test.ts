// Exports in the person's own units, and weights an activities CSV cannot read without guessing.
import { describe, expect, it } from 'vitest';
import {
  activitiesCsv,
  IMPORT_MESSAGES,
  type ImportSource,
  type ReadImport,
  readImportFile,
  weightsCsv,
} from '../src/archive.ts';
import { parseCsv } from '../src/csv.ts';
import { calorieUnits } from '../src/formulas.ts';
import { type ExistingData, planImport } from '../src/import-plan.ts';
import type { ActivityRecord, WeightRecord } from '../src/model.ts';
import { storedValue } from '../src/units.ts';

const NOW = Date.UTC(2026, 10, 22, 15, 30);
const TZ = 'Europe/Berlin';
const DAY = 86_400_000;
const ctx = { uid: 'u1', now: NOW, timeZone: TZ, currentDisplayName: 'Pat' };

function act(activityType: string, fields: Partial<ActivityRecord>, timestamp: number): ActivityRecord {
  const a = { activityType, ...fields, timestamp } as ActivityRecord;
  a.calorieUnits = calorieUnits(a);
  return a;
}

function sourceOf(read: ReadImport): ImportSource {
  if (!read.ok) throw new Error(read.message);
  return read.source;
}

function rowsOf(text: string): string[][] {
  const parsed = parseCsv(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.rows.map((r) => r.cells);
}

const stored = <T>(list: T[]) => list.map((value, i) => ({ id: `s${i}`, value }));

function existing(activities: ActivityRecord[], weights: WeightRecord[]): ExistingData {
  return {
    activities: stored(activities),
    weights: stored(weights),
    posts: [],
    profile: null,
    goal: null,
    preferences: null,
  };
}

const ACTIVITIES = [
  // 100 kg typed by a metric person, 135 lbs typed before they switched to metric
  act(
    'Bench Press',
    { count: 10, time: 5, weightLifted: storedValue('weightLifted', 100, 'metric') },
    NOW - DAY,
  ),
  act('Bench Press', { count: 8, time: 5, weightLifted: 135 }, NOW - 2 * DAY),
  act('Running', { time: 30 }, NOW - 3 * DAY),
];
const WEIGHTS: WeightRecord[] = [
  { weight: storedValue('bodyWeight', 80.4, 'metric'), timestamp: NOW - DAY },
  { weight: 181.5, timestamp: NOW - 2 * DAY },
];

describe('a metric person exports in kg', () => {
  it('the activities CSV names kg in its header and writes kg', () => {
    const rows = rowsOf(activitiesCsv(ACTIVITIES, 180, TZ, 'metric'));
    expect(rows[0]).toEqual(['Date', 'Activity', 'Reps', 'Minutes', 'Weight lifted (kg)', 'Calories']);
    expect(rows.slice(1).map((r) => r[4])).toEqual(['', '61.235', '100']);
  });

  it('the weights CSV names kg in its header and writes kg', () => {
    const rows = rowsOf(weightsCsv(WEIGHTS, TZ, 'metric'));
    expect(rows[0]).toEqual(['Date', 'Weight (kg)']);
    expect(rows.slice(1).map((r) => r[1])).toEqual(['82.327', '80.4']);
  });

  it('an imperial person still gets lbs', () => {
    expect(rowsOf(activitiesCsv(ACTIVITIES, 180, TZ, 'imperial'))[0]?.[4]).toBe('Weight lifted (lbs)');
    expect(rowsOf(weightsCsv(WEIGHTS, TZ))[0]).toEqual(['Date', 'Weight (lbs)']);
  });

  it('importing the kg exports again adds nothing: every stored value comes back exactly', () => {
    const plan = (text: string) =>
      planImport(sourceOf(readImportFile(text, ctx)), existing(ACTIVITIES, WEIGHTS), {
        uid: 'u1',
        email: '',
        now: NOW,
        timeZone: TZ,
      });
    const activities = plan(activitiesCsv(ACTIVITIES, 180, TZ, 'metric'));
    expect(activities.refused).toEqual([]);
    expect(activities.add.activities).toBe(0);
    expect(activities.alreadyThere.activities).toBe(3);
    const weights = plan(weightsCsv(WEIGHTS, TZ, 'metric'));
    expect(weights.add.weights).toBe(0);
    expect(weights.alreadyThere.weights).toBe(2);
  });
});

describe('an activities CSV with a weight it cannot read without guessing', () => {
  it('refuses a row with a bare Weight (body weight or load? kg or lbs?) and says why', () => {
    const text = [
      'Date,Activity,Reps,Minutes,Weight',
      '2026-11-20,,,,80',
      '2026-11-20 07:00,Bench Press,10,5,80',
      '2026-11-20 08:00,Running,,30,',
    ].join('\n');
    const source = sourceOf(readImportFile(text, ctx));
    expect(source.refused).toEqual([
      { where: 'line 2', message: IMPORT_MESSAGES.ambiguousWeight },
      { where: 'line 3', message: IMPORT_MESSAGES.ambiguousWeight },
    ]);
    // Nothing read as kg (or lbs) silently; the row without a weight is read.
    expect(source.activities.map((r) => r.value.activityType)).toEqual(['Running']);
    expect(source.weights).toEqual([]);
  });

  it('refuses Weight (kg) or Weight (lbs) in an activities CSV as well', () => {
    for (const column of ['Weight (kg)', 'Weight (lbs)']) {
      const source = sourceOf(readImportFile(`Date,Activity,${column}\n2026-11-20,Leg Curl,80\n`, ctx));
      expect(source.refused).toEqual([{ where: 'line 2', message: IMPORT_MESSAGES.ambiguousWeight }]);
      expect(source.activities).toEqual([]);
    }
  });

  it('refuses a load given in both kg and lbs; either one alone is read', () => {
    const text = [
      'Date,Activity,Reps,Weight lifted (kg),Weight lifted (lbs)',
      '2026-11-20 07:00,Leg Curl,10,40,88',
      '2026-11-20 07:10,Leg Curl,10,40,',
      '2026-11-20 07:20,Leg Curl,10,,88',
    ].join('\n');
    const source = sourceOf(readImportFile(text, ctx));
    expect(source.refused).toEqual([{ where: 'line 2', message: IMPORT_MESSAGES.liftedTwice }]);
    expect(source.activities.map((r) => r.value.weightLifted)).toEqual([88.18, 88]);
  });
});
