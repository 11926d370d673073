import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_CSV_HEADER,
  activitiesCsv,
  buildArchive,
  checkImportSize,
  type ExportData,
  formatLocalMinute,
  IMPORT_MESSAGES,
  type ImportSource,
  MAX_IMPORT_BYTES,
  parseLocalDateTime,
  type ReadImport,
  readImportFile,
  weightsCsv,
} from '../src/archive.ts';
import { type Activity, findActivity } from '../src/catalogue.ts';
import { BOM, parseCsv } from '../src/csv.ts';
import { validateDocument } from '../src/documents.ts';
import { calorieUnits } from '../src/formulas.ts';
import { type ExistingData, importBatches, importId, planImport } from '../src/import-plan.ts';
import type { ActivityRecord } from '../src/model.ts';
import { activityLimitMessage, MESSAGES } from '../src/validation.ts';

const NOW = Date.UTC(2026, 10, 22, 15, 30);
const TZ = 'America/New_York';
const DAY = 86_400_000;
const ctx = { uid: 'u1', now: NOW, timeZone: TZ, currentDisplayName: 'Pat' };

function act(activityType: string, fields: Partial<ActivityRecord>, timestamp: number): ActivityRecord {
  const a = { activityType, ...fields, timestamp } as ActivityRecord;
  a.calorieUnits = calorieUnits(a);
  return a;
}

const DATA: ExportData = {
  profile: {
    userId: 'u1',
    email: 'pat@example.com',
    createdAt: NOW - 100 * DAY,
    displayName: 'Pat',
    firstName: 'Pat',
    height: 70,
    currentWeight: 180,
    targetWeight: 170,
    targetDate: '2027-01-31',
    gender: 'Female',
    hideExerciseInfo: false,
  },
  activities: [
    act('Bench Press', { count: 10, time: 5, weightLifted: 135 }, NOW - 2 * DAY),
    act('Bench Press', { count: 10, time: 5, weightLifted: 135 }, NOW - 2 * DAY), // an identical set
    act('Running', { time: 30 }, NOW - 3 * DAY),
    act('Leg Curl', { count: 12, weightLifted: 60 }, NOW - DAY),
  ],
  weights: [
    { weight: 181.5, timestamp: NOW - 10 * DAY },
    { weight: 180, timestamp: NOW - DAY },
  ],
  goal: { target: '300', type: 'minutes' },
  preferences: ['Running', 'Bench Press', 'Leg Curl'],
  posts: [{ message: 'Hello, =world "quoted"', timestamp: NOW - 5 * DAY }],
};

function sourceOf(read: ReadImport): ImportSource {
  if (!read.ok) throw new Error(read.message);
  return read.source;
}

const NOTHING: ExistingData = {
  activities: [],
  weights: [],
  posts: [],
  profile: { userId: 'u2', email: 'new@example.com', createdAt: NOW, displayName: '' },
  goal: null,
  preferences: [],
};

/** What the store would hold after writing a plan's documents: ids and values. */
function existingAfter(plan: ReturnType<typeof planImport>, before: ExistingData): ExistingData {
  const pick = (sub: string) =>
    plan.docs
      .filter((d) => d.path.includes(`/${sub}/`))
      .map((d) => ({ id: d.path.split('/').pop() as string, value: d.data as never }));
  return {
    ...before,
    activities: [...before.activities, ...pick('reps')],
    weights: [...before.weights, ...pick('weightRecords')],
    posts: [...before.posts, ...pick('posts')],
  };
}

