/**
 * Validation of every form, with the spec's exact messages, and the limits stored documents share
 * (firestore.rules are generated from them; documents.ts is the server's zod check, kept apart so
 * the browser ships no zod). A form validator returns the document to write (only fields with
 * values: Firestore refuses undefined) or the first problem's message.
 */
import { type Activity, acceptsField, coversGround, findActivity } from './catalogue.ts';
import { distanceLimitIn, distanceUnit, fastestPaceText, metresFromTyped } from './distance.ts';
import { calorieUnits } from './formulas.ts';
import {
  type ActivityRecord,
  type DailyGoal,
  GENDERS,
  type Gender,
  GOAL_TYPES,
  type Post,
  type UserProfile,
  type WeightRecord,
} from './model.ts';
import { addDays, isCalendarDate, localDate } from './periods.ts';
import { type LiftSet, MAX_SETS, readSets, setsTotals, takesSets } from './sets.ts';
import { EARLIEST_ENTRY_TIME } from './source-dates.ts';
import { hasBidiControl, isBlank } from './text.ts';
import {
  implausibleMessage,
  liftedLimit,
  PLAUSIBLE,
  parseDecimal,
  type UnitSystem,
  unitLabel,
} from './units.ts';

export const MESSAGES = {
  timePositive: 'Time must be a positive number.',
  repsPositive: 'Reps must be a positive number if provided.',
  weightLiftedNonNegative: 'Weight lifted must be a non-negative number.',
  missingUser: 'User ID not found. Please try logging out and back in.',
  weightPositive: 'Weight must be a positive number.',
  targetWeightPositive: 'Target weight must be a positive number.',
  heightPositive: 'Height must be a positive number.',
  dobFuture: 'Date of birth cannot be in the future.',
  targetDatePast: 'Target date cannot be in the past.',
  displayNameRequired: 'Display Name is required.',
  goalTargetPositive: 'Target must be a positive number.',
  postEmpty: 'Post message cannot be empty.',
  postSignedOut: 'You must be logged in to post.',
  passwordsMismatch: 'Passwords do not match.',
  // Our own, for limits and shapes the spec leaves open:
  emailRequired: 'Email is required.',
  emailInvalid: 'Please enter a valid email address.',
  passwordRequired: 'Password is required.',
  unknownActivity: 'Unknown activity.',
  // The spec's sentence, then why a positive 1.5 is refused: minutes are whole (as the rules hold).
  timeWholeMinutes: 'Time must be a positive number. Enter whole minutes (no decimals).',
  distancePositive: 'Distance must be a positive number if provided.',
  tooManySets: `An entry holds at most ${MAX_SETS} sets.`,
  setsCountMismatch: "Reps must be the sum of the sets' reps.",
  setsLiftedMismatch: "Weight lifted must be the heaviest set's weight.",
  // Stored values (lbs, inches) outside the plausible ranges of units.ts; the browser and imports
  // name the person's own unit (parseBodyMeasure; the validators' `units`), the server these.
  weightImplausible: implausibleMessage('bodyWeight', 'imperial'),
  targetWeightImplausible: implausibleMessage('bodyWeight', 'imperial', 'Target weight'),
  heightImplausible: implausibleMessage('height', 'imperial'),
  dobInvalid: 'Date of birth must be a valid date.',
  dobTooOld: 'Date of birth cannot be more than 150 years ago.',
  targetDateInvalid: 'Target date must be a valid date.',
  timestampInvalid: 'Date must be a valid date.',
  timestampFuture: 'Date and time cannot be in the future.',
  timestampTooOld: 'Date cannot be more than 366 days in the past.',
  displayNameTooLong: 'Display Name cannot exceed 100 characters.',
  firstNameTooLong: 'First name cannot exceed 100 characters.',
  lastNameTooLong: 'Last name cannot exceed 100 characters.',
  phoneTooLong: 'Phone number cannot exceed 30 characters.',
  genderInvalid: 'Gender must be Male or Female.',
  goalTargetTooLarge: 'Target cannot exceed 9999999.',
  goalTypeInvalid: 'Goal type must be reps, minutes or calories.',
  postTooLong: 'Post message cannot exceed 500 characters.',
  tooManyActivityPrefs: 'You can select at most 200 activities.',
  displayNameBidi:
    'Display Name cannot contain text-direction control characters (U+202A-U+202E, U+2066-U+2069).',
  postBidi: 'Post message cannot contain text-direction control characters (U+202A-U+202E, U+2066-U+2069).',
  postUnverified: 'Verify your email address to post: only verified accounts can post.',
  verifyEmailToWrite:
    'Verify your email address first: only verified accounts log activities, weights and posts.',
  // Comments: a post's text rules, in a comment's words.
  commentEmpty: 'Comment cannot be empty.',
  commentSignedOut: 'You must be logged in to comment.',
  commentTooLong: 'Comment cannot exceed 500 characters.',
  commentBidi: 'Comment cannot contain text-direction control characters (U+202A-U+202E, U+2066-U+2069).',
  socialUnverified: 'Verify your email address to give kudos and comment: only verified accounts can.',
  socialNoName: 'Set your display name on the Account page to give kudos and comment.',
  followUnverified: 'Verify your email address to follow people: only verified accounts can.',
} as const;

