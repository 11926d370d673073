/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, type ImportSource, type ReadImport } from '../src/archive.ts';
import { ACTIVITY_NAMES } from '../src/catalogue.ts';
import { formatCsv } from '../src/csv.ts';
import { GPX_MESSAGES, readGpx } from '../src/gpx.ts';
import type { HevyRow } from '../src/hevy.ts';
import { HEVY_FORMAT, HEVY_MESSAGES } from '../src/hevy.ts';
import { readAnyImportFile } from '../src/import-file.ts';
import { HEVY_EXERCISES, hevyActivity, STRAVA_TYPES, stravaActivity } from '../src/import-mappings.ts';
import { type ExistingData, importBatches, planImport } from '../src/import-plan.ts';
import { hevyInstantOf, utcInstantOf } from '../src/source-dates.ts';
import { STRAVA_FORMAT, STRAVA_MESSAGES } from '../src/strava.ts';
import { storedValue } from '../src/units.ts';

const NOW = Date.UTC(2026, 10, 28, 12, 0);
const TZ = 'Europe/Berlin';
const ctx = { uid: 'u1', now: NOW, timeZone: TZ };
const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), 'utf8');
const STRAVA = fixture('strava-activities.csv');
const HEVY = fixture('hevy-workouts.csv');

function sourceOf(read: ReadImport): ImportSource {
  if (!read.ok) throw new Error(read.message);
  return read.source;
}

const NOTHING: ExistingData = {
  activities: [],
  weights: [],
  posts: [],
  profile: null,
  goal: null,
  preferences: null,
};
const planCtx = { uid: 'u1', email: 'u1@example.com', now: NOW, timeZone: TZ };

describe('the mappings onto the catalogue', () => {
  it('maps every listed Strava type and Hevy name onto a catalogue activity', () => {
    for (const name of [...Object.values(STRAVA_TYPES), ...Object.values(HEVY_EXERCISES)])
      expect(ACTIVITY_NAMES).toContain(name);
  });

  it('reads Strava types with or without spaces, in any case', () => {
    for (const [type, name] of [
      ['Run', 'Running'],
      ['TrailRun', 'Running'],
      ['Trail Run', 'Running'],
      ['ride', 'Cycling'],
      ['VirtualRide', 'Stationary Bike'],
      ['Swim', 'Swimming'],
      ['Walk', 'Walking'],
      ['Hike', 'Hiking'],
      ['Yoga', 'Yoga'],
      ['NordicSki', 'Cross-Country Skiing'],
    ])
      expect(stravaActivity(type as string)).toMatchObject({ ok: true, activity: { name } });
  });

  it("refuses a Strava type with the source's own spelling", () => {
    expect(stravaActivity('Kitesurf')).toEqual({ ok: false, message: "Unknown activity 'Kitesurf'." });
    expect(stravaActivity('E-Bike Ride')).toEqual({ ok: false, message: "Unknown activity 'E-Bike Ride'." });
    expect(stravaActivity('WeightTraining')).toMatchObject({
      ok: false,
      message: expect.stringContaining("'WeightTraining' does not say"),
    });
  });

  it('reads Hevy exercises without their equipment, in the singular or under their own names', () => {
    for (const [title, name] of [
      ['Bench Press (Barbell)', 'Bench Press'],
      ['Bench Press (Dumbbell)', 'Bench Press'],
      ['Squat (Barbell)', 'Squats'],
      ['Squat (Bodyweight)', 'Bodyweight Squats'],
      ['Pull Up', 'Pull Ups'],
      ['Push Up', 'Push Ups'],
      ['Lying Leg Curl (Machine)', 'Leg Curl'],
      ['Seated Cable Row - V Grip (Cable)', 'Seated Cable Row'],
      ['Triceps Pushdown', 'Tricep Pushdown'],
      ['Treadmill', 'Running'],
      ['Plank', 'Plank'],
    ])
      expect(hevyActivity(title as string)).toMatchObject({ ok: true, activity: { name } });
    expect(hevyActivity('Cable Crossover')).toEqual({
      ok: false,
      message: "Unknown exercise 'Cable Crossover'.",
    });
  });
});