describe('the JSON archive', () => {
  it('is versioned and holds every part, oldest entries first, without stored-only fields', () => {
    const archive = buildArchive(DATA, NOW);
    expect(archive.format).toBe('fittrack-archive');
    expect(archive.version).toBe(1);
    expect(archive.exportedAt).toBe('2026-11-22T15:30:00.000Z');
    expect(archive.activities.map((a) => a.activityType)).toEqual([
      'Running',
      'Bench Press',
      'Bench Press',
      'Leg Curl',
    ]);
    expect(archive.activities[0]).toEqual({ activityType: 'Running', time: 30, timestamp: NOW - 3 * DAY });
    expect(archive.goal).toEqual(DATA.goal);
    expect(archive.preferences).toEqual({ activities: DATA.preferences });
    expect(archive.posts).toEqual(DATA.posts);
  });

  it('round-trips: export, import into a fresh account, the same data; importing again adds nothing', () => {
    const text = JSON.stringify(buildArchive(DATA, NOW));
    const source = sourceOf(readImportFile(text, { ...ctx, uid: 'u2' }));
    expect(source.refused).toEqual([]);
    const plan = planImport(source, NOTHING, { uid: 'u2', email: 'new@example.com', now: NOW, timeZone: TZ });
    expect(plan.add).toEqual({ activities: 4, weights: 2, posts: 1 });
    expect(plan.goal).toBe('set');
    expect(plan.preferences).toBe('set');
    // Never the archive's identity: only fields the user may write, on the signed-in user's paths.
    const profileDoc = plan.docs.find((d) => d.path === 'users/u2');
    expect(profileDoc?.data).not.toHaveProperty('email');
    expect(profileDoc?.data).not.toHaveProperty('userId');
    expect(profileDoc?.data).not.toHaveProperty('createdAt');
    expect(profileDoc?.data).toMatchObject({ displayName: 'Pat', height: 70, currentWeight: 180 });
    expect(plan.docs.every((d) => d.path.startsWith('users/u2'))).toBe(true);
    const restored = plan.docs.filter((d) => d.path.includes('/reps/')).map((d) => d.data);
    expect(restored).toEqual(
      buildArchive(DATA, NOW).activities.map((a) => ({ ...a, calorieUnits: calorieUnits(a) })),
    );

    const again = planImport(source, existingAfter(plan, NOTHING), {
      uid: 'u2',
      email: 'new@example.com',
      now: NOW,
      timeZone: TZ,
    });
    expect(again.add).toEqual({ activities: 0, weights: 0, posts: 0 });
    expect(again.alreadyThere).toEqual({ activities: 4, weights: 2, posts: 1 });
  });

  // The rules take a profile's email, when first set, only as the signed-in account's (the token's).
  it("creates a missing profile with this account's identity, and no email for an account without one", () => {
    const source = sourceOf(readImportFile(JSON.stringify(buildArchive(DATA, NOW)), { ...ctx, uid: 'u2' }));
    const missing = { ...NOTHING, profile: null };
    const profileOf = (email: string | null) =>
      planImport(source, missing, { uid: 'u2', email, now: NOW, timeZone: TZ }).docs.find(
        (d) => d.path === 'users/u2',
      )?.data;
    expect(profileOf('new@example.com')).toMatchObject({
      userId: 'u2',
      email: 'new@example.com',
      createdAt: NOW,
    });
    expect(profileOf(null)).toMatchObject({ userId: 'u2', createdAt: NOW });
    expect(profileOf(null)).not.toHaveProperty('email');
  });

  it('importing your own export over your own data (other ids) finds everything already there', () => {
    const existing: ExistingData = {
      activities: DATA.activities.map((value, i) => ({ id: `rand${i}`, value })),
      weights: DATA.weights.map((value, i) => ({ id: `w${i}`, value })),
      posts: DATA.posts.map((value, i) => ({ id: `p${i}`, value })),
      profile: DATA.profile,
      goal: DATA.goal,
      preferences: DATA.preferences,
    };
    const source = sourceOf(readImportFile(JSON.stringify(buildArchive(DATA, NOW)), ctx));
    const plan = planImport(source, existing, {
      uid: 'u1',
      email: 'pat@example.com',
      now: NOW,
      timeZone: TZ,
    });
    expect(plan.docs).toEqual([]);
    expect(plan.alreadyThere).toEqual({ activities: 4, weights: 2, posts: 1 });
    expect(plan.goal).toBe('same');
    expect(plan.preferences).toBe('same');
    expect(plan.profileFields).toEqual([]);
  });

  it('refuses another format or version, and files that are not JSON', () => {
    const other = (o: unknown) => readImportFile(JSON.stringify(o), ctx);
    expect(other({ format: 'strava-export', version: 1 })).toEqual({
      ok: false,
      message: IMPORT_MESSAGES.notArchive,
    });
    expect(other({ format: 'fittrack-archive', version: 2 })).toEqual({
      ok: false,
      message: 'This archive is version 2; this app reads version 1 archives only.',
    });
    expect(other({ format: 'fittrack-archive' }).ok).toBe(false);
    expect(readImportFile('{"format": "fittrack-archive", "version": 1', ctx)).toEqual({
      ok: false,
      message: IMPORT_MESSAGES.notJson,
    });
    expect(other([1, 2, 3])).toEqual({ ok: false, message: IMPORT_MESSAGES.header });
  });

  it('ignores unknown fields, never writes them, and refuses bad entries with the spec messages', () => {
    const archive = {
      ...buildArchive(DATA, NOW),
      extra: { anything: true },
      activities: [
        { activityType: 'Running', time: 30, timestamp: NOW - DAY, calorieUnits: 999_999, isAdmin: true },
        { activityType: 'Running', time: -5, timestamp: NOW - DAY },
        { activityType: 'Push Ups', count: 2.5, time: 5, timestamp: NOW - DAY },
        { activityType: 'Bench Press', count: 5, time: 5, weightLifted: -1, timestamp: NOW - DAY },
        { activityType: 'Teleporting', time: 5, timestamp: NOW - DAY },
        { activityType: 'Running', time: 10_000_000, timestamp: NOW - DAY },
        { activityType: 'Running', time: 30, timestamp: NOW + 2 * DAY },
        { activityType: 'Running', time: 30, timestamp: 'yesterday' },
        'not an object',
        { activityType: 'Running', time: 30, timestamp: 0 },
      ],
      weights: [
        { weight: 0, timestamp: NOW - DAY },
        { weight: 150, timestamp: Date.UTC(1999, 11, 30) },
      ],
      posts: [
        { message: '   ', timestamp: NOW - DAY },
        { message: 'Hello from the past', timestamp: Date.UTC(1995, 5, 1, 12) },
      ],
      goal: { target: '0', type: 'reps' },
      preferences: { activities: ['Running', 'Teleporting'] },
      profile: {
        ...DATA.profile,
        userId: 'someone-else',
        email: 'evil@example.com',
        isAdmin: true,
        height: -3,
      },
    };
    const source = sourceOf(readImportFile(JSON.stringify(archive), ctx));
    expect(source.activities).toHaveLength(1);
    const plan = planImport(source, NOTHING, { uid: 'u1', email: 'pat@example.com', now: NOW, timeZone: TZ });
    const rep = plan.docs.find((d) => d.path.includes('/reps/'));
    expect(rep?.data).toEqual({
      activityType: 'Running',
      time: 30,
      timestamp: NOW - DAY,
      calorieUnits: calorieUnits({ activityType: 'Running', time: 30 }),
    });
    expect(source.refused).toEqual([
      { where: 'activity 2', message: MESSAGES.timePositive },
      { where: 'activity 3', message: MESSAGES.repsPositive },
      { where: 'activity 4', message: MESSAGES.weightLiftedNonNegative },
      { where: 'activity 5', message: MESSAGES.unknownActivity },
      { where: 'activity 6', message: activityLimitMessage(findActivity('Running') as Activity, 'time') },
      { where: 'activity 7', message: IMPORT_MESSAGES.futureDate },
      { where: 'activity 8', message: MESSAGES.timestampInvalid },
      { where: 'activity 9', message: IMPORT_MESSAGES.notAnEntry },
      { where: 'activity 10', message: IMPORT_MESSAGES.beforeEarliest('1969-12-31') },
      { where: 'weight 1', message: MESSAGES.weightPositive },
      { where: 'weight 2', message: IMPORT_MESSAGES.beforeEarliest('1999-12-29') },
      { where: 'post 1', message: MESSAGES.postEmpty },
      { where: 'post 2', message: IMPORT_MESSAGES.beforeEarliest('1995-06-01') },
      { where: 'profile', message: MESSAGES.heightPositive },
      { where: 'goal', message: MESSAGES.goalTargetPositive },
      { where: 'preferences activity 2', message: MESSAGES.unknownActivity },
    ]);
    // The profile's bad height refuses its information block; the identity is never taken.
    const profile = plan.docs.find((d) => d.path === 'users/u1');
    expect(JSON.stringify(profile ?? {})).not.toContain('evil@example.com');
    expect(JSON.stringify(profile ?? {})).not.toContain('someone-else');
    expect(plan.docs.find((d) => d.path.endsWith('preferences/activities'))?.data).toEqual({
      activities: ['Running'],
    });
  });

  it('restores a profile whose height and target weight are unknown (0) and whose dates are empty', () => {
    // What the app stores after clearing these fields, and so what its own export holds.
    const profile = {
      ...DATA.profile,
      height: 0,
      currentWeight: 0,
      targetWeight: 0,
      dateOfBirth: '',
      targetDate: '',
      unitSystem: 'metric' as const,
    };
    const archive = buildArchive({ ...DATA, profile, weights: [] }, NOW);
    const source = sourceOf(
      readImportFile(JSON.stringify(archive), { ...ctx, uid: 'u2', currentDisplayName: '' }),
    );
    expect(source.refused).toEqual([]);
    const plan = planImport(source, NOTHING, { uid: 'u2', email: 'new@example.com', now: NOW, timeZone: TZ });
    expect(plan.docs.find((d) => d.path === 'users/u2')?.data).toEqual({
      displayName: 'Pat',
      firstName: 'Pat',
      gender: 'Female',
      hideExerciseInfo: false,
      unitSystem: 'metric',
    });
    // Unknown in the archive and not set here: nothing to change.
    expect(plan.profileFields).toEqual([
      'displayName',
      'firstName',
      'gender',
      'hideExerciseInfo',
      'unitSystem',
    ]);
  });

  it('keeps a target weight when the archived target date has passed', () => {
    const archive = { ...buildArchive(DATA, NOW), profile: { targetWeight: 160, targetDate: '2020-01-01' } };
    const source = sourceOf(readImportFile(JSON.stringify(archive), ctx));
    expect(source.profile).toEqual({ targetWeight: 160 });
    expect(source.refused).toEqual([{ where: 'profile targetDate', message: MESSAGES.targetDatePast }]);
  });
});

