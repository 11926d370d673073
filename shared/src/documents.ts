/**
 * Stored documents, as firestore.rules check them: one zod schema per source collection and
 * `validateDocument`, which the tests hold the app's writes to (the rules themselves are held to the
 * access contract, functions/test). Apart from the form validators (validation.ts) so that the
 * browser, which validates forms only, ships no zod.
 */
import { z } from 'zod';
import { ACTIVITY_NAMES, acceptsField, findActivity } from './catalogue.ts';
import { calorieUnits } from './formulas.ts';
import {
  type ActivityRecord,
  type DailyGoal,
  GENDERS,
  GOAL_TYPES,
  type Post,
  type UserProfile,
  type WeightRecord,
} from './model.ts';
import { isCalendarDate } from './periods.ts';
import { hasBidiControl, isBlank } from './text.ts';
import { UNIT_SYSTEMS } from './units.ts';
import {
  activityLimit,
  activityLimitMessage,
  distanceProblem,
  LIMITS,
  MESSAGES,
  serverDateBounds,
  storedSetsProblem,
  type Validation,
} from './validation.ts';

function fail(message: string, field?: string): { ok: false; message: string; field?: string } {
  return field === undefined ? { ok: false, message } : { ok: false, message, field };
}

export type SourceCollection = 'user' | 'reps' | 'weightRecords' | 'posts' | 'activityPreferences' | 'goal';

/** The shape of an IANA time zone name, as the rules check it (firestore.rules: validProfile). */
export const TIME_ZONE_PATTERN = /^[A-Za-z0-9_+/-]{1,64}$/;

const positiveInt = z.number().int().positive();
/** A string of at most `max` UTF-16 code units, as Firestore and the rules' size() count. */
const text = (max: number) =>
  z.string().refine((s) => s.length <= max, `must be at most ${max} characters (UTF-16 code units)`);
const timestamp = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
/** A calendar date's type; that it is a date that exists (no Feb 30) is checked with the form's message (checkProfileForm). */
const calendarDateOrEmpty = z.string();
/** A body measure's shape; its plausible range is checked when written (checkProfileForm). */
const bodyMeasure = z.number().min(0);
const activityName = z.string().refine((s) => ACTIVITY_NAMES.includes(s), 'is not a catalogue activity');

const DOCUMENT_SCHEMAS: Record<SourceCollection, z.ZodType<Record<string, unknown>>> = {
  user: z
    .strictObject({
      userId: z.string().min(1),
      email: text(LIMITS.maxEmailLength),
      createdAt: timestamp,
      displayName: text(LIMITS.maxNameLength),
      firstName: text(LIMITS.maxNameLength),
      lastName: text(LIMITS.maxNameLength),
      phoneNumber: text(LIMITS.maxPhoneLength),
      gender: z.enum(GENDERS),
      dateOfBirth: calendarDateOrEmpty,
      height: bodyMeasure,
      currentWeight: bodyMeasure,
      targetWeight: bodyMeasure,
      targetDate: calendarDateOrEmpty,
      hideExerciseInfo: z.boolean(),
      // Checked by shape only (rules cannot ask Intl): the progress reaction treats an unknown zone as UTC.
      timeZone: z.string().regex(TIME_ZONE_PATTERN),
      unitSystem: z.enum(UNIT_SYSTEMS),
    } satisfies Record<keyof UserProfile, z.ZodType>)
    .partial(),
  reps: z.strictObject({
    activityType: activityName,
    count: positiveInt.optional(),
    time: positiveInt.optional(),
    weightLifted: z.number().min(0).optional(),
    sets: z
      .array(z.strictObject({ reps: positiveInt, weight: z.number().min(0) }))
      .min(1)
      .max(LIMITS.maxSets)
      .optional(),
    distance: positiveInt.optional(),
    timestamp,
    calorieUnits: z.number().int().nonnegative(),
    importedAt: timestamp.optional(),
    loggedAt: timestamp.optional(),
  } satisfies Record<keyof ActivityRecord, z.ZodType>),
  weightRecords: z.strictObject({
    weight: z.number().min(LIMITS.minBodyWeight).max(LIMITS.maxBodyWeight),
    timestamp,
    importedAt: timestamp.optional(),
    loggedAt: timestamp.optional(),
  } satisfies Record<keyof WeightRecord, z.ZodType>),
  posts: z.strictObject({
    message: text(LIMITS.maxPostLength),
    timestamp,
    importedAt: timestamp.optional(),
  } satisfies Record<keyof Post, z.ZodType>),
  activityPreferences: z.strictObject({
    activities: z.array(activityName).max(LIMITS.maxActivityPrefs),
  }),
  goal: z.strictObject({
    target: z.string().regex(/^[1-9]\d{0,6}$/, 'must be the text of a positive integer of at most 7 digits'),
    type: z.enum(GOAL_TYPES),
  } satisfies Record<keyof DailyGoal, z.ZodType>),
};