const LIMIT_WORDING = {
  time: (max: number) => `Time cannot exceed ${max} minutes`,
  count: (max: number) => `Reps cannot exceed ${max} reps`,
} as const;

/** The per-entry ceiling of an activity's input (catalogue.ts, README "Limits"). */
export function activityLimit(activity: Activity, field: 'count' | 'time' | 'weightLifted'): number {
  return field === 'time'
    ? activity.limits.minutes
    : field === 'count'
      ? activity.limits.reps
      : activity.limits.weightLifted;
}

/**
 * 'Weight lifted cannot exceed 362 kg for Bench Press.': a load's limit in the person's unit, as the
 * log form words it (kg rounded down, `liftedLimit`; 800 lbs for an imperial person).
 */
export function liftedLimitMessage(name: string, limitLbs: number, system: UnitSystem = 'imperial'): string {
  return `Weight lifted cannot exceed ${liftedLimit(limitLbs, system)} ${unitLabel('weightLifted', system)} for ${name}.`;
}

/**
 * 'Reps cannot exceed 300 reps for Bench Press.': names the limit and its unit (a load's in
 * `system`, lbs by default).
 */
export function activityLimitMessage(
  activity: Activity,
  field: 'count' | 'time' | 'weightLifted',
  system: UnitSystem = 'imperial',
): string {
  if (field === 'weightLifted')
    return liftedLimitMessage(activity.name, activity.limits.weightLifted, system);
  return `${LIMIT_WORDING[field](activityLimit(activity, field))} for ${activity.name}.`;
}

/** 'Distance cannot exceed 100 km for Running.': the limit in the person's unit. */
export function distanceLimitMessage(activity: Activity, system: UnitSystem): string {
  const limit = activity.distance ? distanceLimitIn(activity.distance.metres, system) : 0;
  return `Distance cannot exceed ${limit} ${distanceUnit(system)} for ${activity.name}.`;
}

/** 'Pace cannot be faster than 2:14 /km for Running.': distance too far for the minutes. */
export function paceLimitMessage(activity: Activity, system: UnitSystem): string {
  const speed = activity.distance?.metresPerMinute ?? 0;
  return `Pace cannot be faster than ${fastestPaceText(speed, system)} for ${activity.name}.`;
}

/**
 * Why stored metres cannot go with an activity and its minutes, or null (the forms, the import and
 * documents.ts alike; firestore.rules hold the same): whole and positive, within the activity's
 * limit, and no faster than its top speed.
 */
export function distanceProblem(
  activity: Activity,
  metres: number,
  minutes: number | undefined,
  system: UnitSystem,
): string | null {
  if (!coversGround(activity)) return `${activity.name} does not take a distance.`;
  if (!Number.isInteger(metres) || metres <= 0) return MESSAGES.distancePositive;
  if (metres > activity.distance.metres) return distanceLimitMessage(activity, system);
  if (minutes !== undefined && metres > activity.distance.metresPerMinute * minutes)
    return paceLimitMessage(activity, system);
  return null;
}

/**
 * Calendar dates the server accepts at `now` (epoch ms), whatever the writer's time zone: a
 * `YYYY-MM-DD` is the writer's own calendar date, which is at most one day ahead of or behind UTC's
 * (zones run from UTC-12 to UTC+14). So a birth date may be up to tomorrow (UTC), a target date as
 * early as yesterday (UTC): one day of slack, and no honest user in any zone is refused.
 */