describe('the activities CSV', () => {
  const csvOf = (activities: ActivityRecord[]) => activitiesCsv(activities, 180, TZ);

  it('exports local minutes, display names, empty cells for what an activity does not take, calories', () => {
    const text = csvOf(DATA.activities as ActivityRecord[]);
    expect(text.startsWith(BOM)).toBe(true);
    const parsed = parseCsv(text);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.rows[0]?.cells).toEqual([...ACTIVITY_CSV_HEADER, 'Distance (mi)']);
    // 3 days before 15:30 UTC = 10:30 in New York (EST, UTC-5).
    expect(parsed.rows[1]?.cells).toEqual(['2026-11-19 10:30', 'Running', '', '30', '', '279', '']);
    expect(parsed.rows[4]?.cells.slice(0, 5)).toEqual(['2026-11-21 10:30', 'Leg Curl', '12', '', '60']);
  });

  it('round-trips through import (the Calories column is ignored) and a second import adds nothing', () => {
    const text = csvOf(DATA.activities as ActivityRecord[]);
    const source = sourceOf(readImportFile(text, ctx));
    expect(source.refused).toEqual([]);
    expect(source.activities.map((r) => r.where)).toEqual(['line 2', 'line 3', 'line 4', 'line 5']);
    const plan = planImport(source, NOTHING, { uid: 'u1', email: '', now: NOW, timeZone: TZ });
    expect(plan.add.activities).toBe(4); // the two identical sets are both kept
    const again = planImport(source, existingAfter(plan, NOTHING), {
      uid: 'u1',
      email: '',
      now: NOW,
      timeZone: TZ,
    });
    expect(again.add.activities).toBe(0);
    expect(again.alreadyThere.activities).toBe(4);
  });

  it('matches a CSV row to a stored entry at the minute (the export drops seconds)', () => {
    const stored = act('Running', { time: 30 }, NOW - DAY + 42_123);
    const source = sourceOf(readImportFile(csvOf([stored]), ctx));
    const plan = planImport(
      source,
      { ...NOTHING, activities: [{ id: 'x', value: stored }] },
      {
        uid: 'u1',
        email: '',
        now: NOW,
        timeZone: TZ,
      },
    );
    expect(plan.add.activities).toBe(0);
    expect(plan.alreadyThere.activities).toBe(1);
  });

  it('matches a CSV row to a stored entry logged in the repeated hour when clocks go back', () => {
    // 01:30 on 2026-11-01 happens twice in New York; this is the second one (EST, 06:30 UTC).
    const stored = act('Running', { time: 30 }, Date.UTC(2026, 10, 1, 6, 30));
    const source = sourceOf(readImportFile(csvOf([stored]), ctx));
    const plan = planImport(
      source,
      { ...NOTHING, activities: [{ id: 'x', value: stored }] },
      { uid: 'u1', email: '', now: NOW, timeZone: TZ },
    );
    expect(plan.add.activities).toBe(0);
    expect(plan.alreadyThere.activities).toBe(1);
  });

  it('accepts any column order, dates with or without a time, and a guarded formula cell', () => {
    const text = [
      'Weight lifted,Minutes,Reps,Activity,Date',
      '135,5,10,bench press,2026-11-20 07:05',
      ',45,,Running,2026-11-19',
      '"\'=1+1",5,5,Push Ups,2026-11-18',
      "',5,'-5,Push Ups,2026-11-18",
    ].join('\r\n');
    const source = sourceOf(readImportFile(text, ctx));
    expect(source.activities.map((r) => [r.value.activityType, r.granularity])).toEqual([
      ['Bench Press', 'minute'],
      ['Running', 'day'],
      ['Push Ups', 'day'],
    ]);
    expect(source.activities[0]?.value.timestamp).toBe(Date.UTC(2026, 10, 20, 12, 5));
    // A date alone is local noon.
    expect(source.activities[1]?.value.timestamp).toBe(Date.UTC(2026, 10, 19, 17));
    // '=1+1 is unguarded to =1+1, which is not a number for weight lifted... Push Ups takes none,
    // so it is ignored as the dashboard ignores it; '-5 reps is unguarded to -5 and refused.
    expect(source.refused).toEqual([{ where: 'line 5', message: MESSAGES.repsPositive }]);
  });

  it("takes today's date without a time before local noon (at the import's time, not refused as future)", () => {
    // NOW is 10:30 in New York: today's noon is still ahead, but a workout dated today is not.
    const text = ['Date,Activity,Minutes', '2026-11-22,Running,30', '2026-11-23,Running,30'].join('\r\n');
    const source = sourceOf(readImportFile(text, ctx));
    expect(source.activities.map((r) => [r.value.timestamp, r.granularity])).toEqual([[NOW, 'day']]);
    expect(source.refused).toEqual([{ where: 'line 3', message: IMPORT_MESSAGES.futureDate }]);
    // The same file imported again in the afternoon finds it already there (by its day).
    const plan = planImport(source, NOTHING, { uid: 'u1', email: '', now: NOW, timeZone: TZ });
    const later = sourceOf(readImportFile(text, { ...ctx, now: NOW + 6 * 3_600_000 }));
    expect(later.activities[0]?.value.timestamp).toBe(Date.UTC(2026, 10, 22, 17));
    const again = planImport(later, existingAfter(plan, NOTHING), {
      uid: 'u1',
      email: '',
      now: NOW,
      timeZone: TZ,
    });
    expect(again.add.activities).toBe(0);
    expect(again.alreadyThere.activities).toBe(1);
  });

  it('reads a Weight lifted (kg) column (as the form labels it for metric users) in kg, stored in lbs', () => {
    const text = [
      'Date,Activity,Reps,Minutes,Weight lifted (kg)',
      '2026-11-20 07:05,Bench Press,10,5,100',
      '2026-11-20 07:15,Bench Press,10,5,"62,5"',
      '2026-11-20 07:25,Bench Press,10,5,-1',
      '2026-11-20 07:35,Bench Press,10,5,heavy',
    ].join('\r\n');
    const source = sourceOf(readImportFile(text, ctx));
    expect(source.activities.map((r) => r.value.weightLifted)).toEqual([220.46, 137.79]);
    expect(source.refused).toEqual([
      { where: 'line 4', message: MESSAGES.weightLiftedNonNegative },
      { where: 'line 5', message: MESSAGES.weightLiftedNonNegative },
    ]);
  });

  it('reads a CSV saved with semicolons (spreadsheets in decimal-comma locales), decimal commas too', () => {
    const text = [
      'Date;Activity;Reps;Minutes;Weight lifted (lbs);Calories',
      '2026-11-20 07:05;Bench Press;10;5;"137,5";99',
      '2026-11-19;Running;;30;;',
    ].join('\r\n');
    const source = sourceOf(readImportFile(text, ctx));
    expect(source.refused).toEqual([]);
    expect(source.activities.map((r) => [r.value.activityType, r.value.weightLifted])).toEqual([
      ['Bench Press', 137.5],
      ['Running', undefined],
    ]);
    // Every text cell quoted (which a ',' reading refuses after the first closing quote).
    const quoted = sourceOf(readImportFile('"Date";"Activity";"Minutes"\n"2026-11-19";"Running";30\n', ctx));
    expect(quoted.activities.map((r) => r.value.time)).toEqual([30]);
  });

  it('refuses rows one by one with their line numbers and the spec messages', () => {
    const text = [
      'Date,Activity,Reps,Minutes,Weight lifted',
      '2026-11-20,Running,,30,',
      '2026-02-30,Running,,30,',
      '20/11/2026,Running,,30,',
      '2026-11-20 25:00,Running,,30,',
      '2026-11-20,Flying,,30,',
      '2026-11-20,Running,,0,',
      '2026-11-20,Running,,abc,',
      '2026-11-20,Push Ups,-3,5,',
      '2026-11-20,Bench Press,5,5,99999',
      '2026-11-20,Bench Press,5,5,-1',
      '2026-11-20,Running,,1e3,',
      '2030-01-01,Running,,30,',
      '1969-12-31,Running,,30,',
    ].join('\n');
    const source = sourceOf(readImportFile(text, ctx));
    expect(source.activities).toHaveLength(1);
    expect(source.refused).toEqual([
      { where: 'line 3', message: IMPORT_MESSAGES.dateFormat },
      { where: 'line 4', message: IMPORT_MESSAGES.dateFormat },
      { where: 'line 5', message: IMPORT_MESSAGES.dateFormat },
      { where: 'line 6', message: MESSAGES.unknownActivity },
      { where: 'line 7', message: MESSAGES.timePositive },
      { where: 'line 8', message: MESSAGES.timePositive },
      { where: 'line 9', message: MESSAGES.repsPositive },
      {
        where: 'line 10',
        message: activityLimitMessage(findActivity('Bench Press') as Activity, 'weightLifted'),
      },
      { where: 'line 11', message: MESSAGES.weightLiftedNonNegative },
      { where: 'line 12', message: MESSAGES.timePositive },
      { where: 'line 13', message: IMPORT_MESSAGES.futureDate },
      { where: 'line 14', message: IMPORT_MESSAGES.beforeEarliest('1969-12-31') },
    ]);
  });

  it('refuses rows dated before 2000 (a clock never set, a zero timestamp), naming the date as written', () => {
    const activities = [
      'Date,Activity,Reps,Minutes',
      '1970-01-01 00:00,Running,,30',
      // New York's 23:30 is already 2000 in UTC: the file's own date is what is named and checked.
      '1999-12-31 23:30,Running,,30',
      '1899-12-30,Running,,30',
      '2000-01-01 00:00,Running,,30',
    ].join('\n');
    const source = sourceOf(readImportFile(activities, ctx));
    expect(source.refused).toEqual([
      { where: 'line 2', message: IMPORT_MESSAGES.beforeEarliest('1970-01-01') },
      { where: 'line 3', message: IMPORT_MESSAGES.beforeEarliest('1999-12-31') },
      { where: 'line 4', message: IMPORT_MESSAGES.beforeEarliest('1899-12-30') },
    ]);
    expect(source.refused[0]?.message).toMatch(/^This entry is dated 1970-01-01, before 2000: /);
    expect(source.activities.map((r) => r.where)).toEqual(['line 5']);

    const weights = sourceOf(readImportFile('Date,Weight (lbs)\n1970-01-01,180\n2026-11-20,180\n', ctx));
    expect(weights.refused).toEqual([
      { where: 'line 2', message: IMPORT_MESSAGES.beforeEarliest('1970-01-01') },
    ]);
    expect(weights.weights).toHaveLength(1);
  });

  it('refuses a file without the header, malformed CSV, and an empty file', () => {
    expect(readImportFile('2026-11-20,Running,,30,', ctx)).toEqual({
      ok: false,
      message: IMPORT_MESSAGES.header,
    });
    expect(readImportFile('Date,Activity\n"2026-11-20,Running', ctx)).toEqual({
      ok: false,
      message: 'Line 2: a quoted field is never closed.',
    });
    expect(readImportFile(`${BOM}  \r\n`, ctx)).toEqual({ ok: false, message: IMPORT_MESSAGES.empty });
    expect(readImportFile('Date,Activity\r\n', ctx)).toEqual({ ok: false, message: IMPORT_MESSAGES.nothing });
  });

  it('refuses a header naming one column twice, instead of reading one of them', () => {
    expect(readImportFile('Date,Weight,Weight (lbs)\n2026-11-20,180,150\n', ctx)).toEqual({
      ok: false,
      message: IMPORT_MESSAGES.columnTwice('Weight', 'Weight (lbs)'),
    });
    expect(readImportFile('Date,Activity,date\n2026-11-20,Running,2026-11-21\n', ctx)).toEqual({
      ok: false,
      message: IMPORT_MESSAGES.columnTwice('Date', 'date'),
    });
  });

  it.each(['Notes', 'constructor', '__proto__'])(
    'reads a file with an unknown column "%s" twice, ignoring both',
    (name) => {
      const read = readImportFile(`Date,Activity,Minutes,${name},${name}\n2026-11-20,Running,30,a,b\n`, ctx);
      expect(read.ok && read.source.activities.map((a) => a.value.time)).toEqual([30]);
    },
  );

  it('keeps identical rows within one file as separate entries with distinct, stable ids', () => {
    const text = `Date,Activity,Reps,Minutes\n${'2026-11-20,Push Ups,10,2\n'.repeat(3)}`;
    const plan = planImport(sourceOf(readImportFile(text, ctx)), NOTHING, {
      uid: 'u1',
      email: '',
      now: NOW,
      timeZone: TZ,
    });
    const ids = plan.docs.map((d) => d.path);
    expect(new Set(ids).size).toBe(3);
    const replan = planImport(sourceOf(readImportFile(text, ctx)), NOTHING, {
      uid: 'u1',
      email: '',
      now: NOW + 1000,
      timeZone: TZ,
    });
    expect(replan.docs.map((d) => d.path)).toEqual(ids);
    // Two stored already: one more to add.
    const two = plan.docs.slice(0, 2).map((d, i) => ({ id: `other${i}`, value: d.data as never }));
    const partial = planImport(
      sourceOf(readImportFile(text, ctx)),
      { ...NOTHING, activities: two },
      {
        uid: 'u1',
        email: '',
        now: NOW,
        timeZone: TZ,
      },
    );
    expect(partial.add.activities).toBe(1);
  });

  it('an entry edited after its import is the same document: not added again', () => {
    const text = 'Date,Activity,Minutes\n2026-11-20 08:00,Running,30\n';
    const source = sourceOf(readImportFile(text, ctx));
    const first = planImport(source, NOTHING, { uid: 'u1', email: '', now: NOW, timeZone: TZ });
    const id = first.docs[0]?.path.split('/').pop() as string;
    const edited = act('Running', { time: 45 }, NOW - DAY);
    const again = planImport(
      source,
      { ...NOTHING, activities: [{ id, value: edited }] },
      {
        uid: 'u1',
        email: '',
        now: NOW,
        timeZone: TZ,
      },
    );
    expect(again.docs).toEqual([]);
  });

  it('handles 10,000 rows: all read, planned in parts of at most 500 writes', () => {
    const lines = ['Date,Activity,Reps,Minutes,Weight lifted'];
    for (let i = 0; i < 10_000; i++) {
      const day = new Date(NOW - (1 + (i % 700)) * DAY).toISOString().slice(0, 10);
      lines.push(
        `${day} ${String(i % 24).padStart(2, '0')}:${String(i % 60).padStart(2, '0')},Bench Press,${1 + (i % 20)},${1 + (i % 90)},${i % 300}`,
      );
    }
    const text = lines.join('\n');
    expect(text.length).toBeLessThan(MAX_IMPORT_BYTES);
    const source = sourceOf(readImportFile(text, ctx));
    expect(source.activities.length + source.refused.length).toBe(10_000);
    const plan = planImport(source, NOTHING, { uid: 'u1', email: '', now: NOW, timeZone: TZ });
    const batches = importBatches(plan, NOW);
    expect(batches.flat()).toHaveLength(plan.docs.length);
    expect(batches.every((b) => b.length <= 500)).toBe(true);
    expect(batches.length).toBe(Math.ceil(plan.docs.length / 500));
  });

  it('refuses a file over the size limit before reading it', () => {
    expect(checkImportSize(MAX_IMPORT_BYTES + 1)).toBe(IMPORT_MESSAGES.tooLarge);
    expect(checkImportSize(0)).toBe(IMPORT_MESSAGES.empty);
    expect(checkImportSize(1000)).toBeNull();
    expect(readImportFile('x'.repeat(MAX_IMPORT_BYTES + 1), ctx)).toEqual({
      ok: false,
      message: IMPORT_MESSAGES.tooLarge,
    });
  });
});

