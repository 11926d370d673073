import { describe, expect, it } from 'vitest';
import { ACTIVITIES } from '../src/catalogue.ts';
import {
  activityCalories,
  ageOn,
  BMI_CATEGORIES,
  bmi,
  bmiCategory,
  bmiEncouragement,
  bmr,
  CALORIES_PER_POUND,
  caloriesFromUnits,
  calorieUnits,
  DEFAULT_WEIGHT_LBS,
  effectiveWeight,
  goalAdvice,
  SAFE_MAX_DAILY_CALORIES,
  scaledRate,
} from '../src/formulas.ts';
import { addDays, localDate } from '../src/periods.ts';
import { intBetween, pick, seededRandom } from './rng.ts';

/**
 * The spec formula, computed exactly: rate x minutes x (weight / 155) x (1 + 0.1 x whole tens lifted),
 * rounded half up. Weight is given in tenths of a pound so every quantity is an integer ratio.
 */
function specCaloriesExact(rate: number, minutes: number, weightTenths: number, lifted: number): number {
  const rate10 = BigInt(Math.round(rate * 10));
  const tens = BigInt(Math.floor(lifted / 10));
  const num = rate10 * BigInt(minutes) * (10n + tens) * BigInt(weightTenths);
  const den = 10n * 10n * 155n * 10n;
  return Number((2n * num + den) / (2n * den)); // floor(x + 1/2) for x >= 0
}

/** The spec formula in plain floating point, for inputs not within rounding noise of a .5 tie. */
function specCaloriesFloat(rate: number, minutes: number, weight: number, lifted: number) {
  const raw = rate * minutes * (weight / 155) * (1 + 0.1 * Math.floor(lifted / 10));
  return { value: Math.round(raw), nearTie: Math.abs((raw % 1) - 0.5) < 1e-6 };
}