export function serverDateBounds(now: number): {
  latestBirthDate: string;
  earliestBirthDate: string;
  earliestTargetDate: string;
} {
  const today = localDate(now, 'UTC');
  return {
    latestBirthDate: addDays(today, 1),
    earliestBirthDate: addDays(today, -(LIMITS.maxAgeDays + 1)),
    earliestTargetDate: addDays(today, -1),
  };
}

/** Bounds of the other fields (activity inputs are bounded per activity: catalogue.ts). */
export const LIMITS = {
  /** Plausible body measures (units.ts PLAUSIBLE), in lbs and inches; 0 on a profile = unknown. */
  minBodyWeight: PLAUSIBLE.bodyWeight.min,
  maxBodyWeight: PLAUSIBLE.bodyWeight.max,
  minHeight: PLAUSIBLE.height.min,
  maxHeight: PLAUSIBLE.height.max,
  maxPostLength: 500,
  maxNameLength: 100,
  maxPhoneLength: 30,
  maxEmailLength: 254,
  /** Goal target: text of a positive integer of at most 7 digits. */
  maxGoalTarget: 9_999_999,
  /** How far a time written now may be from the server's now: the clock slack of every check. */
  timestampSkewMs: 300_000,
  /**
   * How far back an activity or weigh-in may be dated when logged or edited (366 days: a missed
   * workout or weigh-in is caught up within days, and a year still reaches "same day last year" in
   * a leap year). Older history comes in through an import (`importedAt`). Boards only count the
   * current day, week and month, so the limit is about plausible data, not leaderboards.
   */
  maxBackdateMs: 366 * 86_400_000,
  /**
   * The rules' floor for an imported entry's date: a day before 2000 UTC, so that 1 January 2000 in
   * every zone passes (imports refuse dates before 2000 in the importer's zone: archive.ts).
   */
  earliestImportTime: EARLIEST_ENTRY_TIME - 86_400_000,
  maxActivityPrefs: 200,
  /** Sets in one strength entry (sets.ts MAX_SETS; the rules check each one unrolled). */
  maxSets: MAX_SETS,
  /**
   * How far back a birth date may lie, in days (150 years of 365.25): a year typed short ('0198'
   * for 1998, which a date field takes as it is) gave an age of 1828 and a negative BMR.
   */
  maxAgeDays: 54_788,
} as const;

export type Validation<T> = { ok: true; value: T } | { ok: false; message: string; field?: string };

function fail(message: string, field?: string): { ok: false; message: string; field?: string } {
  return field === undefined ? { ok: false, message } : { ok: false, message, field };
}

// ---- form input parsing ----

const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/**
 * A form value as a number: undefined when left empty, NaN when not a plain decimal number.
 * (Plain decimals only: '1e3', '0x10', 'Infinity' are refused, as a person would expect.)
 */
export function parseNumberInput(input: string | number | undefined | null): number | undefined {
  if (input === undefined || input === null) return undefined;
  if (typeof input === 'number') return Number.isFinite(input) ? input : Number.NaN;
  const text = input.trim();
  if (text === '') return undefined;
  return NUMBER_TEXT.test(text) ? Number(text) : Number.NaN;
}

/** A weight or height as typed: like parseNumberInput, with ',' also read as the decimal separator. */
function parseMeasureInput(input: string | number | undefined | null): number | undefined {
  if (input === undefined || input === null) return undefined;
  if (typeof input === 'string' && input.trim() === '') return undefined;
  const n = parseDecimal(input);
  return Number.isFinite(n) ? n : Number.NaN;
}

function isSafeTimestamp(t: unknown): t is number {
  return typeof t === 'number' && Number.isSafeInteger(t) && t >= 0;
}

/**
 * Why an entry's chosen date and time cannot be saved at `now` (browser forms; the server checks
 * the same bounds with clock slack: documents.ts), or null: never in the future, at most
 * LIMITS.maxBackdateMs back.
 */
export function entryTimeProblem(timestamp: number, now: number): string | null {
  if (!isSafeTimestamp(timestamp)) return MESSAGES.timestampInvalid;
  if (timestamp > now) return MESSAGES.timestampFuture;
  if (timestamp < now - LIMITS.maxBackdateMs) return MESSAGES.timestampTooOld;
  return null;
}

// ---- forms ----