describe('the weights CSV', () => {
  it('round-trips through import (the current weight follows the newest) and a second import adds nothing', () => {
    const text = weightsCsv(DATA.weights, TZ);
    const source = sourceOf(readImportFile(text, ctx));
    expect(source.refused).toEqual([]);
    expect(source.activities).toEqual([]);
    const plan = planImport(source, NOTHING, { uid: 'u1', email: '', now: NOW, timeZone: TZ });
    expect(plan.add).toEqual({ activities: 0, weights: 2, posts: 0 });
    expect(plan.docs.find((d) => d.path === 'users/u1')?.data).toEqual({ currentWeight: 180 });
    const again = planImport(sourceOf(readImportFile(text, ctx)), existingAfter(plan, NOTHING), {
      uid: 'u1',
      email: '',
      now: NOW,
      timeZone: TZ,
    });
    expect(again.add.weights).toBe(0);
    expect(again.alreadyThere.weights).toBe(2);
  });

  it('reads kg, refuses implausible, future and malformed rows with their line numbers', () => {
    const text = [
      'Date,Weight (kg)',
      '2026-11-20 07:05,80',
      '2026-11-20,"81,5"',
      '2026-11-21,5',
      '2026-12-01,80',
      '2026-11-21,heavy',
    ].join('\r\n');
    const source = sourceOf(readImportFile(text, ctx));
    expect(source.weights.map((r) => r.value.weight)).toEqual([176.37, 179.68]);
    expect(source.refused).toEqual([
      { where: 'line 4', message: MESSAGES.weightImplausible },
      { where: 'line 5', message: IMPORT_MESSAGES.futureDate },
      { where: 'line 6', message: MESSAGES.weightPositive },
    ]);
  });
});

