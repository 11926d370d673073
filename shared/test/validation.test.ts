import { describe, expect, it } from 'vitest';
import { ACTIVITIES, findActivity } from '../src/catalogue.ts';
import { type SourceCollection, validateDocument } from '../src/documents.ts';
import { calorieUnits } from '../src/formulas.ts';
import { addDays, localDate } from '../src/periods.ts';
import {
  activityLimitMessage,
  LIMITS,
  MESSAGES,
  parseNumberInput,
  type Validation,
  validateAccountProfile,
  validateActivityForm,
  validateDashboardProfile,
  validateEmail,
  validateGoalForm,
  validateNewPassword,
  validatePostForm,
  validateSignUp,
  validateWeightForm,
} from '../src/validation.ts';

const NOW = Date.UTC(2026, 10, 22, 12);
const TODAY = '2026-11-22';

function messageOf<T>(v: Validation<T>): string | undefined {
  return v.ok ? undefined : v.message;
}

function okValue<T>(v: Validation<T>): T {
  if (!v.ok) throw new Error(`expected ok, got: ${v.message}`);
  return v.value;
}

describe('spec messages are exact', () => {
  it('the validation strings', () => {
    expect(MESSAGES).toMatchObject({
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
    });
  });
});

describe('parseNumberInput', () => {
  it('reads plain decimals, empty as undefined, anything else as NaN', () => {
    expect(parseNumberInput(' 12 ')).toBe(12);
    expect(parseNumberInput('12.5')).toBe(12.5);
    expect(parseNumberInput('.5')).toBe(0.5);
    expect(parseNumberInput('')).toBeUndefined();
    expect(parseNumberInput('   ')).toBeUndefined();
    expect(parseNumberInput(undefined)).toBeUndefined();
    expect(parseNumberInput(null)).toBeUndefined();
    for (const bad of ['1e3', '0x10', 'Infinity', 'abc', '12abc', '1,000', '--1'])
      expect(parseNumberInput(bad), bad).toBeNaN();
    expect(parseNumberInput(Number.POSITIVE_INFINITY)).toBeNaN();
    expect(parseNumberInput(7)).toBe(7);
  });
});

describe('activity log and edit', () => {
  const base = { userId: 'u1', timestamp: NOW };

  it.each(['', '0', '-5', 'abc', undefined])('time %j -> time message', (time) => {
    const v = validateActivityForm({ ...base, activityType: 'Running', time });
    expect(messageOf(v)).toBe('Time must be a positive number.');
    expect(v.ok === false && v.field).toBe('time');
  });

  it.each(['1.5', '2.5', '0.5', 1.5])(
    'time %j: positive, but minutes are whole (the message says so)',
    (time) => {
      const v = validateActivityForm({ ...base, activityType: 'Running', time });
      expect(messageOf(v)).toBe('Time must be a positive number. Enter whole minutes (no decimals).');
      expect(messageOf(v)).toContain(MESSAGES.timePositive);
      expect(v.ok === false && v.field).toBe('time');
    },
  );

  it.each(['0', '-1', '2.5', 'ten'])('reps %j -> reps message', (count) => {
    const v = validateActivityForm({ ...base, activityType: 'Push Ups', time: '10', count });
    expect(messageOf(v)).toBe('Reps must be a positive number if provided.');
  });

  it.each(['-1', '-0.5', 'heavy'])('weight lifted %j -> weight lifted message', (weightLifted) => {
    const v = validateActivityForm({ ...base, activityType: 'Bench Press', time: '10', weightLifted });
    expect(messageOf(v)).toBe('Weight lifted must be a non-negative number.');
  });

  it.each([undefined, null, ''])('missing user id %j', (userId) => {
    const v = validateActivityForm({ userId, activityType: 'Running', time: '10', timestamp: NOW });
    expect(messageOf(v)).toBe('User ID not found. Please try logging out and back in.');
  });

  it('reps and weight lifted are optional; weight lifted may be 0', () => {
    expect(
      okValue(validateActivityForm({ ...base, activityType: 'Push Ups', time: '10', count: '' })),
    ).toEqual({
      activityType: 'Push Ups',
      timestamp: NOW,
      time: 10,
      calorieUnits: calorieUnits({ activityType: 'Push Ups', time: 10 }),
    });
    const v = okValue(
      validateActivityForm({ ...base, activityType: 'Bench Press', time: 20, count: 8, weightLifted: '0' }),
    );
    expect(v.weightLifted).toBe(0);
    expect(v.count).toBe(8);
  });

  it('keeps only the fields the activity accepts', () => {
    const running = okValue(
      validateActivityForm({ ...base, activityType: 'running', time: '30', count: '-9', weightLifted: 'x' }),
    );
    expect(running).toEqual({
      activityType: 'Running',
      timestamp: NOW,
      time: 30,
      calorieUnits: 80 * 30 * 10,
    });
    // Leg Curl takes no time: an empty or bogus time is not an error, and is not stored
    const curl = okValue(
      validateActivityForm({
        ...base,
        activityType: 'Leg Curl',
        time: 'abc',
        count: '12',
        weightLifted: '90',
      }),
    );
    expect(curl).toEqual({
      activityType: 'Leg Curl',
      timestamp: NOW,
      count: 12,
      weightLifted: 90,
      calorieUnits: 0,
    });
  });

  it('stores the display-cased name and exact calorie units', () => {
    const v = okValue(
      validateActivityForm({
        ...base,
        activityType: 'BENCH PRESS',
        time: '20',
        count: '10',
        weightLifted: '45',
      }),
    );
    expect(v.activityType).toBe('Bench Press');
    expect(v.calorieUnits).toBe(50 * 20 * 14);
  });

  it('refuses unknown activities, out-of-range values and bad timestamps', () => {
    expect(messageOf(validateActivityForm({ ...base, activityType: 'Heavy Bag', time: '10' }))).toBe(
      MESSAGES.unknownActivity,
    );
    expect(messageOf(validateActivityForm({ ...base, activityType: 'Running', time: '361' }))).toBe(
      'Time cannot exceed 360 minutes for Running.',
    );
    expect(okValue(validateActivityForm({ ...base, activityType: 'Running', time: '360' })).time).toBe(360);
    expect(
      messageOf(validateActivityForm({ ...base, activityType: 'Push Ups', time: '10', count: '1001' })),
    ).toBe('Reps cannot exceed 1000 reps for Push Ups.');
    expect(
      messageOf(
        validateActivityForm({ ...base, activityType: 'Deadlift', time: '10', weightLifted: '1101' }),
      ),
    ).toBe('Weight lifted cannot exceed 1100 lbs for Deadlift.');
    expect(
      okValue(validateActivityForm({ ...base, activityType: 'Deadlift', time: '10', weightLifted: '1100' }))
        .weightLifted,
    ).toBe(1100);
    expect(
      messageOf(validateActivityForm({ ...base, activityType: 'Running', time: '10', timestamp: 1.5 })),
    ).toBe(MESSAGES.timestampInvalid);
  });
});