export function validateActivityForm(input: {
  userId?: string | null;
  activityType: string;
  count?: string | number;
  time?: string | number;
  weightLifted?: string | number;
  /** Typed in the person's unit: km (metric, the default) or miles (imperial). */
  distance?: string | number;
  distanceUnits?: UnitSystem;
  /** The stored metres, when the distance is not typed (an edit that left it as shown, an archive). */
  distanceMetres?: number;
  /**
   * The person's unit system, which a load's limit is named in (lbs by default). Loads are lbs
   * whatever it is: only the message changes.
   */
  units?: UnitSystem;
  timestamp: number;
  /** Given when the person chose the time: it is then checked against now (`entryTimeProblem`). */
  now?: number;
  /**
   * Sets (loads in lbs) of an activity that takes them: when any are given, reps and weight
   * lifted are derived from them and the typed ones are ignored.
   */
  sets?: readonly SetInput[];
}): Validation<ActivityRecord> {
  if (!input.userId) return fail(MESSAGES.missingUser, 'userId');
  const activity = findActivity(input.activityType);
  if (!activity) return fail(MESSAGES.unknownActivity, 'activityType');
  if (!isSafeTimestamp(input.timestamp)) return fail(MESSAGES.timestampInvalid, 'timestamp');
  const timeProblem = input.now === undefined ? null : entryTimeProblem(input.timestamp, input.now);
  if (timeProblem) return fail(timeProblem, 'timestamp');
  const record: ActivityRecord = { activityType: activity.name, timestamp: input.timestamp, calorieUnits: 0 };

  const sets = input.sets && input.sets.length > 0 ? input.sets : undefined;
  if (sets && !takesSets(activity)) return fail(`${activity.name} does not take sets.`, 'sets');
  if (acceptsField(activity, 'time')) {
    const time = parseNumberInput(input.time);
    if (time === undefined || Number.isNaN(time) || time <= 0) return fail(MESSAGES.timePositive, 'time');
    if (!Number.isInteger(time)) return fail(MESSAGES.timeWholeMinutes, 'time');
    if (time > activity.limits.minutes) return fail(activityLimitMessage(activity, 'time'), 'time');
    record.time = time;
  }
  if (sets) {
    const checked = setsOf(activity, sets);
    if (!checked.ok) return checked;
    const totals = setsTotals(checked.value);
    record.sets = checked.value;
    record.count = totals.count;
    record.weightLifted = totals.weightLifted;
  } else if (acceptsField(activity, 'count')) {
    const count = parseNumberInput(input.count);
    if (count !== undefined) {
      if (!Number.isInteger(count) || count <= 0) return fail(MESSAGES.repsPositive, 'count');
      if (count > activity.limits.reps) return fail(activityLimitMessage(activity, 'count'), 'count');
      record.count = count;
    }
  }
  if (!sets && acceptsField(activity, 'weightLifted')) {
    const lifted = parseMeasureInput(input.weightLifted);
    if (lifted !== undefined) {
      if (Number.isNaN(lifted) || lifted < 0) return fail(MESSAGES.weightLiftedNonNegative, 'weightLifted');
      if (lifted > activity.limits.weightLifted)
        return fail(activityLimitMessage(activity, 'weightLifted', input.units), 'weightLifted');
      record.weightLifted = lifted;
    }
  }
  if (coversGround(activity)) {
    const problem = distanceOf(activity, input, record);
    if (problem) return fail(problem, 'distance');
  }
  record.calorieUnits = calorieUnits(record);
  return { ok: true, value: orderedRecord(record) };
}

/** One set as a form holds it: reps and load (lbs) as typed, or numbers. */
export interface SetInput {
  reps: string | number;
  weight: string | number;
}

/** 'Set 2: ...': which set a message is about (numbered from 1, as the form shows them). */
export function setMessage(index: number, message: string): string {
  return `Set ${index + 1}: ${message}`;
}

/**
 * The sets typed for an activity that takes them (loads in lbs), or the first problem with the
 * field of the input it is about (`set-<index>-reps` or `-weight`; `sets` for the whole).
 */