/** Time fields that say when the write happened: near the server's time whenever set or changed. */
const WRITE_TIME_FIELDS: Record<SourceCollection, readonly string[]> = {
  user: ['createdAt'],
  reps: ['importedAt'],
  weightRecords: ['importedAt'],
  posts: ['importedAt'],
  activityPreferences: [],
  goal: [],
};

/**
 * Entries whose `timestamp` is when the training or weigh-in happened, which the user may date
 * back: up to LIMITS.maxBackdateMs before the server's time, on create and on edit,
 * never ahead of it. A post's timestamp is the time it was written.
 */
const DATED_ENTRIES: ReadonlySet<SourceCollection> = new Set(['reps', 'weightRecords']);

/**
 * An imported entry (restored from an export, or a CSV of past training) carries `importedAt`, the
 * time of its import, which must be near the server's time like any time written now; its
 * `timestamp` may then lie anywhere back to 2000 (never ahead of the server's time). Boards are
 * capped per day (reactions/caps.ts), so a past date adds nothing beyond a day's worth to them.
 */
export const IMPORTED_AT = 'importedAt';

/**
 * When an entry dated in the past was logged on the device: set once, never ahead of the server's
 * time, at most LIMITS.maxBackdateMs behind it, not within 5 minutes like other write times, since
 * an entry logged offline may reach the server hours later. It grants nothing (`timestamp` has its
 * own window); an entry logged "now" may leave it out.
 */
export const LOGGED_AT = 'loggedAt';

const IMMUTABLE_USER_FIELDS = ['userId', 'email', 'createdAt'] as const;

const MEASURE_RANGES = [
  ['height', { min: LIMITS.minHeight, max: LIMITS.maxHeight }, MESSAGES.heightImplausible],
  ['currentWeight', { min: LIMITS.minBodyWeight, max: LIMITS.maxBodyWeight }, MESSAGES.weightImplausible],
  [
    'targetWeight',
    { min: LIMITS.minBodyWeight, max: LIMITS.maxBodyWeight },
    MESSAGES.targetWeightImplausible,
  ],
] as const;

function describeIssue(issue: z.core.$ZodIssue): { message: string; field?: string } {
  const field = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys')
    return { message: `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}.` };
  return field
    ? { message: `Invalid ${field}: ${issue.message}.`, field }
    : { message: `Invalid document: ${issue.message}.` };
}

const PROFILE_DATES = [
  ['dateOfBirth', MESSAGES.dobInvalid],
  ['targetDate', MESSAGES.targetDateInvalid],
] as const;

/**
 * The spec's profile form rules, on the fields this write changes (a value stored earlier, such as
 * a target date that has since passed, never blocks saving something else). The display name may
 * stay '' (sign-up and Google sign-in store it so until the user picks one) but, once set, never
 * goes back to blank.
 */