describe('calories', () => {
  it('spec examples for a 155 lb person', () => {
    expect(activityCalories({ activityType: 'Running', time: 30 })).toBe(240);
    expect(activityCalories({ activityType: 'Walking', time: 60 }, 155)).toBe(270);
    expect(activityCalories({ activityType: 'Childs Pose', time: 3 }, 155)).toBe(5); // 4.5 rounds up
    // Bench press 5/min, 20 min, 45 lbs lifted = 4 whole tens -> x1.4
    expect(activityCalories({ activityType: 'Bench Press', time: 20, weightLifted: 45 })).toBe(140);
    // 49.9 lbs is still 4 whole tens; 50 is 5
    expect(activityCalories({ activityType: 'Bench Press', time: 20, weightLifted: 49.9 })).toBe(140);
    expect(activityCalories({ activityType: 'Bench Press', time: 20, weightLifted: 50 })).toBe(150);
    expect(activityCalories({ activityType: 'Bench Press', time: 20, weightLifted: 9 })).toBe(100);
  });

  it('scales with body weight', () => {
    expect(activityCalories({ activityType: 'Running', time: 30 }, 310)).toBe(480);
    expect(activityCalories({ activityType: 'Running', time: 30 }, 77.5)).toBe(120);
  });

  it.each([0, -10, undefined, null, Number.NaN, Number.POSITIVE_INFINITY])(
    'uses 155 lbs when the weight is unknown (%s)',
    (w) => {
      expect(effectiveWeight(w)).toBe(DEFAULT_WEIGHT_LBS);
      expect(activityCalories({ activityType: 'Running', time: 30 }, w)).toBe(240);
      expect(caloriesFromUnits(2400 * 10, w)).toBe(240);
    },
  );

  it('calorie units are the exact integer rate*10 x minutes x (10 + whole tens lifted)', () => {
    expect(calorieUnits({ activityType: 'Running', time: 30 })).toBe(80 * 30 * 10);
    expect(calorieUnits({ activityType: 'Romanian Deadlift', time: 7, weightLifted: 135 })).toBe(
      55 * 7 * (10 + 13),
    );
  });

  it('an activity without time burns 0 calories', () => {
    expect(calorieUnits({ activityType: 'Leg Curl', weightLifted: 100 })).toBe(0);
    expect(calorieUnits({ activityType: 'Leg Extension', time: 30, weightLifted: 100 })).toBe(0);
    expect(calorieUnits({ activityType: 'Running' })).toBe(0);
    expect(calorieUnits({ activityType: 'Running', time: 0 })).toBe(0);
    expect(calorieUnits({ activityType: 'Running', time: -5 })).toBe(0);
    expect(calorieUnits({ activityType: 'Running', time: Number.NaN })).toBe(0);
    expect(activityCalories({ activityType: 'Leg Curl', weightLifted: 100 }, 200)).toBe(0);
  });

  it('ignores fields the activity does not accept, and unknown activities', () => {
    // Running takes no weight lifted: it must not multiply the calories
    expect(calorieUnits({ activityType: 'Running', time: 10, weightLifted: 100 })).toBe(80 * 10 * 10);
    expect(calorieUnits({ activityType: 'Push Ups', time: 10, weightLifted: 100 })).toBe(40 * 10 * 10);
    expect(calorieUnits({ activityType: 'Bench Press', time: 10, weightLifted: -30 })).toBe(50 * 10 * 10);
    expect(calorieUnits({ activityType: 'Heavy Bag', time: 10 })).toBe(0);
  });

  it('looks the activity up case-insensitively', () => {
    expect(calorieUnits({ activityType: 'bench press', time: 10 })).toBe(
      calorieUnits({ activityType: 'Bench Press', time: 10 }),
    );
  });

  it('matches the spec formula computed directly over many inputs (one decimal weights, exact)', () => {
    const rand = seededRandom(20261122);
    for (let i = 0; i < 5000; i++) {
      const a = pick(rand, ACTIVITIES);
      const minutes = intBetween(rand, 1, 1440);
      const weightTenths = intBetween(rand, 1, 15000);
      const lifted = a.fields.includes('weightLifted') ? intBetween(rand, 0, 20000) / 10 : 0;
      const rec = { activityType: a.name, time: minutes, weightLifted: lifted };
      const expected = a.fields.includes('time')
        ? specCaloriesExact(a.rate, minutes, weightTenths, lifted)
        : 0;
      expect(activityCalories(rec, weightTenths / 10), JSON.stringify({ rec, weightTenths })).toBe(expected);
      expect(Number.isSafeInteger(calorieUnits(rec))).toBe(true);
    }
  });

  it('matches the floating-point spec formula for arbitrary weights away from .5 ties', () => {
    const rand = seededRandom(7);
    let compared = 0;
    for (let i = 0; i < 5000; i++) {
      const a = pick(
        rand,
        ACTIVITIES.filter((x) => x.fields.includes('time')),
      );
      const minutes = intBetween(rand, 1, 600);
      const weight = 50 + rand() * 400;
      const lifted = a.fields.includes('weightLifted') ? rand() * 500 : 0;
      const { value, nearTie } = specCaloriesFloat(a.rate, minutes, weight, lifted);
      if (nearTie) continue;
      compared++;
      expect(activityCalories({ activityType: a.name, time: minutes, weightLifted: lifted }, weight)).toBe(
        value,
      );
    }
    expect(compared).toBeGreaterThan(4900);
  });

  it('period calories are round(sum of units x weight / 15500), i.e. rounded once, not per activity', () => {
    // An exact .5 tie that plain floating point (units x 260.4 / 15500 = 31.499...) rounds down
    expect(caloriesFromUnits(1875, 260.4)).toBe(32);
    expect(caloriesFromUnits(1875, 2604 / 10)).toBe(32);
    // Two 3-minute Childs Pose sessions: 4.5 + 4.5 = 9 kcal, not round(4.5) + round(4.5) = 10
    const one = calorieUnits({ activityType: 'Childs Pose', time: 3 });
    expect(caloriesFromUnits(one * 2, 155)).toBe(9);
    const rand = seededRandom(99);
    for (let i = 0; i < 500; i++) {
      const units = intBetween(rand, 0, 10_000_000);
      const weightTenths = intBetween(rand, 1, 15000);
      const exact = Number((2n * BigInt(units) * BigInt(weightTenths) + 155000n) / 310000n);
      expect(caloriesFromUnits(units, weightTenths / 10)).toBe(exact);
    }
  });

  it('scaledRate is the base rate scaled by weight / 155 (MET popup)', () => {
    expect(scaledRate(8, 155)).toBe(8);
    expect(scaledRate(8, 310)).toBe(16);
    expect(scaledRate(8, 0)).toBe(8);
  });
});