describe('the dates of other apps', () => {
  it("reads Strava's UTC dates on a 12-hour clock", () => {
    expect(utcInstantOf('Nov 20, 2026, 7:03:12 AM')).toBe(Date.UTC(2026, 10, 20, 7, 3, 12));
    expect(utcInstantOf('Nov 20, 2026, 12:03:12 AM')).toBe(Date.UTC(2026, 10, 20, 0, 3, 12));
    expect(utcInstantOf('Nov 20, 2026, 12:30:00 PM')).toBe(Date.UTC(2026, 10, 20, 12, 30));
    expect(utcInstantOf('Feb 30, 2026, 7:00:00 AM')).toBeNull();
    expect(utcInstantOf('2026-11-20 07:03')).toBeNull();
  });

  it("reads Hevy's dates as the viewer's wall time", () => {
    expect(hevyInstantOf('20 Nov 2026, 07:00', TZ)).toBe(Date.UTC(2026, 10, 20, 6, 0));
    expect(hevyInstantOf('20 Nov 2026, 25:00', TZ)).toBeNull();
    expect(hevyInstantOf('Nov 20, 2026', TZ)).toBeNull();
  });
});

describe("Strava's activities.csv", () => {
  const source = sourceOf(readAnyImportFile(STRAVA, ctx));

  it('is recognised from its header, quoted commas in its dates and names', () => {
    expect(source.kind).toBe('strava');
    expect(source.format).toBe(STRAVA_FORMAT);
    expect(source.activities).toHaveLength(27);
    expect(source.activities[0]).toMatchObject({
      where: 'line 2',
      sourceId: 'strava:12001001001',
      value: { activityType: 'Running', time: 32, distance: 5210, timestamp: Date.UTC(2026, 9, 1, 6, 2, 11) },
    });
  });

  it('takes the first Distance (km) and Elapsed Time (seconds), and no distance for a yoga class', () => {
    const byId = (id: string) => source.activities.find((a) => a.sourceId === `strava:${id}`)?.value;
    expect(byId('12001001003')).toMatchObject({ activityType: 'Swimming', time: 40, distance: 1500 });
    expect(byId('12001001018')).toMatchObject({ activityType: 'Cycling', time: 360, distance: 160_200 });
    expect(byId('12001001009')).toEqual(
      expect.objectContaining({ activityType: 'Stationary Bike', time: 45 }),
    );
    expect(byId('12001001009')?.distance).toBeUndefined();
    expect(byId('12001001007')).toMatchObject({ activityType: 'Yoga', time: 60 });
  });

  it("refuses each line it cannot take with the source's own value", () => {
    expect(source.refused.map((r) => r.where)).toEqual([
      'line 7',
      'line 12',
      'line 16',
      'line 22',
      'line 25',
      'line 26',
      'line 32',
    ]);
    expect(source.refused[1]?.message).toBe("Unknown activity 'Kitesurf'.");
    expect(source.refused[2]?.message).toBe("Unknown activity 'Rock Climbing'.");
    expect(source.refused[0]?.message).toMatch(/^'Weight Training' does not say which exercise/);
    expect(source.refused[4]?.message).toMatch(/Distance|pace|fast/i);
  });

  it('refuses bad ids, dates and times, a repeated id, and future activities', () => {
    const header = STRAVA.split('\n')[0] as string;
    const text = [
      header,
      '12,"Nov 2, 2026, 7:00:00 AM",A,Run,,1800,5.0',
      '12,"Nov 3, 2026, 7:00:00 AM",A,Run,,1800,5.0',
      'x1,"Nov 4, 2026, 7:00:00 AM",A,Run,,1800,5.0',
      '13,"2026-11-05 07:00",A,Run,,1800,5.0',
      '14,"Nov 6, 2026, 7:00:00 AM",A,Run,,soon,5.0',
      '15,"Nov 7, 2026, 7:00:00 AM",A,Run,,1800,far',
      '16,"Dec 24, 2026, 7:00:00 AM",A,Run,,1800,5.0',
    ].join('\n');
    const s = sourceOf(readAnyImportFile(text, ctx));
    expect(s.activities).toHaveLength(1);
    expect(s.refused.map((r) => r.message)).toEqual([
      STRAVA_MESSAGES.idTwice('12'),
      STRAVA_MESSAGES.id('x1'),
      STRAVA_MESSAGES.date('2026-11-05 07:00'),
      STRAVA_MESSAGES.elapsed('soon'),
      STRAVA_MESSAGES.distance('far'),
      'Date cannot be in the future.',
    ]);
  });

  it('refuses activities dated before 2000 (a clock never set), naming the UTC date Strava wrote', () => {
    const header = STRAVA.split('\n')[0] as string;
    const text = [
      header,
      '21,"Jan 1, 1970, 12:00:00 AM",A,Run,,1800,5.0',
      '22,"Dec 31, 1999, 11:59:00 PM",A,Run,,1800,5.0',
      '23,"Jan 1, 2000, 12:30:00 AM",A,Run,,1800,5.0',
    ].join('\n');
    const s = sourceOf(readAnyImportFile(text, ctx));
    expect(s.refused).toEqual([
      { where: 'line 2', message: IMPORT_MESSAGES.beforeEarliest('1970-01-01') },
      { where: 'line 3', message: IMPORT_MESSAGES.beforeEarliest('1999-12-31') },
    ]);
    expect(s.activities.map((r) => r.sourceId)).toEqual(['strava:23']);
  });

  it('a header alone holds nothing to import', () => {
    expect(readAnyImportFile(`${STRAVA.split('\n')[0]}\n`, ctx)).toEqual({
      ok: false,
      message: 'This file holds nothing to import.',
    });
  });

  it('importing it again adds nothing, even after its entries were edited', () => {
    const plan = planImport(source, NOTHING, planCtx);
    expect(plan.format).toBe(STRAVA_FORMAT);
    expect(plan.add.activities).toBe(27);
    const written = importBatches(plan, NOW).flat();
    const existing: ExistingData = {
      ...NOTHING,
      activities: written.map((w, i) => {
        const id = w.path.split('/').pop() as string;
        const value = { ...(w.kind === 'set' ? w.data : {}) } as never as { time: number };
        // An entry edited since (its minutes changed) is still the same activity of Strava's.
        return { id, value: i === 0 ? { ...value, time: value.time + 1 } : value } as never;
      }),
    };
    const again = planImport(sourceOf(readAnyImportFile(STRAVA, ctx)), existing, planCtx);
    expect(again.add.activities).toBe(0);
    expect(again.alreadyThere.activities).toBe(27);
    expect(again.docs).toEqual([]);
  });
});