export function setsOf(activity: Activity, sets: readonly SetInput[]): Validation<LiftSet[]> {
  if (sets.length > MAX_SETS) return fail(MESSAGES.tooManySets, 'sets');
  const out: LiftSet[] = [];
  for (const [i, s] of sets.entries()) {
    const reps = parseNumberInput(s.reps);
    const weight = parseMeasureInput(s.weight);
    if (reps === undefined && weight === undefined)
      return fail(`Set ${i + 1} is empty: enter its reps and weight, or remove it.`, `set-${i}-reps`);
    if (reps === undefined || !Number.isInteger(reps) || reps <= 0)
      return fail(setMessage(i, 'Reps must be a positive whole number.'), `set-${i}-reps`);
    if (weight === undefined || Number.isNaN(weight) || weight < 0)
      return fail(setMessage(i, MESSAGES.weightLiftedNonNegative), `set-${i}-weight`);
    if (weight > activity.limits.weightLifted)
      return fail(setMessage(i, activityLimitMessage(activity, 'weightLifted')), `set-${i}-weight`);
    out.push({ reps, weight });
  }
  if (setsTotals(out).count > activity.limits.reps)
    return fail(
      `The sets add up to more reps than allowed. ${activityLimitMessage(activity, 'count')}`,
      'sets',
    );
  return { ok: true, value: out };
}

/**
 * Why stored sets cannot go with an entry (documents.ts, imports; firestore.rules hold the same),
 * or null: an activity that takes them, at most MAX_SETS valid sets, reps their sum and weight
 * lifted their heaviest.
 */
export function storedSetsProblem(
  activity: Activity,
  doc: { sets?: unknown; count?: unknown; weightLifted?: unknown },
): string | null {
  if (!takesSets(activity)) return `${activity.name} does not take sets.`;
  const sets = readSets(doc.sets);
  if (!sets) return 'Sets must be a list of sets, each with reps and weight.';
  const checked = setsOf(activity, sets);
  if (!checked.ok) return checked.message;
  const totals = setsTotals(checked.value);
  if (doc.count !== totals.count) return MESSAGES.setsCountMismatch;
  if (doc.weightLifted !== totals.weightLifted) return MESSAGES.setsLiftedMismatch;
  return null;
}

/** Sets `record.distance` from the form's distance (typed, or stored metres), or says what is wrong. */
function distanceOf(
  activity: Activity & { distance: NonNullable<Activity['distance']> },
  input: { distance?: string | number; distanceUnits?: UnitSystem; distanceMetres?: number },
  record: ActivityRecord,
): string | null {
  const system = input.distanceUnits ?? 'metric';
  let metres = input.distanceMetres;
  if (metres === undefined) {
    const typed = parseMeasureInput(input.distance);
    if (typed === undefined) return null;
    if (Number.isNaN(typed) || typed <= 0) return MESSAGES.distancePositive;
    metres = metresFromTyped(typed, system);
    // Compared in the person's unit first, as the message states the limit; miles round it down,
    // so a value past it that is still within the limit in metres (a stored distance exported in
    // miles, imported back) is taken.
    if (typed > distanceLimitIn(activity.distance.metres, system) && metres > activity.distance.metres)
      return distanceLimitMessage(activity, system);
  }
  const problem = distanceProblem(activity, metres, record.time, system);
  if (problem) return problem;
  record.distance = metres;
  return null;
}

/** Stable key order (display and snapshot friendliness only). */
function orderedRecord(r: ActivityRecord): ActivityRecord {
  const out: ActivityRecord = {
    activityType: r.activityType,
    timestamp: r.timestamp,
    calorieUnits: r.calorieUnits,
  };
  if (r.count !== undefined) out.count = r.count;
  if (r.time !== undefined) out.time = r.time;
  if (r.weightLifted !== undefined) out.weightLifted = r.weightLifted;
  if (r.sets !== undefined) out.sets = r.sets;
  if (r.distance !== undefined) out.distance = r.distance;
  return out;
}

export function validateWeightForm(input: {
  weight: string | number;
  timestamp: number;
  /** Given when the person chose the time: it is then checked against now (`entryTimeProblem`). */
  now?: number;
  /** The person's unit system, which the plausible range is named in (lbs by default; `weight` is lbs). */
  units?: UnitSystem;
}): Validation<WeightRecord> {
  const weight = parseMeasureInput(input.weight);
  if (weight === undefined || Number.isNaN(weight) || weight <= 0)
    return fail(MESSAGES.weightPositive, 'weight');
  if (weight < LIMITS.minBodyWeight || weight > LIMITS.maxBodyWeight)
    return fail(implausibleMessage('bodyWeight', input.units ?? 'imperial'), 'weight');
  if (!isSafeTimestamp(input.timestamp)) return fail(MESSAGES.timestampInvalid, 'timestamp');
  const timeProblem = input.now === undefined ? null : entryTimeProblem(input.timestamp, input.now);
  if (timeProblem) return fail(timeProblem, 'timestamp');
  return { ok: true, value: { weight, timestamp: input.timestamp } };
}

