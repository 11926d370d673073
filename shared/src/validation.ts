/**
 * Validation for every form and every stored document, with the spec's exact messages
 * (sections 5 and 8). One module for the browser (form validators), the Cloud Functions and the
 * local backend (validateDocument), and the model the firestore.rules mirror.
 *
 * Form validators take what a form holds (strings or numbers) and return either the document to
 * write (only fields with values; Firestore refuses undefined) or the first problem's message.
 */
import { z } from 'zod';
import { ACTIVITY_NAMES, type Activity, acceptsField, findActivity } from './catalogue.ts';
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
import { hasBidiControl, isBlank } from './text.ts';

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
  weightTooHeavy: 'Weight cannot exceed 1500 lbs.',
  targetWeightTooHeavy: 'Target weight cannot exceed 1500 lbs.',
  heightTooTall: 'Height cannot exceed 120 inches.',
  dobInvalid: 'Date of birth must be a valid date.',
  targetDateInvalid: 'Target date must be a valid date.',
  timestampInvalid: 'Date must be a valid date.',
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
} as const;

const LIMIT_WORDING = {
  time: (max: number) => `Time cannot exceed ${max} minutes`,
  count: (max: number) => `Reps cannot exceed ${max} reps`,
  weightLifted: (max: number) => `Weight lifted cannot exceed ${max} lbs`,
} as const;

/** The per-entry ceiling of an activity's input (catalogue.ts, README "Limits"). */
export function activityLimit(activity: Activity, field: 'count' | 'time' | 'weightLifted'): number {
  return field === 'time'
    ? activity.limits.minutes
    : field === 'count'
      ? activity.limits.reps
      : activity.limits.weightLifted;
}

/** 'Reps cannot exceed 300 reps for Bench Press.': names the limit and its unit. */
export function activityLimitMessage(activity: Activity, field: 'count' | 'time' | 'weightLifted'): string {
  return `${LIMIT_WORDING[field](activityLimit(activity, field))} for ${activity.name}.`;
}

/**
 * Calendar dates the server accepts at `now` (epoch ms), whatever the writer's time zone: a
 * `YYYY-MM-DD` is the writer's own calendar date, which is at most one day ahead of or behind UTC's
 * (zones run from UTC-12 to UTC+14). So a birth date may be up to tomorrow (UTC), a target date as
 * early as yesterday (UTC): one day of slack, and no honest user in any zone is refused.
 */
export function serverDateBounds(now: number): { latestBirthDate: string; earliestTargetDate: string } {
  const today = localDate(now, 'UTC');
  return { latestBirthDate: addDays(today, 1), earliestTargetDate: addDays(today, -1) };
}