describe("Hevy's workouts.csv", () => {
  const source = sourceOf(readAnyImportFile(HEVY, ctx));
  const rows = source.activities as HevyRow[];
  const entry = (start: string, title: string) => rows.find((r) => r.sourceId === `hevy:${start}|${title}`);

  it('is recognised from its header and groups sets into one entry per exercise of a workout', () => {
    expect(source.kind).toBe('hevy');
    expect(source.format).toBe(HEVY_FORMAT);
    expect(rows).toHaveLength(32);
  });

  it('sums the working sets, takes the heaviest as the load and shares the workout time', () => {
    const bench = entry('2 Nov 2026, 07:00', 'Bench Press (Barbell)');
    expect(bench?.where).toBe('lines 2–5');
    // 8 + 8 + 6 (the warm-up's 10 left out); 82.5 kg; 65 minutes among 4 exercises.
    expect(bench?.value).toMatchObject({
      activityType: 'Bench Press',
      count: 22,
      time: 16,
      weightLifted: storedValue('weightLifted', 82.5, 'metric'),
      timestamp: Date.UTC(2026, 10, 2, 6, 0),
    });
    // The sets stay with the entry (for entries that will carry them), warm-up included.
    expect(bench?.sets.map((s) => [s.type, s.reps])).toEqual([
      ['warmup', 10],
      ['normal', 8],
      ['normal', 8],
      ['normal', 6],
    ]);
    const deadlift = entry('4 Nov 2026, 18:30', 'Deadlift (Barbell)');
    expect(deadlift?.value).toMatchObject({
      count: 13,
      weightLifted: storedValue('weightLifted', 150, 'metric'),
    });
  });

  it('takes the minutes from set durations when the sets have them, and distances in km', () => {
    expect(entry('8 Nov 2026, 09:00', 'Treadmill')?.value).toMatchObject({
      activityType: 'Running',
      time: 20,
      distance: 3200,
    });
    expect(entry('8 Nov 2026, 09:00', 'Plank')?.value).toMatchObject({ activityType: 'Plank', time: 3 });
    expect(entry('8 Nov 2026, 09:00', 'Crunch')?.value).toMatchObject({
      activityType: 'Crunches',
      count: 40,
      time: 10,
    });
    // Leg Curl takes reps and load, no minutes.
    const curl = entry('6 Nov 2026, 07:15', 'Lying Leg Curl (Machine)')?.value;
    expect(curl).toMatchObject({ activityType: 'Leg Curl', count: 24 });
    expect(curl?.time).toBeUndefined();
  });

  it("refuses an unknown exercise once, with Hevy's own name and its lines", () => {
    expect(source.refused).toEqual([
      { where: 'lines 12–13', message: "Unknown exercise 'Cable Crossover'." },
      { where: 'lines 24–25', message: "Unknown exercise 'Face Pull (Cable)'." },
      { where: 'line 51', message: "Unknown exercise 'Sled Push'." },
    ]);
  });

  it('reads weight_lbs as it is, refuses a bad row alone and a file with both weight columns', () => {
    const head =
      'title,start_time,end_time,exercise_title,set_index,set_type,weight_lbs,reps,duration_seconds';
    const text = [
      head,
      'A,"1 Nov 2026, 07:00","1 Nov 2026, 07:30",Deadlift (Barbell),0,normal,315,5,',
      'A,"1 Nov 2026, 07:00","1 Nov 2026, 07:30",Deadlift (Barbell),1,normal,lots,5,',
      'A,"1 Nov 2026, 07:00","1 Nov 2026, 07:30",Deadlift (Barbell),2,normal,335,3,',
      'A,"yesterday","1 Nov 2026, 07:30",Deadlift (Barbell),3,normal,335,3,',
    ].join('\n');
    const s = sourceOf(readAnyImportFile(text, ctx));
    expect(s.activities[0]?.value).toMatchObject({
      activityType: 'Deadlift',
      count: 8,
      time: 30,
      weightLifted: 335,
    });
    expect(s.refused).toEqual([
      { where: 'line 3', message: HEVY_MESSAGES.number('weight_lbs', 'lots') },
      { where: 'line 5', message: HEVY_MESSAGES.date('start_time', 'yesterday') },
    ]);
    const both = text.replace('weight_lbs', 'weight_lbs,weight_kg');
    expect(readAnyImportFile(both, ctx)).toEqual({ ok: false, message: HEVY_MESSAGES.bothWeights });
  });

  it('refuses sets dated before 2000 (a phone whose clock was not set) line by line, naming the date', () => {
    const text = [
      'title,start_time,end_time,exercise_title,set_index,set_type,weight_lbs,reps',
      'A,"1 Jan 1970, 01:00","1 Jan 1970, 01:30",Deadlift (Barbell),0,normal,315,5',
      'A,"1 Jan 1970, 01:00","1 Jan 1970, 01:30",Deadlift (Barbell),1,normal,315,5',
      'B,"1 Nov 2026, 07:00","1 Nov 2026, 07:30",Deadlift (Barbell),0,normal,315,5',
    ].join('\n');
    const s = sourceOf(readAnyImportFile(text, ctx));
    expect(s.refused).toEqual([
      { where: 'line 2', message: IMPORT_MESSAGES.beforeEarliest('1970-01-01') },
      { where: 'line 3', message: IMPORT_MESSAGES.beforeEarliest('1970-01-01') },
    ]);
    expect(s.activities.map((r) => r.where)).toEqual(['line 4']);
  });

  it("refuses an entry past the catalogue's limits, naming the exercise", () => {
    const text = formatCsv([
      ['title', 'start_time', 'end_time', 'exercise_title', 'set_index', 'set_type', 'weight_kg', 'reps'],
      ['A', '1 Nov 2026, 07:00', '1 Nov 2026, 07:30', 'Bicep Curl (Barbell)', 0, 'normal', 400, 5],
    ]);
    const s = sourceOf(readAnyImportFile(text, ctx));
    expect(s.refused[0]?.message).toMatch(/^Bicep Curl \(Barbell\): /);
  });

  it("names the load's limit in kg to a metric person, in lbs to an imperial one", () => {
    const text = formatCsv([
      ['title', 'start_time', 'end_time', 'exercise_title', 'set_index', 'set_type', 'weight_kg', 'reps'],
      ['A', '1 Nov 2026, 07:00', '1 Nov 2026, 07:30', 'Bench Press (Barbell)', 0, 'normal', 400, 5],
    ]);
    const refused = (unitSystem: 'metric' | 'imperial') =>
      sourceOf(readAnyImportFile(text, { ...ctx, unitSystem })).refused.map((r) => r.message);
    expect(refused('metric')).toEqual([
      'Bench Press (Barbell): Weight lifted cannot exceed 362 kg for Bench Press.',
    ]);
    expect(refused('imperial')).toEqual([
      'Bench Press (Barbell): Weight lifted cannot exceed 800 lbs for Bench Press.',
    ]);
  });

  it('importing it again adds nothing', () => {
    const plan = planImport(source, NOTHING, planCtx);
    expect(plan.add.activities).toBe(32);
    const written = importBatches(plan, NOW).flat();
    const existing: ExistingData = {
      ...NOTHING,
      activities: written.map((w) => ({
        id: w.path.split('/').pop() as string,
        value: (w.kind === 'set' ? w.data : {}) as never,
      })),
    };
    const again = planImport(sourceOf(readAnyImportFile(HEVY, ctx)), existing, planCtx);
    expect([again.add.activities, again.alreadyThere.activities]).toEqual([0, 32]);
  });
});