/** One profile field's check: the value to store (absent: not part of this form) or its problem. */
type FieldCheck<T> = { value?: T; message?: string };

/**
 * A measure typed in a profile form (lbs or inches): undefined = not part of this form, '' =
 * cleared (stored as 0, which means unknown), otherwise a positive number in its plausible range.
 */
function profileMeasure(
  input: string | number | undefined,
  range: { min: number; max: number },
  positive: string,
  implausible: string,
): FieldCheck<number> {
  if (input === undefined) return {};
  const n = parseMeasureInput(input);
  if (n === undefined) return { value: 0 };
  if (Number.isNaN(n) || n <= 0) return { message: positive };
  if (n < range.min || n > range.max) return { message: implausible };
  return { value: n };
}

function height(input: string | number | undefined, units: UnitSystem): FieldCheck<number> {
  return profileMeasure(
    input,
    PLAUSIBLE.height,
    MESSAGES.heightPositive,
    implausibleMessage('height', units),
  );
}

/** A calendar date typed in a profile form: '' = cleared; `problem` says why `text` cannot be stored. */
function profileDate(
  input: string | undefined,
  invalid: string,
  problem: (text: string) => string | null,
): FieldCheck<string> {
  if (input === undefined) return {};
  const text = input.trim();
  if (text === '') return { value: '' };
  if (!isCalendarDate(text)) return { message: invalid };
  const message = problem(text);
  return message ? { message } : { value: text };
}

function birthDate(input: string | undefined, today: string): FieldCheck<string> {
  return profileDate(input, MESSAGES.dobInvalid, (text) => {
    if (text > today) return MESSAGES.dobFuture;
    const oldest = isCalendarDate(today) ? addDays(today, -LIMITS.maxAgeDays) : '';
    return text < oldest ? MESSAGES.dobTooOld : null;
  });
}

function boundedText(input: string | undefined, max: number, message: string): FieldCheck<string> {
  if (input === undefined) return {};
  const text = input.trim();
  return text.length > max ? { message } : { value: text };
}

/**
 * The profile form's result from its field checks, in the order given: the first problem, or every
 * value that is part of the form added to `out`.
 */
function profileFrom(
  out: Partial<UserProfile>,
  checks: { [K in keyof UserProfile]?: FieldCheck<UserProfile[K]> },
): Validation<Partial<UserProfile>> {
  for (const [field, check] of Object.entries(checks) as [keyof UserProfile, FieldCheck<unknown>][]) {
    if (check.message) return fail(check.message, field);
    if (check.value !== undefined) Object.assign(out, { [field]: check.value });
  }
  return { ok: true, value: out };
}

/**
 * Target weight / date (and height, date of birth when the form shows them); `today` is the viewer's
 * date. Measures are lbs and inches; `units` only names the plausible ranges (imperial by default).
 */
export function validateDashboardProfile(
  input: {
    targetWeight?: string | number;
    targetDate?: string;
    height?: string | number;
    dateOfBirth?: string;
  },
  today: string,
  units: UnitSystem = 'imperial',
): Validation<Partial<UserProfile>> {
  return profileFrom(
    {},
    {
      targetWeight: profileMeasure(
        input.targetWeight,
        PLAUSIBLE.bodyWeight,
        MESSAGES.targetWeightPositive,
        implausibleMessage('bodyWeight', units, 'Target weight'),
      ),
      targetDate: profileDate(input.targetDate, MESSAGES.targetDateInvalid, (text) =>
        text < today ? MESSAGES.targetDatePast : null,
      ),
      height: height(input.height, units),
      dateOfBirth: birthDate(input.dateOfBirth, today),
    },
  );
}