/** Bounds of the other fields (activity inputs are bounded per activity: catalogue.ts). */
export const LIMITS = {
  maxBodyWeight: 1500,
  maxHeight: 120,
  maxPostLength: 500,
  maxNameLength: 100,
  maxPhoneLength: 30,
  maxEmailLength: 254,
  /** Goal target: text of a positive integer of at most 7 digits. */
  maxGoalTarget: 9_999_999,
  /** How far a written timestamp may be from the server's now (create), or ahead of it (edit). */
  timestampSkewMs: 300_000,
  maxActivityPrefs: 200,
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

function isSafeTimestamp(t: unknown): t is number {
  return typeof t === 'number' && Number.isSafeInteger(t) && t >= 0;
}

// ---- forms ----

export function validateActivityForm(input: {
  userId?: string | null;
  activityType: string;
  count?: string | number;
  time?: string | number;
  weightLifted?: string | number;
  timestamp: number;
}): Validation<ActivityRecord> {
  if (!input.userId) return fail(MESSAGES.missingUser, 'userId');
  const activity = findActivity(input.activityType);
  if (!activity) return fail(MESSAGES.unknownActivity, 'activityType');
  if (!isSafeTimestamp(input.timestamp)) return fail(MESSAGES.timestampInvalid, 'timestamp');
  const record: ActivityRecord = { activityType: activity.name, timestamp: input.timestamp, calorieUnits: 0 };

  if (acceptsField(activity, 'time')) {
    const time = parseNumberInput(input.time);
    if (time === undefined || !Number.isInteger(time) || time <= 0)
      return fail(MESSAGES.timePositive, 'time');
    if (time > activity.limits.minutes) return fail(activityLimitMessage(activity, 'time'), 'time');
    record.time = time;
  }
  if (acceptsField(activity, 'count')) {
    const count = parseNumberInput(input.count);
    if (count !== undefined) {
      if (!Number.isInteger(count) || count <= 0) return fail(MESSAGES.repsPositive, 'count');
      if (count > activity.limits.reps) return fail(activityLimitMessage(activity, 'count'), 'count');
      record.count = count;
    }
  }
  if (acceptsField(activity, 'weightLifted')) {
    const lifted = parseNumberInput(input.weightLifted);
    if (lifted !== undefined) {
      if (Number.isNaN(lifted) || lifted < 0) return fail(MESSAGES.weightLiftedNonNegative, 'weightLifted');
      if (lifted > activity.limits.weightLifted)
        return fail(activityLimitMessage(activity, 'weightLifted'), 'weightLifted');
      record.weightLifted = lifted;
    }
  }
  record.calorieUnits = calorieUnits(record);
  return { ok: true, value: orderedRecord(record) };
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
  return out;
}

export function validateWeightForm(input: {
  weight: string | number;
  timestamp: number;
}): Validation<WeightRecord> {
  const weight = parseNumberInput(input.weight);
  if (weight === undefined || Number.isNaN(weight) || weight <= 0)
    return fail(MESSAGES.weightPositive, 'weight');
  if (weight > LIMITS.maxBodyWeight) return fail(MESSAGES.weightTooHeavy, 'weight');
  if (!isSafeTimestamp(input.timestamp)) return fail(MESSAGES.timestampInvalid, 'timestamp');
  return { ok: true, value: { weight, timestamp: input.timestamp } };
}

/**
 * A measure typed in a profile form: undefined = not part of this form, '' = cleared (stored as 0,
 * which means unknown), otherwise a positive number up to the limit.
 */
function profileMeasure(
  input: string | number | undefined,
  max: number,
  positive: string,
  tooLarge: string,
): { value?: number; message?: string } {
  if (input === undefined) return {};
  const n = parseNumberInput(input);
  if (n === undefined) return { value: 0 };
  if (Number.isNaN(n) || n <= 0) return { message: positive };
  if (n > max) return { message: tooLarge };
  return { value: n };
}

function birthDate(input: string | undefined, today: string): { value?: string; message?: string } {
  if (input === undefined) return {};
  const text = input.trim();
  if (text === '') return { value: '' };
  if (!isCalendarDate(text)) return { message: MESSAGES.dobInvalid };
  if (text > today) return { message: MESSAGES.dobFuture };
  return { value: text };
}

/** Target weight / date (and height, date of birth when the form shows them); `today` is the viewer's date. */
export function validateDashboardProfile(
  input: {
    targetWeight?: string | number;
    targetDate?: string;
    height?: string | number;
    dateOfBirth?: string;
  },
  today: string,
): Validation<Partial<UserProfile>> {
  const out: Partial<UserProfile> = {};
  const target = profileMeasure(
    input.targetWeight,
    LIMITS.maxBodyWeight,
    MESSAGES.targetWeightPositive,
    MESSAGES.targetWeightTooHeavy,
  );
  if (target.message) return fail(target.message, 'targetWeight');
  if (target.value !== undefined) out.targetWeight = target.value;

  if (input.targetDate !== undefined) {
    const text = input.targetDate.trim();
    if (text !== '' && !isCalendarDate(text)) return fail(MESSAGES.targetDateInvalid, 'targetDate');
    if (text !== '' && text < today) return fail(MESSAGES.targetDatePast, 'targetDate');
    out.targetDate = text;
  }

  const height = profileMeasure(
    input.height,
    LIMITS.maxHeight,
    MESSAGES.heightPositive,
    MESSAGES.heightTooTall,
  );
  if (height.message) return fail(height.message, 'height');
  if (height.value !== undefined) out.height = height.value;

  const dob = birthDate(input.dateOfBirth, today);
  if (dob.message) return fail(dob.message, 'dateOfBirth');
  if (dob.value !== undefined) out.dateOfBirth = dob.value;
  return { ok: true, value: out };
}

function boundedText(
  input: string | undefined,
  max: number,
  message: string,
): { value?: string; message?: string } {
  if (input === undefined) return {};
  const text = input.trim();
  return text.length > max ? { message } : { value: text };
}

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
): Validation<Partial<UserProfile>> {
  const displayName = (input.displayName ?? '').trim();
  if (isBlank(displayName)) return fail(MESSAGES.displayNameRequired, 'displayName');
  if (displayName.length > LIMITS.maxNameLength) return fail(MESSAGES.displayNameTooLong, 'displayName');
  if (hasBidiControl(displayName)) return fail(MESSAGES.displayNameBidi, 'displayName');
  const out: Partial<UserProfile> = { displayName };

  const texts = [
    ['firstName', LIMITS.maxNameLength, MESSAGES.firstNameTooLong],
    ['lastName', LIMITS.maxNameLength, MESSAGES.lastNameTooLong],
    ['phoneNumber', LIMITS.maxPhoneLength, MESSAGES.phoneTooLong],
  ] as const;
  for (const [field, max, message] of texts) {
    const r = boundedText(input[field], max, message);
    if (r.message) return fail(r.message, field);
    if (r.value !== undefined) out[field] = r.value;
  }

  if (input.gender !== undefined && input.gender !== '') {
    if (!(GENDERS as readonly string[]).includes(input.gender)) return fail(MESSAGES.genderInvalid, 'gender');
    out.gender = input.gender as Gender;
  }

  const dob = birthDate(input.dateOfBirth, today);
  if (dob.message) return fail(dob.message, 'dateOfBirth');
  if (dob.value !== undefined) out.dateOfBirth = dob.value;

  const height = profileMeasure(
    input.height,
    LIMITS.maxHeight,
    MESSAGES.heightPositive,
    MESSAGES.heightTooTall,
  );
  if (height.message) return fail(height.message, 'height');
  if (height.value !== undefined) out.height = height.value;

  if (input.hideExerciseInfo !== undefined) out.hideExerciseInfo = input.hideExerciseInfo === true;
  return { ok: true, value: out };
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

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateSignUp(input: {
  email: string;
  password: string;
  confirmPassword: string;
}): Validation<{ email: string; password: string }> {
  const email = (input.email ?? '').trim();
  if (email === '') return fail(MESSAGES.emailRequired, 'email');
  if (!EMAIL.test(email) || email.length > LIMITS.maxEmailLength) return fail(MESSAGES.emailInvalid, 'email');
  if (!input.password) return fail(MESSAGES.passwordRequired, 'password');
  if (input.password !== input.confirmPassword) return fail(MESSAGES.passwordsMismatch, 'confirmPassword');
  return { ok: true, value: { email, password: input.password } };
}

// ---- documents (server side) ----

export type SourceCollection = 'user' | 'reps' | 'weightRecords' | 'posts' | 'activityPreferences' | 'goal';

/** The shape of an IANA time zone name, as the rules check it (firestore.rules: validProfile). */
export const TIME_ZONE_PATTERN = /^[A-Za-z0-9_+/-]{1,64}$/;

const positiveInt = z.number().int().positive();
/** A string of at most `max` UTF-16 code units, as Firestore and the rules' size() count. */
const text = (max: number) =>
  z.string().refine((s) => s.length <= max, `must be at most ${max} characters (UTF-16 code units)`);
const timestamp = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const calendarDateOrEmpty = z
  .string()
  .refine((s) => s === '' || isCalendarDate(s), 'must be YYYY-MM-DD or empty');
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
      height: z.number().min(0).max(LIMITS.maxHeight),
      currentWeight: z.number().min(0).max(LIMITS.maxBodyWeight),
      targetWeight: z.number().min(0).max(LIMITS.maxBodyWeight),
      targetDate: calendarDateOrEmpty,
      hideExerciseInfo: z.boolean(),
      // Checked by shape only (rules cannot ask Intl): the progress reaction treats an unknown zone as UTC.
      timeZone: z.string().regex(TIME_ZONE_PATTERN),
    } satisfies Record<keyof UserProfile, z.ZodType>)
    .partial(),
  reps: z.strictObject({
    activityType: activityName,
    count: positiveInt.optional(),
    time: positiveInt.optional(),
    weightLifted: z.number().min(0).optional(),
    timestamp,
    calorieUnits: z.number().int().nonnegative(),
    importedAt: timestamp.optional(),
  } satisfies Record<keyof ActivityRecord, z.ZodType>),
  weightRecords: z.strictObject({
    weight: z.number().positive().max(LIMITS.maxBodyWeight),
    timestamp,
    importedAt: timestamp.optional(),
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

/** Which time fields of each document must be near the server's time. */
const TIME_FIELDS: Record<SourceCollection, readonly string[]> = {
  user: ['createdAt'],
  reps: ['timestamp', 'importedAt'],
  weightRecords: ['timestamp', 'importedAt'],
  posts: ['timestamp', 'importedAt'],
  activityPreferences: [],
  goal: [],
};

/**
 * An imported entry (restored from an export, or a CSV of past training) carries `importedAt`, the
 * time of its import, which must be near the server's time like any time written now; its
 * `timestamp` may then lie in the past on create (never ahead of the server's time). An owner can
 * already move a time into the past by editing, so this opens nothing new to leaderboards.
 */
export const IMPORTED_AT = 'importedAt';

const IMMUTABLE_USER_FIELDS = ['userId', 'email', 'createdAt'] as const;

function describeIssue(issue: z.core.$ZodIssue): { message: string; field?: string } {
  const field = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys')
    return { message: `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}.` };
  return field
    ? { message: `Invalid ${field}: ${issue.message}.`, field }
    : { message: `Invalid document: ${issue.message}.` };
}

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
  const changed = (field: string) => doc[field] !== undefined && doc[field] !== ctx.before?.[field];
  const bounds = serverDateBounds(ctx.now);
  if (changed('displayName')) {
    const name = doc.displayName as string;
    const wasSet = typeof ctx.before?.displayName === 'string' && ctx.before.displayName !== '';
    if (isBlank(name) && (name !== '' || wasSet)) return fail(MESSAGES.displayNameRequired, 'displayName');
    if (hasBidiControl(name)) return fail(MESSAGES.displayNameBidi, 'displayName');
  }
  if (changed('dateOfBirth') && (doc.dateOfBirth as string) > bounds.latestBirthDate)
    return fail(MESSAGES.dobFuture, 'dateOfBirth');
  const target = doc.targetDate as string;
  if (changed('targetDate') && target !== '' && target < bounds.earliestTargetDate)
    return fail(MESSAGES.targetDatePast, 'targetDate');
  return null;
}

/**
 * Validates a whole document as it would be after the write: allowed keys only, types, integers,
 * per-activity limits, catalogue names, exact calorieUnits, the spec's form rules (non-blank
 * display name and post, no bidi controls in them, birth date not in the future, target date not
 * in the past: `serverDateBounds`), timestamps within LIMITS.timestampSkewMs of now on
 * create (and never beyond it in the future on update), immutable userId/email/createdAt on update
 * (compared with `before`), userId equal to the path uid.
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

  for (const field of TIME_FIELDS[kind]) {
    const t = doc[field];
    if (typeof t !== 'number') continue;
    const unchanged = ctx.before !== null && ctx.before[field] === t;
    if (unchanged) continue;
    const onCreate = ctx.before === null || ctx.before[field] === undefined;
    const tooFarAhead = t > ctx.now + LIMITS.timestampSkewMs;
    const imported = field === 'timestamp' && typeof doc[IMPORTED_AT] === 'number';
    const tooFarBehind = onCreate && !imported && t < ctx.now - LIMITS.timestampSkewMs;
    // Editing may move a time into the past (a user fixes a date), never into the future.
    if (tooFarAhead || tooFarBehind)
      return fail(`Invalid ${field}: it must be within 5 minutes of the server's time.`, field);
  }
  return { ok: true, value: doc };
}