describe('files that are neither', () => {
  it("still reads FitTrack's own CSV and names its format", () => {
    const s = sourceOf(readAnyImportFile('Date,Activity,Reps,Minutes\n2026-11-01 07:00,Running,,30\n', ctx));
    expect([s.kind, s.format, s.activities.length]).toEqual(['csv', 'FitTrack activities CSV', 1]);
  });
});

describe('careless and hostile files', () => {
  const header = 'Activity ID,Activity Date,Activity Name,Activity Type,Elapsed Time,Distance';
  const strava = (elapsed: string, distance: string, date = 'Oct 1, 2026, 6:02:11 AM') =>
    readAnyImportFile(`${header}\n1,"${date}",A,Walk,${elapsed},"${distance}"\n`, ctx);

  it('refuses a Strava distance with a decimal comma instead of reading 1,2 km as 12 km', () => {
    const s = sourceOf(strava('14400', '1,2'));
    expect([s.activities.length, s.refused[0]?.message]).toEqual([0, STRAVA_MESSAGES.distance('1,2')]);
    // A thousands separator is what it is (then refused here by the walk's limits, not misread).
    expect(sourceOf(strava('14400', '1,005.3')).refused[0]?.message).toMatch(/Distance cannot exceed/);
  });

  it('takes only plain decimal numbers of seconds and km (no hex, no exponent)', () => {
    expect(sourceOf(strava('0x100', '1')).refused[0]?.message).toBe(STRAVA_MESSAGES.elapsed('0x100'));
    expect(sourceOf(strava('1800', '5e0')).refused[0]?.message).toBe(STRAVA_MESSAGES.distance('5e0'));
    expect(sourceOf(strava('1800.0', '2.50')).activities[0]?.value).toMatchObject({
      time: 30,
      distance: 2500,
    });
  });

  it("reads a Strava or Hevy file a spreadsheet saved with ';', its decimal commas too", () => {
    const s = sourceOf(
      readAnyImportFile(`${header.replace(/,/g, ';')}\n1;Oct 1, 2026, 6:02:11 AM;A;Walk;1800;2,5\n`, ctx),
    );
    expect([s.format, s.activities[0]?.value.distance]).toEqual([STRAVA_FORMAT, 2500]);
    const hevy =
      'title;start_time;end_time;exercise_title;set_index;weight_kg;reps\nA;1 Nov 2026, 07:00;;Squat;0;100,5;5\n';
    expect(sourceOf(readAnyImportFile(hevy, ctx)).format).toBe(HEVY_FORMAT);
  });

  it('says why a Hevy exercise has no minutes (no durations, no end_time after the start)', () => {
    const text = formatCsv([
      ['title', 'start_time', 'end_time', 'exercise_title', 'set_index', 'set_type', 'reps'],
      ['A', '1 Nov 2026, 07:00', '', 'Pull Up', 0, 'normal', 8],
      // 02:30 does not exist in Berlin that night (clocks go to 03:00): it starts at its end.
      ['B', '29 Mar 2026, 02:30', '29 Mar 2026, 03:30', 'Pull Up', 0, 'normal', 8],
    ]);
    expect(sourceOf(readAnyImportFile(text, ctx)).refused.map((r) => r.message)).toEqual([
      HEVY_MESSAGES.noMinutes('Pull Up'),
      HEVY_MESSAGES.noMinutes('Pull Up'),
    ]);
  });

  it('takes only real month names', () => {
    expect(utcInstantOf('Junk 1, 2026, 6:02:11 AM')).toBeNull();
    expect(utcInstantOf('Marching 1, 2026, 6:02:11 AM')).toBeNull();
    expect(hevyInstantOf('1 Junk 2026, 07:00', TZ)).toBeNull();
    expect(utcInstantOf('Sept 1, 2026, 6:02:11 AM')).toBe(Date.UTC(2026, 8, 1, 6, 2, 11));
    expect(utcInstantOf('September 1, 2026, 18:02')).toBe(Date.UTC(2026, 8, 1, 18, 2));
  });

  it('groups the sets of one Hevy exercise whatever their case and spacing', () => {
    const text = formatCsv([
      ['title', 'start_time', 'end_time', 'exercise_title', 'set_index', 'set_type', 'weight_kg', 'reps'],
      ['A', '1 Nov 2026, 07:00', '1 Nov 2026, 07:30', 'Bench Press (Barbell)', 0, 'normal', 80, 8],
      ['A', '1 Nov 2026, 07:00', '1 Nov 2026, 07:30', 'bench  press (barbell)', 1, 'normal', 80, 8],
    ]);
    const s = sourceOf(readAnyImportFile(text, ctx));
    expect(s.activities.map((a) => [a.sourceId, a.value.count])).toEqual([
      ['hevy:1 Nov 2026, 07:00|Bench Press (Barbell)', 16],
    ]);
  });
});