describe('BMI', () => {
  it('is 703 x lbs / inches squared', () => {
    expect(bmi(150, 65)).toBeCloseTo((703 * 150) / 65 ** 2, 10);
    expect(bmi(180, 70)).toBeCloseTo(25.8245, 3);
  });

  it.each([
    [0, 70],
    [-1, 70],
    [180, 0],
    [180, undefined],
    [undefined, 70],
    [null, null],
  ])('is hidden (null) when weight %s or height %s is unknown', (w, h) => {
    expect(bmi(w, h)).toBeNull();
  });

  it.each([
    [10, 'Underweight'],
    [18.4, 'Underweight'],
    [18.44, 'Underweight'],
    [18.5, 'Healthy'],
    [22, 'Healthy'],
    [24.9, 'Healthy'],
    [24.94, 'Healthy'],
    [25, 'Overweight'],
    [29.9, 'Overweight'],
    [29.94, 'Overweight'],
    [30, 'Obese'],
    [45, 'Obese'],
  ] as const)('BMI %s is %s', (value, category) => {
    expect(bmiCategory(value)).toBe(category);
  });

  it('categorizes the BMI as displayed (one decimal), so 24.96 (shown 25.0) is Overweight', () => {
    expect(bmiCategory(24.96)).toBe('Overweight');
    expect(bmiEncouragement(24.96)).toBe(true);
    expect(bmiCategory(18.46)).toBe('Healthy');
    expect(bmiCategory(29.96)).toBe('Obese');
    // A real person: 150 lbs at 65 in is 24.959..., shown as 25.0
    const value = bmi(150, 65) as number;
    expect(value.toFixed(1)).toBe('25.0');
    expect(bmiCategory(value)).toBe('Overweight');
  });

  it('shows the encouragement at 25 or above only', () => {
    expect(bmiEncouragement(24.9)).toBe(false);
    expect(bmiEncouragement(25)).toBe(true);
    expect(bmiEncouragement(31)).toBe(true);
    expect(bmiEncouragement(17)).toBe(false);
  });

  it('lists the four categories in order for the explainer popup', () => {
    expect(BMI_CATEGORIES.map((c) => c.category)).toEqual(['Underweight', 'Healthy', 'Overweight', 'Obese']);
  });
});

describe('age and BMR', () => {
  it('counts whole years on a given day: birthday today, tomorrow, yesterday', () => {
    expect(ageOn('1990-06-15', '2026-06-15')).toBe(36);
    expect(ageOn('1990-06-16', '2026-06-15')).toBe(35);
    expect(ageOn('1990-06-14', '2026-06-15')).toBe(36);
    expect(ageOn('1990-07-01', '2026-06-30')).toBe(35);
    expect(ageOn('2026-06-15', '2026-06-15')).toBe(0);
  });

  it('a Feb 29 birthday counts on Mar 1 in common years and on Feb 29 in leap years', () => {
    expect(ageOn('2000-02-29', '2027-02-28')).toBe(26);
    expect(ageOn('2000-02-29', '2027-03-01')).toBe(27);
    expect(ageOn('2000-02-29', '2028-02-28')).toBe(27);
    expect(ageOn('2000-02-29', '2028-02-29')).toBe(28);
  });

  it('is null for invalid dates or a birth date after the day', () => {
    expect(ageOn('2026-06-16', '2026-06-15')).toBeNull();
    expect(ageOn('', '2026-06-15')).toBeNull();
    expect(ageOn('1990-02-30', '2026-06-15')).toBeNull();
    expect(ageOn('1990-06-15', 'today')).toBeNull();
  });

  it('uses the local calendar date, never the birth date as a UTC instant (UTC-10)', () => {
    // 05:00 UTC on June 15 is still June 14 in Honolulu: the birthday is tomorrow there.
    const instant = Date.UTC(2026, 5, 15, 5, 0);
    const today = localDate(instant, 'Pacific/Honolulu');
    expect(today).toBe('2026-06-14');
    expect(ageOn('2000-06-15', today)).toBe(25);
    expect(ageOn('2000-06-14', today)).toBe(26);
  });

  it('Mifflin-St Jeor with 0.453592 kg/lb and 2.54 cm/in: +5 Male, -161 Female', () => {
    const kg = 180 * 0.453592;
    const cm = 70 * 2.54;
    const male = 10 * kg + 6.25 * cm - 5 * 30 + 5;
    const female = 10 * kg + 6.25 * cm - 5 * 30 - 161;
    expect(bmr({ weightLbs: 180, heightIn: 70, age: 30, gender: 'Male' })).toBe(Math.round(male));
    expect(bmr({ weightLbs: 180, heightIn: 70, age: 30, gender: 'Female' })).toBe(Math.round(female));
    expect(Math.round(male)).toBe(1783);
    expect(Math.round(female)).toBe(1617);
    // Male is the default
    expect(bmr({ weightLbs: 180, heightIn: 70, age: 30 })).toBe(1783);
    // 5 per year of age
    expect(bmr({ weightLbs: 180, heightIn: 70, age: 31, gender: 'Male' })).toBe(Math.round(male - 5));
  });

  it('is hidden when weight, height or age is unknown', () => {
    expect(bmr({ weightLbs: 0, heightIn: 70, age: 30 })).toBeNull();
    expect(bmr({ weightLbs: 180, heightIn: 0, age: 30 })).toBeNull();
    expect(bmr({ weightLbs: 180, heightIn: 70, age: null })).toBeNull();
    expect(bmr({ weightLbs: 180, heightIn: 70, age: -1 })).toBeNull();
  });
});