describe('weight entry and edit', () => {
  it.each(['', '0', '-1', 'abc', '1e2', 0, -3])('weight %j -> message', (weight) => {
    expect(messageOf(validateWeightForm({ weight, timestamp: NOW }))).toBe(
      'Weight must be a positive number.',
    );
  });

  it('accepts a decimal weight', () => {
    expect(okValue(validateWeightForm({ weight: '180.4', timestamp: NOW }))).toEqual({
      weight: 180.4,
      timestamp: NOW,
    });
    expect(messageOf(validateWeightForm({ weight: '1501', timestamp: NOW }))).toBe(
      MESSAGES.weightImplausible,
    );
  });
});

describe('dashboard profile', () => {
  it('messages in their situations', () => {
    const check = (input: Parameters<typeof validateDashboardProfile>[0]) =>
      messageOf(validateDashboardProfile(input, TODAY));
    expect(check({ targetWeight: '0' })).toBe('Target weight must be a positive number.');
    expect(check({ targetWeight: '-150' })).toBe('Target weight must be a positive number.');
    expect(check({ targetWeight: 'abc' })).toBe('Target weight must be a positive number.');
    expect(check({ height: '0' })).toBe('Height must be a positive number.');
    expect(check({ dateOfBirth: '2026-11-23' })).toBe('Date of birth cannot be in the future.');
    expect(check({ targetDate: '2026-11-21' })).toBe('Target date cannot be in the past.');
    expect(check({ targetDate: '2026-11-31' })).toBe(MESSAGES.targetDateInvalid);
  });

  it('today is neither past (target) nor future (birth); empty clears', () => {
    expect(
      okValue(
        validateDashboardProfile(
          { targetWeight: '170.5', targetDate: TODAY, dateOfBirth: TODAY, height: '70' },
          TODAY,
        ),
      ),
    ).toEqual({ targetWeight: 170.5, targetDate: TODAY, dateOfBirth: TODAY, height: 70 });
    expect(okValue(validateDashboardProfile({ targetWeight: '', targetDate: ' ' }, TODAY))).toEqual({
      targetWeight: 0,
      targetDate: '',
    });
    expect(okValue(validateDashboardProfile({}, TODAY))).toEqual({});
  });
});

describe("'today' is the viewer's local date", () => {
  it('a birth date that is today in UTC is still in the future in Honolulu', () => {
    const instant = Date.UTC(2026, 5, 15, 5); // June 15 05:00 UTC = June 14 19:00 in Honolulu
    const today = localDate(instant, 'Pacific/Honolulu');
    expect(messageOf(validateDashboardProfile({ dateOfBirth: '2026-06-15' }, today))).toBe(
      'Date of birth cannot be in the future.',
    );
    expect(
      messageOf(validateDashboardProfile({ dateOfBirth: '2026-06-15' }, localDate(instant, 'UTC'))),
    ).toBeUndefined();
    // and a target date of June 14 is not yet past there
    expect(messageOf(validateDashboardProfile({ targetDate: '2026-06-14' }, today))).toBeUndefined();
  });
});