describe('the writes', () => {
  it('stamp imported entries with importedAt, which the shared document validator accepts in the past', () => {
    const source = sourceOf(readImportFile(JSON.stringify(buildArchive(DATA, NOW)), { ...ctx, uid: 'u2' }));
    const plan = planImport(source, NOTHING, { uid: 'u2', email: 'n@example.com', now: NOW, timeZone: TZ });
    const [batch] = importBatches(plan, NOW + 60_000);
    for (const w of batch ?? []) {
      if (w.kind !== 'set') throw new Error('only sets');
      const kind = w.path.includes('/reps/')
        ? 'reps'
        : w.path.includes('/weightRecords/')
          ? 'weightRecords'
          : w.path.includes('/posts/')
            ? 'posts'
            : null;
      if (!kind) continue;
      expect(w.data.importedAt).toBe(NOW + 60_000);
      expect(validateDocument(kind, w.data, { uid: 'u2', now: NOW + 60_000, before: null }).ok).toBe(true);
      // Without the marker, a past time is refused as before.
      const { importedAt: _, ...bare } = w.data;
      expect(validateDocument(kind, bare, { uid: 'u2', now: NOW + 60_000, before: null }).ok).toBe(false);
    }
  });

  it('an importedAt that is not the time of the write is refused', () => {
    const doc = { ...act('Running', { time: 30 }, NOW - 30 * DAY), importedAt: NOW - DAY };
    expect(validateDocument('reps', doc, { uid: 'u1', now: NOW, before: null }).ok).toBe(false);
  });

  it('ids are deterministic and path-safe', () => {
    expect(importId('a')).toBe(importId('a'));
    expect(importId('a')).not.toBe(importId('b'));
    expect(importId('x')).toMatch(/^imp[0-9a-z]{22}$/);
  });
});