function checkProfileForm(
  doc: Record<string, unknown>,
  ctx: { now: number; before: Record<string, unknown> | null },
): { ok: false; message: string; field?: string } | null {
  // Every date of the document (as the rules' optDate) is '' or one that exists: no 2026-02-30.
  for (const [field, message] of PROFILE_DATES) {
    const date = doc[field];
    if (typeof date === 'string' && date !== '' && !isCalendarDate(date)) return fail(message, field);
  }
  const changed = (field: string) => doc[field] !== undefined && doc[field] !== ctx.before?.[field];
  const bounds = serverDateBounds(ctx.now);
  if (changed('displayName')) {
    const name = doc.displayName as string;
    const wasSet = typeof ctx.before?.displayName === 'string' && ctx.before.displayName !== '';
    if (isBlank(name) && (name !== '' || wasSet)) return fail(MESSAGES.displayNameRequired, 'displayName');
    if (hasBidiControl(name)) return fail(MESSAGES.displayNameBidi, 'displayName');
  }
  const birth = doc.dateOfBirth as string;
  if (changed('dateOfBirth') && birth > bounds.latestBirthDate)
    return fail(MESSAGES.dobFuture, 'dateOfBirth');
  if (changed('dateOfBirth') && birth !== '' && birth < bounds.earliestBirthDate)
    return fail(MESSAGES.dobTooOld, 'dateOfBirth');
  const target = doc.targetDate as string;
  if (changed('targetDate') && target !== '' && target < bounds.earliestTargetDate)
    return fail(MESSAGES.targetDatePast, 'targetDate');
  // Body measures written now: 0 (unknown) or plausible (units.ts PLAUSIBLE, in lbs and inches). A
  // value stored before these ranges (height 1.8) does not block saving another field.
  for (const [field, range, message] of MEASURE_RANGES) {
    const v = doc[field] as number;
    if (changed(field) && v !== 0 && (v < range.min || v > range.max)) return fail(message, field);
  }
  return null;
}

/**
 * Validates a whole document as it would be after the write: allowed keys only, types, integers,
 * per-activity limits, catalogue names, exact calorieUnits, the spec's form rules (non-blank
 * display name and post, no bidi controls in them, birth date neither in the future nor over 150
 * years back, target date not in the past: `serverDateBounds`), times as `checkTimes` says,
 * immutable userId/email/createdAt on update (compared with `before`), userId equal to the path uid.
 */
export function validateDocument(
  kind: SourceCollection,
  after: Record<string, unknown>,
  ctx: { uid: string; now: number; before: Record<string, unknown> | null },
): Validation<Record<string, unknown>> {
  const schema = DOCUMENT_SCHEMAS[kind];
  if (!schema) return fail(`Unknown collection: ${String(kind)}.`);
  const parsed = schema.safeParse(after);
  if (!parsed.success) {
    const issue = parsed.error.issues[0] as z.core.$ZodIssue;
    const { message, field } = describeIssue(issue);
    return fail(message, field);
  }
  const doc = after;

  if (kind === 'reps') {
    const activity = findActivity(doc.activityType as string);
    if (!activity) return fail(MESSAGES.unknownActivity, 'activityType');
    for (const field of ['count', 'time', 'weightLifted'] as const) {
      if (doc[field] !== undefined && !acceptsField(activity, field))
        return fail(`${activity.name} does not take ${field}.`, field);
    }
    if (acceptsField(activity, 'time') && doc.time === undefined) return fail(MESSAGES.timePositive, 'time');
    for (const field of ['count', 'time', 'weightLifted'] as const) {
      const value = doc[field];
      if (typeof value === 'number' && value > activityLimit(activity, field))
        return fail(activityLimitMessage(activity, field), field);
    }
    if (doc.sets !== undefined) {
      const problem = storedSetsProblem(activity, doc);
      if (problem) return fail(problem, 'sets');
    }
    if (typeof doc.distance === 'number') {
      // Stored metres; the message names km (the server knows no person's units).
      const problem = distanceProblem(activity, doc.distance, doc.time as number | undefined, 'metric');
      if (problem) return fail(problem, 'distance');
    }
    const expected = calorieUnits(doc as unknown as ActivityRecord);
    if (doc.calorieUnits !== expected)
      return fail(
        `Invalid calorieUnits: expected ${expected}, got ${String(doc.calorieUnits)}.`,
        'calorieUnits',
      );
  }

  if (kind === 'user') {
    if (doc.userId !== undefined && doc.userId !== ctx.uid)
      return fail('Invalid userId: it must be the id of the signed-in user.', 'userId');
    for (const field of IMMUTABLE_USER_FIELDS) {
      const was = ctx.before?.[field];
      if (was !== undefined && doc[field] !== was) return fail(`${field} cannot be changed.`, field);
    }
    const profileProblem = checkProfileForm(doc, ctx);
    if (profileProblem) return profileProblem;
  }

  if (kind === 'posts') {
    const message = doc.message as string;
    if (isBlank(message)) return fail(MESSAGES.postEmpty, 'message');
    if (hasBidiControl(message)) return fail(MESSAGES.postBidi, 'message');
  }

  const timeProblem = checkTimes(kind, doc, ctx);
  if (timeProblem) return timeProblem;
  return { ok: true, value: doc };
}