describe('account profile', () => {
  const check = (input: Partial<Parameters<typeof validateAccountProfile>[0]>) =>
    validateAccountProfile({ displayName: 'Sam', ...input }, TODAY);

  it.each(['', '   ', '\t\n'])('display name %j is required after trimming', (displayName) => {
    expect(messageOf(check({ displayName }))).toBe('Display Name is required.');
  });

  it('height and date of birth', () => {
    expect(messageOf(check({ height: '0' }))).toBe('Height must be a positive number.');
    expect(messageOf(check({ height: '-60' }))).toBe('Height must be a positive number.');
    expect(messageOf(check({ dateOfBirth: '2027-01-01' }))).toBe('Date of birth cannot be in the future.');
    expect(messageOf(check({ dateOfBirth: '1990-02-30' }))).toBe(MESSAGES.dobInvalid);
    expect(messageOf(check({ gender: 'Other' }))).toBe(MESSAGES.genderInvalid);
  });

  it('a birth year typed short (0198 for 1998) is refused, not stored as an age of 1,800 years', () => {
    // Stored, it gave an age of 1828 and a BMR of about -7,200 cal/day on the dashboard.
    expect(messageOf(check({ dateOfBirth: '0198-05-01' }))).toBe(MESSAGES.dobTooOld);
    expect(messageOf(check({ dateOfBirth: '0000-02-29' }))).toBe(MESSAGES.dobTooOld);
    expect(MESSAGES.dobTooOld).toBe('Date of birth cannot be more than 150 years ago.');
    const oldest = addDays(TODAY, -LIMITS.maxAgeDays);
    expect(okValue(check({ dateOfBirth: oldest })).dateOfBirth).toBe(oldest);
    expect(messageOf(check({ dateOfBirth: addDays(oldest, -1) }))).toBe(MESSAGES.dobTooOld);
    expect(messageOf(validateDashboardProfile({ dateOfBirth: '0198-05-01' }, TODAY))).toBe(
      MESSAGES.dobTooOld,
    );
  });

  it('trims text, keeps only the fields given, never an email', () => {
    const v = okValue(
      check({
        displayName: '  Sam  ',
        firstName: ' Samuel ',
        gender: 'Female',
        height: '70',
        dateOfBirth: '1990-06-15',
        hideExerciseInfo: true,
      }),
    );
    expect(v).toEqual({
      displayName: 'Sam',
      firstName: 'Samuel',
      gender: 'Female',
      height: 70,
      dateOfBirth: '1990-06-15',
      hideExerciseInfo: true,
    });
    expect(v).not.toHaveProperty('email');
    expect(messageOf(check({ displayName: 'x'.repeat(101) }))).toBe(MESSAGES.displayNameTooLong);
  });
});

describe('goal', () => {
  it.each(['', '0', '-5', '1.5', 'abc', '1e3'])('target %j -> message', (target) => {
    expect(messageOf(validateGoalForm({ target, type: 'reps' }))).toBe('Target must be a positive number.');
  });

  it('stores the target as text of a positive integer', () => {
    expect(okValue(validateGoalForm({ target: ' 30 ', type: 'minutes' }))).toEqual({
      target: '30',
      type: 'minutes',
    });
    expect(okValue(validateGoalForm({ target: '007', type: 'calories' })).target).toBe('7');
    expect(okValue(validateGoalForm({ target: 500, type: 'reps' })).target).toBe('500');
    expect(messageOf(validateGoalForm({ target: '10', type: 'steps' }))).toBe(MESSAGES.goalTypeInvalid);
    expect(messageOf(validateGoalForm({ target: '10000000', type: 'reps' }))).toBe(
      MESSAGES.goalTargetTooLarge,
    );
  });
});

describe('post', () => {
  it('empty after trimming, and signed out', () => {
    expect(messageOf(validatePostForm({ message: '   ', userId: 'u1', timestamp: NOW }))).toBe(
      'Post message cannot be empty.',
    );
    expect(messageOf(validatePostForm({ message: 'hi', userId: null, timestamp: NOW }))).toBe(
      'You must be logged in to post.',
    );
    expect(okValue(validatePostForm({ message: '  hello  ', userId: 'u1', timestamp: NOW }))).toEqual({
      message: 'hello',
      timestamp: NOW,
    });
    expect(messageOf(validatePostForm({ message: 'x'.repeat(501), userId: 'u1', timestamp: NOW }))).toBe(
      MESSAGES.postTooLong,
    );
  });
});

describe('sign-up', () => {
  it('passwords must match; email and password are required', () => {
    expect(
      messageOf(validateSignUp({ email: 'a@b.co', password: 'secret1', confirmPassword: 'secret2' })),
    ).toBe('Passwords do not match.');
    expect(messageOf(validateSignUp({ email: ' ', password: 'secret1', confirmPassword: 'secret1' }))).toBe(
      MESSAGES.emailRequired,
    );
    expect(messageOf(validateSignUp({ email: 'a@b.co', password: '', confirmPassword: '' }))).toBe(
      MESSAGES.passwordRequired,
    );
    expect(messageOf(validateSignUp({ email: 'not-an-email', password: 'x', confirmPassword: 'x' }))).toBe(
      MESSAGES.emailInvalid,
    );
    expect(
      okValue(validateSignUp({ email: ' a@b.co ', password: 'secret1', confirmPassword: 'secret1' })),
    ).toEqual({
      email: 'a@b.co',
      password: 'secret1',
    });
  });
});