/** The account form; `units` names the height's plausible range (imperial by default), as above. */
export function validateAccountProfile(
  input: {
    displayName: string;
    firstName?: string;
    lastName?: string;
    phoneNumber?: string;
    gender?: string;
    dateOfBirth?: string;
    height?: string | number;
    hideExerciseInfo?: boolean;
  },
  today: string,
  units: UnitSystem = 'imperial',
): Validation<Partial<UserProfile>> {
  const displayName = (input.displayName ?? '').trim();
  if (isBlank(displayName)) return fail(MESSAGES.displayNameRequired, 'displayName');
  if (displayName.length > LIMITS.maxNameLength) return fail(MESSAGES.displayNameTooLong, 'displayName');
  if (hasBidiControl(displayName)) return fail(MESSAGES.displayNameBidi, 'displayName');
  const gender: FieldCheck<Gender> =
    input.gender === undefined || input.gender === ''
      ? {}
      : (GENDERS as readonly string[]).includes(input.gender)
        ? { value: input.gender as Gender }
        : { message: MESSAGES.genderInvalid };
  return profileFrom(
    { displayName },
    {
      firstName: boundedText(input.firstName, LIMITS.maxNameLength, MESSAGES.firstNameTooLong),
      lastName: boundedText(input.lastName, LIMITS.maxNameLength, MESSAGES.lastNameTooLong),
      phoneNumber: boundedText(input.phoneNumber, LIMITS.maxPhoneLength, MESSAGES.phoneTooLong),
      gender,
      dateOfBirth: birthDate(input.dateOfBirth, today),
      height: height(input.height, units),
      hideExerciseInfo:
        input.hideExerciseInfo === undefined ? {} : { value: input.hideExerciseInfo === true },
    },
  );
}

export function validateGoalForm(input: { target: string | number; type: string }): Validation<DailyGoal> {
  const n = parseNumberInput(input.target);
  if (n === undefined || !Number.isInteger(n) || n <= 0) return fail(MESSAGES.goalTargetPositive, 'target');
  if (n > LIMITS.maxGoalTarget) return fail(MESSAGES.goalTargetTooLarge, 'target');
  if (!(GOAL_TYPES as readonly string[]).includes(input.type)) return fail(MESSAGES.goalTypeInvalid, 'type');
  return { ok: true, value: { target: String(n), type: input.type as DailyGoal['type'] } };
}

export function validatePostForm(input: {
  message: string;
  userId?: string | null;
  timestamp: number;
}): Validation<Post> {
  if (!input.userId) return fail(MESSAGES.postSignedOut, 'userId');
  const message = (input.message ?? '').trim();
  if (isBlank(message)) return fail(MESSAGES.postEmpty, 'message');
  if (message.length > LIMITS.maxPostLength) return fail(MESSAGES.postTooLong, 'message');
  if (hasBidiControl(message)) return fail(MESSAGES.postBidi, 'message');
  if (!isSafeTimestamp(input.timestamp)) return fail(MESSAGES.timestampInvalid, 'timestamp');
  return { ok: true, value: { message, timestamp: input.timestamp } };
}

/** A comment on a post or an activity: the post's rules (validatePostForm), its own messages. */
export function validateCommentForm(input: {
  message: string;
  userId?: string | null;
  timestamp: number;
}): Validation<{ message: string; timestamp: number }> {
  if (!input.userId) return fail(MESSAGES.commentSignedOut, 'userId');
  const checked = validatePostForm({ ...input, userId: input.userId });
  if (checked.ok) return checked;
  const own: Record<string, string> = {
    [MESSAGES.postEmpty]: MESSAGES.commentEmpty,
    [MESSAGES.postTooLong]: MESSAGES.commentTooLong,
    [MESSAGES.postBidi]: MESSAGES.commentBidi,
  };
  return fail(own[checked.message] ?? checked.message, checked.field);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An email typed into a sign-in form: trimmed, required, and shaped like an address. */
export function validateEmail(input: string): Validation<string> {
  const email = (input ?? '').trim();
  if (email === '') return fail(MESSAGES.emailRequired, 'email');
  if (!EMAIL.test(email) || email.length > LIMITS.maxEmailLength) return fail(MESSAGES.emailInvalid, 'email');
  return { ok: true, value: email };
}

/**
 * A new password and its confirmation: the rules of sign-up and of the password reset alike (the
 * auth service's own policy, such as its minimum length, is checked by the service).
 */
export function validateNewPassword(input: {
  password: string;
  confirmPassword: string;
}): Validation<string> {
  if (!input.password) return fail(MESSAGES.passwordRequired, 'password');
  if (input.password !== input.confirmPassword) return fail(MESSAGES.passwordsMismatch, 'confirmPassword');
  return { ok: true, value: input.password };
}

export function validateSignUp(input: {
  email: string;
  password: string;
  confirmPassword: string;
}): Validation<{ email: string; password: string }> {
  const email = validateEmail(input.email);
  if (!email.ok) return email;
  const password = validateNewPassword(input);
  if (!password.ok) return password;
  return { ok: true, value: { email: email.value, password: password.value } };
}
