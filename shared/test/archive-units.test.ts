// Exports in the person's own units, and weights an activities CSV cannot read without guessing.
import { describe, expect, it } from 'vitest';
import {
  activitiesCsv,
  buildArchive,
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
  act('Running', { time: 30, distance: 5123 }, NOW - 3 * DAY),
];
const WEIGHTS: WeightRecord[] = [
  { weight: storedValue('bodyWeight', 80.4, 'metric'), timestamp: NOW - DAY },
  { weight: 181.5, timestamp: NOW - 2 * DAY },
];

describe('a metric person exports in kg', () => {
  it('the activities CSV names kg in its header and writes kg', () => {
    const rows = rowsOf(activitiesCsv(ACTIVITIES, 180, TZ, 'metric'));
    expect(rows[0]).toEqual([
      'Date',
      'Activity',
      'Reps',
      'Minutes',
      'Weight lifted (kg)',
      'Calories',
      'Distance (km)',
    ]);
    expect(rows.slice(1).map((r) => r[4])).toEqual(['', '61.235', '100']);
    expect(rows.slice(1).map((r) => r[6])).toEqual(['5.123', '', '']);
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

describe('distances in exports and imports', () => {
  const runs = [
    act('Running', { time: 25, distance: 5000 }, NOW - DAY),
    act('Cycling', { time: 90, distance: 40_234 }, NOW - 2 * DAY),
    act('Walking', { time: 30 }, NOW - 3 * DAY),
  ];
  const plan = (text: string) =>
    planImport(sourceOf(readImportFile(text, ctx)), existing(runs, []), {
      uid: 'u1',
      email: '',
      now: NOW,
      timeZone: TZ,
    });

  it('an imperial CSV writes miles that import back to the same metres; a second import adds nothing', () => {
    const text = activitiesCsv(runs, 180, TZ, 'imperial');
    expect(rowsOf(text).map((r) => r[6])).toEqual(['Distance (mi)', '', '25', '3.107']);
    const again = plan(text);
    expect(again.refused).toEqual([]);
    expect(again.add.activities).toBe(0);
    expect(again.alreadyThere.activities).toBe(3);
  });

  it('a distance at its limit exported in miles imports back (miles round the limit down)', () => {
    const far = [act('Running', { time: 360, distance: 100_000 }, NOW - DAY)];
    const text = activitiesCsv(far, 180, TZ, 'imperial');
    expect(rowsOf(text)[1]?.[6]).toBe('62.137');
    const again = planImport(sourceOf(readImportFile(text, ctx)), existing(far, []), {
      uid: 'u1',
      email: '',
      now: NOW,
      timeZone: TZ,
    });
    expect(again.refused).toEqual([]);
    expect(again.alreadyThere.activities).toBe(1);
  });

  it('the JSON archive keeps metres and reads them back', () => {
    const archive = buildArchive(
      { profile: null, activities: runs, weights: [], goal: null, preferences: null, posts: [] },
      NOW,
    );
    expect(archive.activities.map((a) => a.distance)).toEqual([undefined, 40_234, 5000]);
    const source = sourceOf(readImportFile(JSON.stringify(archive), ctx));
    expect(source.activities.map((r) => r.value.distance)).toEqual([undefined, 40_234, 5000]);
    expect(plan(JSON.stringify(archive)).add.activities).toBe(0);
  });

  it('refuses a bad distance, a Distance without a unit, and one given in both units, with reasons', () => {
    const text = [
      'Date,Activity,Minutes,Distance (km),Distance (mi),Distance',
      '2026-11-20 07:00,Running,25,5,,',
      '2026-11-20 08:00,Running,25,-5,,',
      '2026-11-20 09:00,Running,1,42.2,,',
      '2026-11-20 10:00,Running,25,5,3.1,',
      '2026-11-20 11:00,Running,25,,,5',
      '2026-11-20 12:00,Running,25,,3.1,',
    ].join('\n');
    const source = sourceOf(readImportFile(text, ctx));
    expect(source.refused).toEqual([
      { where: 'line 3', message: 'Distance must be a positive number if provided.' },
      { where: 'line 4', message: 'Pace cannot be faster than 2:14 /km for Running.' },
      { where: 'line 5', message: IMPORT_MESSAGES.distanceTwice },
      { where: 'line 6', message: IMPORT_MESSAGES.distanceUnit },
    ]);
    expect(source.activities.map((r) => r.value.distance)).toEqual([5000, 4989]);
    const archive = JSON.stringify({
      format: 'fittrack-archive',
      version: 1,
      activities: [{ activityType: 'Running', time: 25, distance: '5000', timestamp: NOW - DAY }],
    });
    expect(sourceOf(readImportFile(archive, ctx)).refused).toEqual([
      { where: 'activity 1', message: 'Distance must be a positive number if provided.' },
    ]);
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
  it('refuses a weigh-in given in both kg and lbs in a weights CSV; either one alone is read', () => {
    const text = [
      'Date,Weight (lbs),Weight (kg)',
      '2026-11-20 07:00,180,90',
      '2026-11-19 07:00,,80',
      '2026-11-18 07:00,176,',
    ].join('\n');
    const source = sourceOf(readImportFile(text, ctx));
    expect(source.refused).toEqual([{ where: 'line 2', message: IMPORT_MESSAGES.weightTwice }]);
    expect(source.weights.map((r) => r.value.weight)).toEqual([storedValue('bodyWeight', 80, 'metric'), 176]);
  });
});

describe('a weights CSV whose Weight column names no unit', () => {
  const bare = ['Date,Weight', '2026-11-20 07:00,80', '2026-11-19 07:00,"81,5"'].join('\n');
  const weightsOf = (text: string, unitSystem?: 'metric' | 'imperial') =>
    sourceOf(readImportFile(text, unitSystem ? { ...ctx, unitSystem } : ctx));

  it("is read in the importing person's own unit: kg for a metric person", () => {
    const source = weightsOf(bare, 'metric');
    expect(source.refused).toEqual([]);
    expect(source.weights.map((r) => r.value.weight)).toEqual([
      storedValue('bodyWeight', 80, 'metric'),
      storedValue('bodyWeight', 81.5, 'metric'),
    ]);
    // The preview says which unit the bare column was read in.
    expect(source.format).toBe('FitTrack weights CSV (Weight read in kg)');
  });

  it('is read in lbs for an imperial person, and when no unit system is given', () => {
    for (const source of [weightsOf(bare, 'imperial'), weightsOf(bare)]) {
      expect(source.weights.map((r) => r.value.weight)).toEqual([80, 81.5]);
      expect(source.format).toBe('FitTrack weights CSV (Weight read in lbs)');
    }
  });

  it('leaves Weight (lbs) and Weight (kg) as they say, whatever the person uses', () => {
    for (const unitSystem of ['metric', 'imperial'] as const) {
      expect(weightsOf('Date,Weight (lbs)\n2026-11-20,180\n', unitSystem).weights[0]?.value.weight).toBe(180);
      expect(weightsOf('Date,Weight (kg)\n2026-11-20,80\n', unitSystem).weights[0]?.value.weight).toBe(
        storedValue('bodyWeight', 80, 'metric'),
      );
      expect(weightsOf('Date,Weight (kg)\n2026-11-20,80\n', unitSystem).format).toBe('FitTrack weights CSV');
    }
  });

  it("refuses a metric person's row given both in a bare Weight (kg to them) and in Weight (lbs)", () => {
    const source = weightsOf('Date,Weight,Weight (lbs)\n2026-11-20,80,176\n2026-11-19,,176\n', 'metric');
    expect(source.refused).toEqual([{ where: 'line 2', message: IMPORT_MESSAGES.weightTwice }]);
    expect(source.weights.map((r) => r.value.weight)).toEqual([176]);
  });

  it('is still refused as ambiguous in an activities CSV, in either system', () => {
    for (const unitSystem of ['metric', 'imperial'] as const) {
      const source = weightsOf('Date,Activity,Weight\n2026-11-20,Leg Curl,80\n', unitSystem);
      expect(source.refused).toEqual([{ where: 'line 2', message: IMPORT_MESSAGES.ambiguousWeight }]);
    }
  });
});

describe('an activities CSV whose Weight lifted column names no unit', () => {
  const bare = ['Date,Activity,Reps,Minutes,Weight lifted', '2026-11-20 07:00,Bench Press,10,5,100'].join(
    '\n',
  );
  const readAs = (text: string, unitSystem?: 'metric' | 'imperial') =>
    sourceOf(readImportFile(text, unitSystem ? { ...ctx, unitSystem } : ctx));

  it("is read in the importing person's own unit: kg for a metric person, and the preview says so", () => {
    const source = readAs(bare, 'metric');
    expect(source.refused).toEqual([]);
    // 100 kg, not 100 lbs (45 kg).
    expect(source.activities[0]?.value.weightLifted).toBe(storedValue('weightLifted', 100, 'metric'));
    expect(source.format).toBe('FitTrack activities CSV (Weight lifted read in kg)');
  });

  it('is read in lbs for an imperial person, and when no unit system is given, saying so', () => {
    for (const source of [readAs(bare, 'imperial'), readAs(bare)]) {
      expect(source.activities[0]?.value.weightLifted).toBe(100);
      expect(source.format).toBe('FitTrack activities CSV (Weight lifted read in lbs)');
    }
  });

  it('leaves Weight lifted (lbs) and Weight lifted (kg) as they say, whatever the person uses', () => {
    for (const unitSystem of ['metric', 'imperial'] as const) {
      const lbs = readAs(bare.replace('Weight lifted', 'Weight lifted (lbs)'), unitSystem);
      expect([lbs.activities[0]?.value.weightLifted, lbs.format]).toEqual([100, 'FitTrack activities CSV']);
      const kg = readAs(bare.replace('Weight lifted', 'Weight lifted (kg)'), unitSystem);
      expect([kg.activities[0]?.value.weightLifted, kg.format]).toEqual([
        storedValue('weightLifted', 100, 'metric'),
        'FitTrack activities CSV',
      ]);
    }
  });

  it("refuses a metric person's row given both in a bare Weight lifted (kg to them) and in lbs", () => {
    const text = 'Date,Activity,Reps,Weight lifted,Weight lifted (lbs)\n2026-11-20,Leg Curl,10,40,88\n';
    expect(readAs(text, 'metric').refused).toEqual([
      { where: 'line 2', message: IMPORT_MESSAGES.liftedTwice },
    ]);
  });
});

describe("refusals name the limit in the person's own units", () => {
  const metric = { ...ctx, unitSystem: 'metric' as const };
  const refusedOf = (text: string, c: typeof ctx = metric) => sourceOf(readImportFile(text, c)).refused;
  // The log forms' words for the same values (web Units.test.tsx and Sets.test.tsx).
  const BODY_KG = 'Weight must be between 19 and 498 kg.';
  const BENCH_KG = 'Weight lifted cannot exceed 362 kg for Bench Press.';

  it('a weigh-in out of range, in kg or in lbs, to a metric person', () => {
    expect(refusedOf('Date,Weight (kg)\n2026-11-20,5\n2026-11-19,600\n')).toEqual([
      { where: 'line 2', message: BODY_KG },
      { where: 'line 3', message: BODY_KG },
    ]);
    expect(refusedOf('Date,Weight (lbs)\n2026-11-20,30\n')).toEqual([{ where: 'line 2', message: BODY_KG }]);
  });

  it('a weight lifted past the activity’s limit, in kg or in lbs, to a metric person', () => {
    const text = [
      'Date,Activity,Reps,Minutes,Weight lifted (kg),Weight lifted (lbs)',
      '2026-11-20 07:00,Bench Press,5,5,400,',
      '2026-11-20 07:10,Bench Press,5,5,,900',
    ].join('\n');
    expect(refusedOf(text)).toEqual([
      { where: 'line 2', message: BENCH_KG },
      { where: 'line 3', message: BENCH_KG },
    ]);
  });

  it("a metric person's archive: weigh-ins, loads, target weight and height", () => {
    const archive = JSON.stringify({
      format: 'fittrack-archive',
      version: 1,
      profile: { displayName: 'Pat', height: 200, targetWeight: 2000 },
      activities: [
        { activityType: 'Bench Press', count: 5, time: 5, weightLifted: 900, timestamp: NOW - DAY },
      ],
      weights: [{ weight: 30, timestamp: NOW - DAY }],
    });
    expect(refusedOf(archive)).toEqual([
      { where: 'activity 1', message: BENCH_KG },
      { where: 'weight 1', message: BODY_KG },
      { where: 'profile', message: 'Height must be between 92 and 274 cm.' },
      { where: 'profile targetWeight', message: 'Target weight must be between 19 and 498 kg.' },
    ]);
  });

  it('a value past the limit only in kg but within it in lbs is still taken (an export reads back)', () => {
    // 362.5 kg is 799.17 lbs: under Bench Press's 800 lbs, as a stored 799 lbs exported in kg is.
    const source = sourceOf(
      readImportFile(
        'Date,Activity,Reps,Minutes,Weight lifted (kg)\n2026-11-20,Bench Press,5,5,362.5\n',
        metric,
      ),
    );
    expect(source.refused).toEqual([]);
    expect(source.activities[0]?.value.weightLifted).toBe(storedValue('weightLifted', 362.5, 'metric'));
  });

  it('an imperial person, or a caller that gives no units, keeps the lbs messages word for word', () => {
    for (const c of [ctx, { ...ctx, unitSystem: 'imperial' as const }]) {
      expect(refusedOf('Date,Weight (kg)\n2026-11-20,5\n', c)).toEqual([
        { where: 'line 2', message: 'Weight must be between 40 and 1100 lbs.' },
      ]);
      expect(
        refusedOf('Date,Activity,Reps,Minutes,Weight lifted\n2026-11-20,Bench Press,5,5,900\n', c),
      ).toEqual([{ where: 'line 2', message: 'Weight lifted cannot exceed 800 lbs for Bench Press.' }]);
    }
  });
});