describe('password reset', () => {
  it('the email is checked as at sign-up', () => {
    expect(messageOf(validateEmail('  '))).toBe(MESSAGES.emailRequired);
    expect(messageOf(validateEmail('nope'))).toBe(MESSAGES.emailInvalid);
    expect(okValue(validateEmail(' a@b.co '))).toBe('a@b.co');
  });

  it('the new password follows the sign-up rules: required, and confirmed', () => {
    expect(messageOf(validateNewPassword({ password: '', confirmPassword: '' }))).toBe(
      MESSAGES.passwordRequired,
    );
    expect(messageOf(validateNewPassword({ password: 'secret1', confirmPassword: 'secret2' }))).toBe(
      'Passwords do not match.',
    );
    expect(okValue(validateNewPassword({ password: ' secret1', confirmPassword: ' secret1' }))).toBe(
      ' secret1',
    );
  });
});

describe('validateDocument', () => {
  const create = (kind: SourceCollection, doc: Record<string, unknown>, uid = 'u1') =>
    validateDocument(kind, doc, { uid, now: NOW, before: null });
  const update = (kind: SourceCollection, before: Record<string, unknown>, after: Record<string, unknown>) =>
    validateDocument(kind, after, { uid: 'u1', now: NOW, before });

  const rep = (over: Record<string, unknown> = {}) => {
    const doc: Record<string, unknown> = {
      activityType: 'Bench Press',
      count: 10,
      time: 20,
      weightLifted: 45,
      timestamp: NOW,
      ...over,
    };
    if (!('calorieUnits' in over)) doc.calorieUnits = calorieUnits(doc as { activityType: string });
    return doc;
  };

  it('accepts what the forms produce', () => {
    const activity = okValue(
      validateActivityForm({
        userId: 'u1',
        activityType: 'Leg Curl',
        count: 8,
        weightLifted: 60,
        timestamp: NOW,
      }),
    );
    expect(create('reps', { ...activity }).ok).toBe(true);
    expect(create('reps', rep()).ok).toBe(true);
    expect(create('weightRecords', { weight: 180.5, timestamp: NOW }).ok).toBe(true);
    expect(create('posts', { message: 'hello', timestamp: NOW }).ok).toBe(true);
    expect(create('goal', { target: '30', type: 'minutes' }).ok).toBe(true);
    expect(create('activityPreferences', { activities: [] }).ok).toBe(true);
    expect(create('activityPreferences', { activities: ['Running', 'Yoga'] }).ok).toBe(true);
    expect(create('user', { userId: 'u1', email: 'a@b.co', createdAt: NOW, displayName: '' }).ok).toBe(true);
  });

  it('refuses unknown fields', () => {
    for (const [kind, doc] of [
      ['reps', rep({ calories: 5 })],
      ['weightRecords', { weight: 180, timestamp: NOW, bmi: 25 }],
      ['posts', { message: 'hi', timestamp: NOW, userName: 'x' }],
      ['goal', { target: '5', type: 'reps', extra: true }],
      ['user', { displayName: 'Sam', isAdmin: true }],
      ['activityPreferences', { activities: [], more: [] }],
    ] as const) {
      const v = create(kind, doc);
      expect(v.ok, kind).toBe(false);
      expect(messageOf(v), kind).toMatch(/^Unknown field/);
    }
  });

  it('refuses wrong types', () => {
    expect(create('reps', rep({ count: '10' })).ok).toBe(false);
    expect(create('reps', rep({ timestamp: String(NOW) })).ok).toBe(false);
    expect(create('weightRecords', { weight: '180', timestamp: NOW }).ok).toBe(false);
    expect(create('goal', { target: 30, type: 'minutes' }).ok).toBe(false);
    expect(create('user', { hideExerciseInfo: 'yes' }).ok).toBe(false);
    expect(create('user', { height: null }).ok).toBe(false);
    expect(create('activityPreferences', { activities: 'Running' }).ok).toBe(false);
    expect(create('posts', { message: 5, timestamp: NOW }).ok).toBe(false);
  });

  it('refuses negatives, fractions where integers are needed, NaN and infinities', () => {
    expect(messageOf(create('reps', rep({ count: 2.5 })))).toMatch(/count/);
    expect(messageOf(create('reps', rep({ count: -1 })))).toMatch(/count/);
    expect(messageOf(create('reps', rep({ count: 0 })))).toMatch(/count/);
    expect(messageOf(create('reps', rep({ time: 2.5 })))).toMatch(/time/);
    expect(messageOf(create('reps', rep({ weightLifted: -5 })))).toMatch(/weightLifted/);
    expect(messageOf(create('reps', rep({ timestamp: NOW + 0.5 })))).toMatch(/timestamp/);
    expect(messageOf(create('reps', rep({ calorieUnits: -1 })))).toMatch(/calorieUnits/);
    expect(create('weightRecords', { weight: -180, timestamp: NOW }).ok).toBe(false);
    expect(create('weightRecords', { weight: 0, timestamp: NOW }).ok).toBe(false);
    expect(create('weightRecords', { weight: Number.NaN, timestamp: NOW }).ok).toBe(false);
    expect(create('weightRecords', { weight: Number.POSITIVE_INFINITY, timestamp: NOW }).ok).toBe(false);
    expect(create('user', { height: -1 }).ok).toBe(false);
    expect(create('user', { currentWeight: -1 }).ok).toBe(false);
    // 0 means unknown on the profile
    expect(create('user', { height: 0, currentWeight: 0, targetWeight: 0 }).ok).toBe(true);
  });

  it('refuses values past the bounds that stop leaderboard inflation', () => {
    // Bench Press: 120 minutes, 300 reps, 800 lbs per entry.
    expect(create('reps', rep({ count: 300, time: 120, weightLifted: 800 })).ok).toBe(true);
    expect(messageOf(create('reps', rep({ count: 301 })))).toBe(
      'Reps cannot exceed 300 reps for Bench Press.',
    );
    expect(messageOf(create('reps', rep({ time: 121 })))).toBe(
      'Time cannot exceed 120 minutes for Bench Press.',
    );
    expect(messageOf(create('reps', rep({ weightLifted: 800.5 })))).toBe(
      'Weight lifted cannot exceed 800 lbs for Bench Press.',
    );
    expect(create('weightRecords', { weight: 1501, timestamp: NOW }).ok).toBe(false);
    expect(create('posts', { message: 'x'.repeat(500), timestamp: NOW }).ok).toBe(true);
    expect(create('posts', { message: 'x'.repeat(501), timestamp: NOW }).ok).toBe(false);
    expect(create('posts', { message: '   ', timestamp: NOW }).ok).toBe(false);
    expect(create('user', { displayName: 'x'.repeat(101) }).ok).toBe(false);
    expect(create('user', { height: 121 }).ok).toBe(false);
    expect(create('goal', { target: '9999999', type: 'reps' }).ok).toBe(true);
    for (const target of ['0', '01', '10000000', '-5', '1.5', ' 5', ''])
      expect(create('goal', { target, type: 'reps' }).ok, target).toBe(false);
    expect(create('goal', { target: '5', type: 'steps' }).ok).toBe(false);
    expect(create('activityPreferences', { activities: Array(201).fill('Running') }).ok).toBe(false);
  });

  it('refuses activity names outside the catalogue (display case required)', () => {
    expect(
      messageOf(create('reps', { activityType: 'Heavy Bag', time: 10, timestamp: NOW, calorieUnits: 0 })),
    ).toMatch(/activityType/);
    expect(create('reps', rep({ activityType: 'bench press' })).ok).toBe(false);
    expect(create('activityPreferences', { activities: ['Running', 'Moonwalking'] }).ok).toBe(false);
  });

  it('refuses fields the activity does not take, and a missing time where time is taken', () => {
    expect(
      messageOf(
        create('reps', { activityType: 'Running', time: 10, count: 5, timestamp: NOW, calorieUnits: 8000 }),
      ),
    ).toBe('Running does not take count.');
    expect(
      messageOf(
        create('reps', { activityType: 'Leg Curl', time: 10, count: 5, timestamp: NOW, calorieUnits: 0 }),
      ),
    ).toBe('Leg Curl does not take time.');
    expect(messageOf(create('reps', { activityType: 'Running', timestamp: NOW, calorieUnits: 0 }))).toBe(
      MESSAGES.timePositive,
    );
  });

  it('refuses calorieUnits that are not the exact value', () => {
    const right = calorieUnits({ activityType: 'Bench Press', time: 20, weightLifted: 45 });
    expect(right).toBe(14000);
    expect(create('reps', rep({ calorieUnits: right })).ok).toBe(true);
    expect(messageOf(create('reps', rep({ calorieUnits: right + 1 })))).toBe(
      `Invalid calorieUnits: expected ${right}, got ${right + 1}.`,
    );
    expect(create('reps', rep({ calorieUnits: 999999999 })).ok).toBe(false);
  });

  it('timestamps must be near now on create', () => {
    const skew = LIMITS.timestampSkewMs;
    expect(create('reps', rep({ timestamp: NOW - skew })).ok).toBe(true);
    expect(create('reps', rep({ timestamp: NOW + skew })).ok).toBe(true);
    expect(create('reps', rep({ timestamp: NOW - skew - 1 })).ok).toBe(false);
    expect(create('reps', rep({ timestamp: NOW + skew + 1 })).ok).toBe(false);
    expect(create('weightRecords', { weight: 180, timestamp: NOW - 86_400_000 }).ok).toBe(false);
    expect(create('posts', { message: 'hi', timestamp: NOW + 3_600_000 }).ok).toBe(false);
    expect(create('user', { userId: 'u1', createdAt: 0 }).ok).toBe(false);
  });

  it('on update, a timestamp may stay or move into the past, never into the future', () => {
    const old = rep({ timestamp: NOW - 30 * 86_400_000 });
    expect(update('reps', old, { ...old, count: 12 }).ok).toBe(true);
    expect(update('reps', old, { ...old, timestamp: NOW - 40 * 86_400_000 }).ok).toBe(true);
    expect(update('reps', old, { ...old, timestamp: NOW + 86_400_000 }).ok).toBe(false);
  });

  it('an activity or weigh-in may be dated back up to the limit with loggedAt, never ahead', () => {
    const DAY = 86_400_000;
    const skew = LIMITS.timestampSkewMs;
    const limit = LIMITS.maxBackdateMs;
    expect(create('reps', rep({ timestamp: NOW - DAY, loggedAt: NOW })).ok).toBe(true);
    expect(create('reps', rep({ timestamp: NOW - limit, loggedAt: NOW })).ok).toBe(true);
    expect(messageOf(create('reps', rep({ timestamp: NOW - limit - 1, loggedAt: NOW })))).toBe(
      `Invalid timestamp: ${MESSAGES.timestampTooOld}`,
    );
    expect(messageOf(create('reps', rep({ timestamp: NOW + skew + 1, loggedAt: NOW })))).toBe(
      `Invalid timestamp: ${MESSAGES.timestampFuture}`,
    );
    // Without the time it was logged, a past date is refused. Logged offline a day ago and arriving
    // now is accepted (the SDK sends queued writes late); loggedAt beyond the limit is not.
    expect(messageOf(create('reps', rep({ timestamp: NOW - DAY })))).toMatch(/loggedAt/);
    expect(create('reps', rep({ timestamp: NOW - DAY, loggedAt: NOW - DAY })).ok).toBe(true);
    expect(create('reps', rep({ timestamp: NOW - DAY, loggedAt: NOW - limit - 1 })).ok).toBe(false);
    expect(create('reps', rep({ timestamp: NOW, loggedAt: NOW + skew + 1 })).ok).toBe(false);
    expect(create('reps', rep({ timestamp: NOW, loggedAt: '1' })).ok).toBe(false);
    expect(create('weightRecords', { weight: 180, timestamp: NOW - 7 * DAY, loggedAt: NOW }).ok).toBe(true);
    expect(create('weightRecords', { weight: 180, timestamp: NOW - 7 * DAY }).ok).toBe(false);
    // Posts are not dated back: loggedAt is not theirs.
    expect(create('posts', { message: 'hi', timestamp: NOW - DAY, loggedAt: NOW }).ok).toBe(false);

    const stored = rep({ timestamp: NOW - 2 * DAY, loggedAt: NOW - 2 * DAY });
    expect(update('reps', stored, { ...stored, timestamp: NOW - 10 * DAY }).ok).toBe(true);
    expect(update('reps', stored, { ...stored, timestamp: NOW - limit - 1 }).ok).toBe(false);
    expect(update('reps', stored, { ...stored, timestamp: NOW + DAY }).ok).toBe(false);
    expect(update('reps', stored, { ...stored, loggedAt: NOW - 30 * DAY }).ok).toBe(false);
    // An entry stored beyond the limit stays editable where it is, and an import may lie further back.
    const ancient = rep({ timestamp: NOW - 500 * DAY });
    expect(update('reps', ancient, { ...ancient, count: 12, calorieUnits: ancient.calorieUnits }).ok).toBe(
      true,
    );
    expect(create('reps', rep({ timestamp: NOW - 500 * DAY, importedAt: NOW })).ok).toBe(true);
    // ... but not before 2000 (a day's margin for the zones), as the rules.
    expect(create('reps', rep({ timestamp: Date.UTC(1999, 11, 31, 16), importedAt: NOW })).ok).toBe(true);
    expect(messageOf(create('reps', rep({ timestamp: 0, importedAt: NOW })))).toMatch(/before 2000/);
    const post = { message: 'Back then', timestamp: Date.UTC(1990, 0, 1), importedAt: NOW };
    expect(messageOf(create('posts', post))).toMatch(/before 2000/);
  });

  it('userId, email and createdAt are immutable', () => {
    const before = { userId: 'u1', email: 'a@b.co', createdAt: NOW - 1e9, displayName: 'Sam' };
    expect(update('user', before, { ...before, displayName: 'Samuel' }).ok).toBe(true);
    expect(messageOf(update('user', before, { ...before, email: 'evil@b.co' }))).toBe(
      'email cannot be changed.',
    );
    expect(messageOf(update('user', before, { ...before, createdAt: NOW }))).toBe(
      'createdAt cannot be changed.',
    );
    const { email: _dropped, ...withoutEmail } = before;
    expect(update('user', before, withoutEmail).ok).toBe(false);
    expect(update('user', before, { ...before, userId: 'u2' }).ok).toBe(false);
  });

  it('userId must be the uid of the path', () => {
    expect(messageOf(create('user', { userId: 'u2', email: 'a@b.co', createdAt: NOW }, 'u1'))).toBe(
      'Invalid userId: it must be the id of the signed-in user.',
    );
    expect(create('user', { userId: 'u1', createdAt: NOW }, 'u1').ok).toBe(true);
  });

  it('every activity is held to its own limits, in the form and on the server alike', () => {
    for (const a of ACTIVITIES) {
      for (const [field, max] of [
        ['time', a.limits.minutes],
        ['count', a.limits.reps],
        ['weightLifted', a.limits.weightLifted],
      ] as const) {
        if (!a.fields.includes(field)) {
          expect(max, `${a.name} ${field}`).toBe(0);
          continue;
        }
        const fields = { time: a.fields.includes('time') ? 10 : undefined, [field]: max };
        const at = { activityType: a.name, timestamp: NOW, ...fields };
        const form = validateActivityForm({ userId: 'u1', ...at });
        expect(form.ok, `${a.name} ${field} ${max}`).toBe(true);
        expect(create('reps', { ...okValue(form) }).ok).toBe(true);
        const over = { ...at, [field]: max + 1 };
        expect(messageOf(validateActivityForm({ userId: 'u1', ...over }))).toBe(
          activityLimitMessage(a, field),
        );
        const stored = JSON.parse(JSON.stringify(over)) as Record<string, unknown>;
        stored.calorieUnits = calorieUnits(stored as { activityType: string });
        expect(messageOf(create('reps', stored))).toBe(activityLimitMessage(a, field));
      }
    }
  });

  it('limits are what a coach would set: sane ranges, records allowed, no daily-sized entries', () => {
    for (const a of ACTIVITIES) {
      if (a.fields.includes('time')) expect(a.limits.minutes).toBeGreaterThanOrEqual(30);
      expect(a.limits.minutes).toBeLessThanOrEqual(720);
      expect(a.limits.reps).toBeLessThanOrEqual(3000);
      expect(a.limits.weightLifted).toBeLessThanOrEqual(2000);
    }
    // A raw world-record deadlift (501 kg = 1,104.5 lbs) is refused only by a hair: the limit is
    // the record rounded; a 315 lb deadlift, a marathon, a 90-minute yoga class all pass.
    expect(findActivity('Deadlift')?.limits.weightLifted).toBe(1100);
    expect(findActivity('Running')?.limits.minutes).toBeGreaterThanOrEqual(300);
    expect(findActivity('Yoga')?.limits.minutes).toBeGreaterThanOrEqual(90);
    expect(findActivity('Childs Pose')?.limits.minutes).toBe(30);
  });

  it('display name and post: blank means no visible character (Unicode spaces, zero-width)', () => {
    for (const blank of [
      '',
      '   ',
      '\u3000\u3000',
      '\u00a0',
      '\u200b\u200c\u200d',
      '\u2060\ufeff',
      '\u3164',
      ' \t\n ',
    ]) {
      expect(messageOf(create('posts', { message: blank, timestamp: NOW })), JSON.stringify(blank)).toBe(
        MESSAGES.postEmpty,
      );
      expect(messageOf(validatePostForm({ message: blank, userId: 'u1', timestamp: NOW }))).toBe(
        MESSAGES.postEmpty,
      );
      expect(messageOf(validateAccountProfile({ displayName: blank }, TODAY))).toBe(
        MESSAGES.displayNameRequired,
      );
      if (blank !== '')
        expect(messageOf(create('user', { displayName: blank })), JSON.stringify(blank)).toBe(
          MESSAGES.displayNameRequired,
        );
    }
    expect(create('posts', { message: '\u200bhi', timestamp: NOW }).ok).toBe(true);
    expect(create('user', { displayName: '\u00a0Ana' }).ok).toBe(true);
  });

  it("display name: '' until first set (sign-up, Google), never blank again once set", () => {
    expect(create('user', { userId: 'u1', createdAt: NOW, displayName: '' }).ok).toBe(true);
    expect(update('user', { displayName: '' }, { displayName: '', height: 70 }).ok).toBe(true);
    expect(messageOf(update('user', { displayName: 'Ana' }, { displayName: '' }))).toBe(
      MESSAGES.displayNameRequired,
    );
    // A stored value does not block saving another field.
    expect(update('user', { displayName: '  ' }, { displayName: '  ', height: 70 }).ok).toBe(true);
  });

  it('bidi embedding, override and isolate controls are refused in display names and posts', () => {
    for (const c of [
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
    ]) {
      expect(messageOf(create('posts', { message: `see ${c}moc.elpmaxe`, timestamp: NOW }))).toBe(
        MESSAGES.postBidi,
      );
      expect(messageOf(create('user', { displayName: `Ana${c}` }))).toBe(MESSAGES.displayNameBidi);
      expect(messageOf(validatePostForm({ message: `x${c}y`, userId: 'u1', timestamp: NOW }))).toBe(
        MESSAGES.postBidi,
      );
      expect(messageOf(validateAccountProfile({ displayName: `x${c}y` }, TODAY))).toBe(
        MESSAGES.displayNameBidi,
      );
    }
    // Marks and right-to-left text itself are fine.
    expect(create('posts', { message: 'שלום\u200f עולם', timestamp: NOW }).ok).toBe(true);
    expect(create('user', { displayName: 'مريم\u200e' }).ok).toBe(true);
  });

  it('lengths are UTF-16 code units, as Firestore and the rules count them', () => {
    const emoji = '\u{1F600}';
    expect(create('posts', { message: emoji.repeat(250), timestamp: NOW }).ok).toBe(true);
    expect(create('posts', { message: `${emoji.repeat(250)}x`, timestamp: NOW }).ok).toBe(false);
    expect(create('user', { displayName: emoji.repeat(50) }).ok).toBe(true);
    expect(create('user', { displayName: `${emoji.repeat(50)}x` }).ok).toBe(false);
    expect(
      messageOf(validatePostForm({ message: `${emoji.repeat(250)}x`, userId: 'u1', timestamp: NOW })),
    ).toBe(MESSAGES.postTooLong);
  });

  it("birth date up to tomorrow (UTC) and target date from yesterday (UTC): every zone's today passes", () => {
    // NOW is 2026-11-22 12:00 UTC: somewhere it is already the 23rd, somewhere still the 21st.
    expect(create('user', { dateOfBirth: '2026-11-23' }).ok).toBe(true);
    expect(messageOf(create('user', { dateOfBirth: '2026-11-24' }))).toBe(MESSAGES.dobFuture);
    expect(create('user', { targetDate: '2026-11-21' }).ok).toBe(true);
    expect(messageOf(create('user', { targetDate: '2026-11-20' }))).toBe(MESSAGES.targetDatePast);
    // A target date that has passed since it was saved does not block other edits...
    const before = { targetDate: '2026-01-01', height: 70 };
    expect(update('user', before, { ...before, height: 71 }).ok).toBe(true);
    // ...but cannot be set again.
    expect(messageOf(update('user', { targetDate: '' }, { targetDate: '2026-01-01' }))).toBe(
      MESSAGES.targetDatePast,
    );
    // Edges of the day: just after midnight UTC and just before.
    const at = (now: number, doc: Record<string, unknown>) =>
      validateDocument('user', doc, { uid: 'u1', now, before: null }).ok;
    const midnight = Date.UTC(2026, 10, 22);
    expect(at(midnight, { dateOfBirth: '2026-11-23', targetDate: '2026-11-21' })).toBe(true);
    expect(at(midnight - 1, { dateOfBirth: '2026-11-23' })).toBe(false);
    expect(at(midnight - 1, { targetDate: '2026-11-20' })).toBe(true);
  });

  it('a birth date at most 150 years back (a day of slack), on the fields the write changes', () => {
    // NOW is 2026-11-22 (UTC): the oldest birth date is LIMITS.maxAgeDays + 1 days before it.
    const oldest = addDays('2026-11-22', -(LIMITS.maxAgeDays + 1));
    expect(create('user', { dateOfBirth: oldest }).ok).toBe(true);
    expect(messageOf(create('user', { dateOfBirth: addDays(oldest, -1) }))).toBe(MESSAGES.dobTooOld);
    expect(messageOf(create('user', { dateOfBirth: '0198-05-01' }))).toBe(MESSAGES.dobTooOld);
    // A birth date stored before the bound does not block saving another field.
    const before = { dateOfBirth: '0198-05-01', height: 70 };
    expect(update('user', before, { ...before, height: 71 }).ok).toBe(true);
  });

  it('dates on the profile are calendar dates or empty', () => {
    expect(create('user', { dateOfBirth: '1990-06-15', targetDate: '' }).ok).toBe(true);
    expect(create('user', { dateOfBirth: '1990-06-31' }).ok).toBe(false);
    expect(create('user', { targetDate: '2026-11-22T00:00:00Z' }).ok).toBe(false);
    expect(create('user', { gender: 'male' }).ok).toBe(false);
  });
});