describe('GPX times', () => {
  const track = (times: string[]) => ({
    name: null,
    type: 'running',
    segments: [{ points: times.map((_, i) => [0, i * 0.01]), times }],
  });

  it("reads a time without a zone as UTC, as GPX writes them, whatever the device's zone", () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      const s = sourceOf(readGpx(track(['2026-11-01T10:00:00', '2026-11-01T10:30:00']), ctx));
      expect(s.activities[0]?.sourceId).toBe(`gpx:${Date.UTC(2026, 10, 1, 10)}`);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('refuses a track dated 1970 (a clock never set) or otherwise before 2000, naming the date', () => {
    for (const [times, date] of [
      [['1970-01-01T00:00:00Z', '1970-01-01T00:31:00Z'], '1970-01-01'],
      // A GPS week-number rollover sets a clock back 1024 weeks (2019 to 1999).
      [['1999-08-22T07:30:00Z', '1999-08-22T08:01:00Z'], '1999-08-22'],
      [['1969-12-31T23:59:00Z', null, '1970-01-01T00:30:00Z'], '1969-12-31'],
    ] as const) {
      expect(readGpx(track([...times] as string[]), ctx)).toEqual({
        ok: false,
        message: GPX_MESSAGES.clockUnset(date),
      });
    }
  });

  it('reads the times of a track from 2000 on, and leaves out points dated before as if they had none', () => {
    const start = Date.UTC(2026, 10, 1, 7, 0);
    const mixed = sourceOf(
      readGpx(
        track([
          '1970-01-01T00:00:05Z',
          '1970-01-01T00:00:10Z',
          '2026-11-01T07:00:00Z',
          '2026-11-01T07:30:00Z',
        ]),
        ctx,
      ),
    );
    expect(mixed.refused).toEqual([]);
    expect(mixed.activities[0]?.value).toMatchObject({ activityType: 'Running', time: 30, timestamp: start });
    expect(mixed.activities[0]?.sourceId).toBe(`gpx:${start}`);
    const edge = sourceOf(readGpx(track(['2000-01-01T00:00:00Z', '2000-01-01T00:30:00Z']), ctx));
    expect(edge.activities[0]?.value.timestamp).toBe(Date.UTC(2000, 0, 1));
  });

  it('says so when all the points have the same time', () => {
    expect(readGpx(track(['2026-11-01T10:00:00Z', '2026-11-01T10:00:00Z']), ctx)).toEqual({
      ok: false,
      message: GPX_MESSAGES.noDuration,
    });
  });
});

describe("a Strava export's activities.csv and the GPX of one of its activities", () => {
  // Strava's first run: Oct 1, 2026, 6:02:11 AM UTC, 1923 s, 5.21 km. Its GPX starts at the same
  // second; its distance along the points and minutes differ a little from the CSV's.
  const start = Date.UTC(2026, 9, 1, 6, 2, 11);
  const gpxRun = (first: number, type = 'running') => ({
    name: 'Morning Run',
    type,
    segments: [
      {
        points: Array.from({ length: 33 }, (_, i) => [13.4, 52.5 + i * 0.0014]),
        times: Array.from({ length: 33 }, (_, i) => new Date(first + i * 60_000).toISOString()),
      },
    ],
  });
  const storedFrom = (plan: ReturnType<typeof planImport>): ExistingData => ({
    ...NOTHING,
    activities: importBatches(plan, NOW)
      .flat()
      .map((w) => ({
        id: w.path.split('/').pop() as string,
        value: (w.kind === 'set' ? w.data : {}) as never,
      })),
  });
  const strava = () => sourceOf(readAnyImportFile(STRAVA, ctx));

  it('the GPX after the CSV adds nothing: the same run, started the same second', () => {
    const gpx = sourceOf(readGpx(gpxRun(start), ctx));
    expect(gpx.activities[0]?.value).toMatchObject({ activityType: 'Running', time: 32, timestamp: start });
    expect(gpx.activities[0]?.value.distance).not.toBe(5210);
    const plan = planImport(gpx, storedFrom(planImport(strava(), NOTHING, planCtx)), planCtx);
    expect(plan.add.activities).toBe(0);
    expect(plan.alreadyThere.activities).toBe(1);
    expect(plan.docs).toEqual([]);
  });

  it('the CSV after the GPX adds every other activity, not that run again', () => {
    const gpxPlan = planImport(sourceOf(readGpx(gpxRun(start), ctx)), NOTHING, planCtx);
    const plan = planImport(strava(), storedFrom(gpxPlan), planCtx);
    expect(plan.add.activities).toBe(26);
    expect(plan.alreadyThere.activities).toBe(1);
  });

  it('a track started at another second, or of another activity, is another activity', () => {
    const stored = storedFrom(planImport(strava(), NOTHING, planCtx));
    for (const other of [gpxRun(start + 1000), gpxRun(start, 'walking')])
      expect(planImport(sourceOf(readGpx(other, ctx)), stored, planCtx).add.activities).toBe(1);
  });
});