describe('goal advice', () => {
  const today = '2026-01-01';

  it('says nothing while a weight is unknown', () => {
    expect(goalAdvice({ currentWeight: 0, targetWeight: 150, today }).kind).toBe('none');
    expect(goalAdvice({ currentWeight: 180, targetWeight: undefined, today }).kind).toBe('none');
    expect(goalAdvice({ currentWeight: null, targetWeight: null, today }).kind).toBe('none');
  });

  it("at target says exactly 'You're at your target weight!'", () => {
    const advice = goalAdvice({ currentWeight: 180, targetWeight: 180, targetDate: '2026-06-01', today });
    expect(advice).toEqual({ kind: 'at-target', text: "You're at your target weight!" });
    expect(goalAdvice({ currentWeight: 180.02, targetWeight: 180, today }).kind).toBe('at-target');
  });

  it('dated loss: 3500 cal per lb divided over the days', () => {
    const advice = goalAdvice({ currentWeight: 180, targetWeight: 170, targetDate: '2026-03-01', today });
    if (advice.kind !== 'dated') throw new Error(advice.kind);
    expect(advice.direction).toBe('lose');
    expect(advice.pounds).toBe(10);
    expect(advice.days).toBe(59);
    expect(advice.requiredDailyCalories).toBe(Math.round((10 * CALORIES_PER_POUND) / 59));
    expect(advice.dailyCalories).toBe(593);
    expect(advice.capped).toBe(false);
    expect(advice.tooClose).toBe(false);
    expect(advice.text).toContain('lose 10 lbs');
    expect(advice.text).toContain('593');
    expect(advice.text).not.toContain('Goal too close');
  });

  it('dated gain', () => {
    const advice = goalAdvice({ currentWeight: 150, targetWeight: 155, targetDate: '2026-02-05', today });
    if (advice.kind !== 'dated') throw new Error(advice.kind);
    expect(advice.direction).toBe('gain');
    expect(advice.days).toBe(35);
    expect(advice.dailyCalories).toBe(500);
    expect(advice.text).toContain('gain 5 lbs');
    expect(advice.text).toContain('eat about 500 calories a day more than you burn');
  });

  it('a far target date (9999-12-31, a year typed wrong) never reads as 0 calories a day', () => {
    const far = goalAdvice({ currentWeight: 180, targetWeight: 170, targetDate: '9999-12-31', today });
    if (far.kind !== 'dated') throw new Error(far.kind);
    expect(far.text).toBe(
      `To lose 10 lbs by 9999-12-31 (${far.days.toLocaleString('en-US')} days), burn less than 1 calorie a day more than you eat.`,
    );
    const one = goalAdvice({
      currentWeight: 180,
      targetWeight: 179.9,
      targetDate: addDays(today, 350),
      today,
    });
    expect(one.kind === 'dated' && one.text).toContain('burn about 1 calorie a day more than you eat');
  });

  it("under 7 days says 'Goal too close'; 7 days does not", () => {
    const six = goalAdvice({ currentWeight: 150, targetWeight: 149, targetDate: addDays(today, 6), today });
    const seven = goalAdvice({ currentWeight: 150, targetWeight: 149, targetDate: addDays(today, 7), today });
    if (six.kind !== 'dated' || seven.kind !== 'dated') throw new Error('expected dated advice');
    expect(six.days).toBe(6);
    expect(six.tooClose).toBe(true);
    expect(six.text.startsWith('Goal too close')).toBe(true);
    expect(seven.days).toBe(7);
    expect(seven.tooClose).toBe(false);
    expect(seven.text).not.toContain('Goal too close');
    expect(seven.dailyCalories).toBe(500);
  });

  it('counts at least 1 day when the date is today or past, and says so truthfully', () => {
    for (const targetDate of [today, addDays(today, -1), '2020-01-01']) {
      const advice = goalAdvice({ currentWeight: 150, targetWeight: 149.9, targetDate, today });
      if (advice.kind !== 'dated') throw new Error(advice.kind);
      expect(advice.days).toBe(1);
      expect(advice.requiredDailyCalories).toBe(350);
      expect(advice.tooClose).toBe(true);
      expect(advice.text.startsWith('Goal too close')).toBe(true);
      expect(advice.text).not.toMatch(/only 1 day away/);
      expect(advice.text).toContain(targetDate === today ? 'is today' : 'has already passed');
    }
    const tomorrow = goalAdvice({
      currentWeight: 150,
      targetWeight: 149.9,
      targetDate: addDays(today, 1),
      today,
    });
    expect(tomorrow.kind === 'dated' && tomorrow.text).toContain('1 day away');
  });

  it.each([
    [1.9, 950, false],
    [2, 1000, false],
    [2.1, 1050, true],
  ])('over 7 days, %s lbs needs %s a day: capped at 1000 = %s', (pounds, required, capped) => {
    const advice = goalAdvice({
      currentWeight: 200,
      targetWeight: 200 - pounds,
      targetDate: addDays(today, 7),
      today,
    });
    if (advice.kind !== 'dated') throw new Error(advice.kind);
    expect(advice.requiredDailyCalories).toBe(required);
    expect(advice.capped).toBe(capped);
    expect(advice.dailyCalories).toBe(Math.min(required, SAFE_MAX_DAILY_CALORIES));
    if (capped) {
      expect(advice.text).toContain('safe maximum of 1,000 calories a day');
      expect(advice.text).toContain(`in about ${Math.ceil((pounds * 3500) / 1000)} days`);
    } else expect(advice.text).not.toContain('safe maximum');
  });

  it('without a date shows months at 250, 500 and 750 cal/day', () => {
    const advice = goalAdvice({ currentWeight: 180, targetWeight: 170, today });
    if (advice.kind !== 'undated') throw new Error(advice.kind);
    const month = 365.25 / 12;
    expect(advice.months).toMatchObject([
      { perDay: 250, months: Math.round((35000 / 250 / month) * 10) / 10 },
      { perDay: 500, months: Math.round((35000 / 500 / month) * 10) / 10 },
      { perDay: 750, months: Math.round((35000 / 750 / month) * 10) / 10 },
    ]);
    expect(advice.months.map((m) => m.months)).toEqual([4.6, 2.3, 1.5]);
    expect(advice.text).toContain('4.6 months at 250 a day');
    expect(advice.text).toContain('2.3 months at 500');
    expect(advice.text).toContain('1.5 months at 750');
  });

  it('an empty or invalid target date counts as no date', () => {
    expect(goalAdvice({ currentWeight: 180, targetWeight: 170, targetDate: '', today }).kind).toBe('undated');
    expect(goalAdvice({ currentWeight: 180, targetWeight: 170, targetDate: '2026-13-01', today }).kind).toBe(
      'undated',
    );
  });

  it('says days, not a fraction of a month, for a pace under a month', () => {
    const one = goalAdvice({ currentWeight: 151, targetWeight: 150, today });
    if (one.kind !== 'undated') throw new Error(one.kind);
    expect(one.months.map((m) => m.days)).toEqual([14, 7, 5]);
    expect(one.text).toBe(
      'To lose 1 lb, burn about 250-750 calories a day more than you eat: about 14 days at 250 a day, ' +
        '7 days at 500, or 5 days at 750. Set a target date for a daily plan.',
    );
    // 5 lbs: 2.3 months at 250, 35 days at 500 (1.2 months: months), 24 days at 750
    const five = goalAdvice({ currentWeight: 155, targetWeight: 150, today });
    expect(five.kind === 'undated' && five.text).toContain(
      'about 2.3 months at 250 a day, 1.1 months at 500, or 24 days at 750.',
    );
    expect(one.text).not.toMatch(/0\.\d months/);
  });

  it('words the amount in the viewer units when asked', () => {
    const advice = goalAdvice({
      currentWeight: 176.37,
      targetWeight: 165.35,
      today,
      weightText: (lbs) => `${Math.round((lbs / 2.2046226218) * 10) / 10} kg`,
    });
    expect(advice.kind === 'undated' && advice.text).toContain('To lose 5 kg, ');
  });

  it('uses singular lb for one pound', () => {
    const advice = goalAdvice({ currentWeight: 151, targetWeight: 150, today });
    expect(advice.kind === 'undated' && advice.text).toContain('lose 1 lb,');
  });
});