/**
 * The time fields, checked only where the write sets or changes them (an unchanged stored time
 * never blocks an edit): write times within the skew of now; a dated entry's `timestamp` not
 * ahead of now and at most LIMITS.maxBackdateMs behind it (an import: back to 2000), and behind the
 * skew on create only beside a `loggedAt`; other timestamps (posts) near now on create.
 */
function checkTimes(
  kind: SourceCollection,
  doc: Record<string, unknown>,
  ctx: { now: number; before: Record<string, unknown> | null },
): { ok: false; message: string; field?: string } | null {
  const skew = LIMITS.timestampSkewMs;
  const set = (field: string): number | null => {
    const t = doc[field];
    if (typeof t !== 'number') return null;
    return ctx.before !== null && ctx.before[field] === t ? null : t;
  };
  for (const field of WRITE_TIME_FIELDS[kind]) {
    const t = set(field);
    if (t === null) continue;
    const onCreate = ctx.before === null || ctx.before[field] === undefined;
    // createdAt is immutable (checked above); a write time may never be far ahead, nor far behind when first set.
    if (t > ctx.now + skew || ((onCreate || kind !== 'user') && t < ctx.now - skew))
      return fail(`Invalid ${field}: it must be within 5 minutes of the server's time.`, field);
  }
  if (DATED_ENTRIES.has(kind)) {
    const problem = checkLoggedAt(doc, ctx);
    if (problem) return problem;
  }
  const t = set('timestamp');
  if (t === null || !TIME_FIELDS_WITH_TIMESTAMP.has(kind)) return null;
  if (t > ctx.now + skew) return fail(`Invalid timestamp: ${MESSAGES.timestampFuture}`, 'timestamp');
  if (typeof doc[IMPORTED_AT] === 'number') {
    // As the rules: a post's date is checked when first set, a dated entry's whenever it changes.
    const checked = DATED_ENTRIES.has(kind) || ctx.before?.timestamp === undefined;
    return checked && t < LIMITS.earliestImportTime
      ? fail('Invalid timestamp: an imported entry cannot be dated before 2000.', 'timestamp')
      : null;
  }
  if (DATED_ENTRIES.has(kind)) {
    if (t < ctx.now - LIMITS.maxBackdateMs)
      return fail(`Invalid timestamp: ${MESSAGES.timestampTooOld}`, 'timestamp');
    if (ctx.before === null && t < ctx.now - skew && typeof doc[LOGGED_AT] !== 'number')
      return fail(
        `Invalid timestamp: a past time is logged with ${LOGGED_AT}, the time of the write.`,
        'timestamp',
      );
    return null;
  }
  if (ctx.before === null && t < ctx.now - skew)
    return fail(`Invalid timestamp: it must be within 5 minutes of the server's time.`, 'timestamp');
  return null;
}

/** `loggedAt` of a dated entry (see LOGGED_AT): set once, in [now - maxBackdate, now + skew]. */
function checkLoggedAt(
  doc: Record<string, unknown>,
  ctx: { now: number; before: Record<string, unknown> | null },
): { ok: false; message: string; field?: string } | null {
  const stored = ctx.before?.[LOGGED_AT];
  const t = doc[LOGGED_AT];
  if (stored !== undefined)
    return t === stored
      ? null
      : fail(`Invalid ${LOGGED_AT}: it is set once, when the entry is logged.`, LOGGED_AT);
  if (t === undefined) return null;
  if (typeof t !== 'number' || t > ctx.now + LIMITS.timestampSkewMs || t < ctx.now - LIMITS.maxBackdateMs)
    return fail(
      `Invalid ${LOGGED_AT}: when the entry was logged, never ahead of the server's time nor more than 366 days behind it.`,
      LOGGED_AT,
    );
  return null;
}

const TIME_FIELDS_WITH_TIMESTAMP: ReadonlySet<SourceCollection> = new Set(['reps', 'weightRecords', 'posts']);