describe('local time', () => {
  it('formats and parses minutes in a zone, across DST', () => {
    expect(formatLocalMinute(Date.UTC(2026, 6, 1, 12, 7), TZ)).toBe('2026-07-01 08:07');
    expect(parseLocalDateTime('2026-07-01 08:07', TZ)).toEqual({
      timestamp: Date.UTC(2026, 6, 1, 12, 7),
      granularity: 'minute',
    });
    // 02:30 on the spring-forward day does not exist in New York: shifted forward by the gap (03:30 EDT).
    expect(parseLocalDateTime('2026-03-08 02:30', TZ)?.timestamp).toBe(Date.UTC(2026, 2, 8, 7, 30));
    for (let t = Date.UTC(2026, 0, 1, 0, 0); t < Date.UTC(2026, 11, 31); t += 7 * 3_600_000 + 17 * 60_000) {
      const minute = Math.floor(t / 60_000) * 60_000;
      expect(parseLocalDateTime(formatLocalMinute(minute, TZ), TZ)?.timestamp).toBe(
        // The repeated hour of the fall-back day reads back as its first occurrence.
        formatLocalMinute(minute, TZ) === formatLocalMinute(minute - 3_600_000, TZ)
          ? minute - 3_600_000
          : minute,
      );
    }
  });

  it('reads a time written back by a spreadsheet: one-digit hour, seconds (dropped, to the minute)', () => {
    const expected = { timestamp: Date.UTC(2026, 6, 1, 11, 7), granularity: 'minute' };
    expect(parseLocalDateTime('2026-07-01 7:07', TZ)).toEqual(expected);
    expect(parseLocalDateTime('2026-07-01 07:07:00', TZ)).toEqual(expected);
    expect(parseLocalDateTime('2026-07-01 7:07:59', TZ)).toEqual(expected);
    for (const bad of ['2026-07-01 7:7', '2026-07-01 07:07:60', '2026-07-01 07:07:', '2026-07-01 123:07'])
      expect(parseLocalDateTime(bad, TZ)).toBeNull();
  });

  it('weights CSV has dates and weights', () => {
    const parsed = parseCsv(weightsCsv(DATA.weights, 'UTC'));
    expect(parsed.ok && parsed.rows.map((r) => r.cells)).toEqual([
      ['Date', 'Weight (lbs)'],
      ['2026-11-12 15:30', '181.5'],
      ['2026-11-21 15:30', '180'],
    ]);
  });
});