describe('plausible body measures (stored lbs and inches)', () => {
  it('refuses height 1.8 and 180 inches, naming inches; accepts the edges', () => {
    const height = (h: string) => messageOf(validateAccountProfile({ displayName: 'Sam', height: h }, TODAY));
    expect(height('1.8')).toBe('Height must be between 36 and 108 inches.');
    expect(height('180')).toBe('Height must be between 36 and 108 inches.');
    expect(height('35.99')).toBe(MESSAGES.heightImplausible);
    expect(height('36')).toBeUndefined();
    expect(height('108')).toBeUndefined();
    expect(messageOf(validateDashboardProfile({ height: '1,8' }, TODAY))).toBe(MESSAGES.heightImplausible);
  });

  it('weights: 40-1100 lbs, with a comma or a point as decimal separator', () => {
    expect(messageOf(validateWeightForm({ weight: '39.9', timestamp: NOW }))).toBe(
      'Weight must be between 40 and 1100 lbs.',
    );
    expect(okValue(validateWeightForm({ weight: '181,5', timestamp: NOW })).weight).toBe(181.5);
    expect(okValue(validateWeightForm({ weight: '1100', timestamp: NOW })).weight).toBe(1100);
    expect(messageOf(validateDashboardProfile({ targetWeight: '10' }, TODAY))).toBe(
      'Target weight must be between 40 and 1100 lbs.',
    );
    expect(okValue(validateDashboardProfile({ targetWeight: '150,5' }, TODAY)).targetWeight).toBe(150.5);
  });

  it('weight lifted takes a decimal comma too; two separators stay refused', () => {
    const base = { userId: 'u1', activityType: 'Bench Press', time: '10', timestamp: NOW };
    expect(okValue(validateActivityForm({ ...base, weightLifted: '62,5' })).weightLifted).toBe(62.5);
    expect(messageOf(validateActivityForm({ ...base, weightLifted: '1,000.5' }))).toBe(
      MESSAGES.weightLiftedNonNegative,
    );
  });
});