describe('an entry logged by sets', () => {
  const sets = [
    { reps: 8, weight: 135 },
    { reps: 6, weight: 155 },
    { reps: 5, weight: 155 },
  ];
  const entry = {
    activityType: 'Bench Press',
    count: 19,
    time: 15,
    weightLifted: 155,
    sets,
    timestamp: NOW - DAY,
    calorieUnits: calorieUnits({ activityType: 'Bench Press', time: 15, weightLifted: 155 }),
  };
  const existing: ExistingData = { ...NOTHING, activities: [{ id: 'logged1', value: entry }] };

  it('exports its derived reps and weight lifted, not its sets; re-importing adds nothing', () => {
    const archive = buildArchive({ ...DATA, activities: [entry] }, NOW);
    expect(archive.activities).toEqual([
      { activityType: 'Bench Press', count: 19, time: 15, weightLifted: 155, timestamp: NOW - DAY },
    ]);
    const fromArchive = sourceOf(readImportFile(JSON.stringify(archive), { ...ctx, uid: 'u2' }));
    const plan = planImport(fromArchive, existing, {
      uid: 'u2',
      email: 'new@example.com',
      now: NOW,
      timeZone: TZ,
    });
    expect(plan.add.activities).toBe(0);
    expect(plan.alreadyThere.activities).toBe(1);

    for (const system of ['imperial', 'metric'] as const) {
      const csv = activitiesCsv([entry], 180, TZ, system);
      const fromCsv = sourceOf(readImportFile(csv, { ...ctx, uid: 'u2' }));
      const again = planImport(fromCsv, existing, {
        uid: 'u2',
        email: 'new@example.com',
        now: NOW,
        timeZone: TZ,
      });
      expect(again.add.activities, system).toBe(0);
      expect(again.alreadyThere.activities, system).toBe(1);
    }
  });
});
