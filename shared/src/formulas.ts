/**
 * Calories, BMI, BMR, age and weight-goal advice; lbs and inches, 0 or missing meaning unknown.
 * Calories = rate x minutes x (weight / 155) x (1 + 0.1 x tens of lbs lifted), split into integer
 * "calorie units" stored per activity and one weight factor applied to their sum, so every
 * period's calories are a plain sum. No minutes, no calories: the formula is per minute.
 */
import { acceptsField, findActivity } from './catalogue.ts';
import { parseCalendarDate, utcInstant } from './periods.ts';

export const DEFAULT_WEIGHT_LBS = 155;
export const CALORIES_PER_POUND = 3500;
/** The most a day's deficit or surplus should be, per the spec's goal advice. */
export const SAFE_MAX_DAILY_CALORIES = 1000;
export const GOAL_TOO_CLOSE_DAYS = 7;
export const KG_PER_LB = 0.453592;
export const CM_PER_IN = 2.54;

export function isKnownMeasure(value: number | undefined | null): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

/** The weight to use for calories: the user's, or 155 lbs when unknown. */
export function effectiveWeight(weightLbs: number | undefined | null): number {
  return isKnownMeasure(weightLbs) ? weightLbs : DEFAULT_WEIGHT_LBS;
}

type CalorieInput = { activityType: string; time?: number; weightLifted?: number };

/**
 * Exact integer: rate*10 x minutes x (10 + floor(weightLifted/10)). Only inputs the activity
 * accepts count; no time -> 0; unknown activity -> 0.
 */
export function calorieUnits(rec: CalorieInput): number {
  const activity = findActivity(rec.activityType);
  if (!activity || !acceptsField(activity, 'time')) return 0;
  const minutes = typeof rec.time === 'number' && Number.isFinite(rec.time) && rec.time > 0 ? rec.time : 0;
  const lifted =
    acceptsField(activity, 'weightLifted') &&
    typeof rec.weightLifted === 'number' &&
    Number.isFinite(rec.weightLifted) &&
    rec.weightLifted > 0
      ? rec.weightLifted
      : 0;
  return Math.round(activity.rate * 10) * minutes * (10 + Math.floor(lifted / 10));
}

/** The ONE definition of calories for any set of activities: round(units x weight / 15500). */
export function caloriesFromUnits(units: number, weightLbs: number | undefined | null): number {
  const weight = effectiveWeight(weightLbs);
  // Weights are entered to a tenth of a pound. Then units x tenths / 155000 is a ratio of exact
  // integers, and one correctly rounded division lands exactly on a .5 tie, which Math.round rounds
  // up as the spec's "rounded" means (units x 260.4 / 15500 in floating point can fall just below).
  const tenths = Math.round(weight * 10);
  if (Math.abs(weight * 10 - tenths) < 1e-6 && Number.isSafeInteger(units * tenths))
    return Math.round((units * tenths) / (10 * 10 * 10 * DEFAULT_WEIGHT_LBS));
  return Math.round((units * weight) / (10 * 10 * DEFAULT_WEIGHT_LBS));
}

export function activityCalories(rec: CalorieInput, weightLbs?: number | null): number {
  return caloriesFromUnits(calorieUnits(rec), weightLbs);
}

/** Calories per minute of an activity's base rate, scaled to the user's weight (MET values popup). */
export function scaledRate(rate: number, weightLbs: number | undefined | null): number {
  return (rate * effectiveWeight(weightLbs)) / DEFAULT_WEIGHT_LBS;
}

// ---- BMI ----

/** 703 x lbs / inches^2, or null when either is unknown. Not rounded: format for display. */
export function bmi(
  weightLbs: number | undefined | null,
  heightIn: number | undefined | null,
): number | null {
  if (!isKnownMeasure(weightLbs) || !isKnownMeasure(heightIn)) return null;
  return (703 * weightLbs) / (heightIn * heightIn);
}

export type BmiCategory = 'Underweight' | 'Healthy' | 'Overweight' | 'Obese';

export const BMI_CATEGORIES: readonly { category: BmiCategory; range: string }[] = [
  { category: 'Underweight', range: 'Below 18.5' },
  { category: 'Healthy', range: '18.5 – 24.9' },
  { category: 'Overweight', range: '25.0 – 29.9' },
  { category: 'Obese', range: '30.0 and above' },
];

/**
 * The BMI as shown (one decimal). The spec's categories are written at that precision (24.9 Healthy,
 * 25.0 Overweight), so a BMI of 24.96 is shown as 25.0 and must be categorized as 25.0 too.
 */
export function roundBmi(value: number): number {
  return Math.round(value * 10) / 10;
}

export function bmiCategory(value: number): BmiCategory {
  const shown = roundBmi(value);
  if (shown < 18.5) return 'Underweight';
  if (shown < 25) return 'Healthy';
  if (shown < 30) return 'Overweight';
  return 'Obese';
}

/** Whether to show the encouragement message (BMI 25 or above, as shown). */
export function bmiEncouragement(value: number): boolean {
  return roundBmi(value) >= 25;
}

// ---- age and BMR ----

/** Whole years from a birth date to a day, both calendar dates; null if invalid or not yet born. */
export function ageOn(dateOfBirth: string, today: string): number | null {
  const born = parseCalendarDate(dateOfBirth);
  const now = parseCalendarDate(today);
  if (!born || !now) return null;
  let age = now.year - born.year;
  if (now.month < born.month || (now.month === born.month && now.day < born.day)) age--;
  return age >= 0 ? age : null;
}

/** Mifflin-St Jeor, rounded: 10 kg + 6.25 cm - 5 age + 5 (Male, the default) or - 161 (Female). */
export function bmr(p: {
  weightLbs?: number | null;
  heightIn?: number | null;
  age: number | null;
  gender?: 'Male' | 'Female';
}): number | null {
  if (!isKnownMeasure(p.weightLbs) || !isKnownMeasure(p.heightIn)) return null;
  if (p.age === null || !Number.isFinite(p.age) || p.age < 0) return null;
  const kg = p.weightLbs * KG_PER_LB;
  const cm = p.heightIn * CM_PER_IN;
  return Math.round(10 * kg + 6.25 * cm - 5 * p.age + (p.gender === 'Female' ? -161 : 5));
}

// ---- goal advice ----

export type GoalAdvice =
  | { kind: 'none' }
  | { kind: 'at-target'; text: string }
  | {
      kind: 'dated';
      direction: 'lose' | 'gain';
      pounds: number;
      days: number;
      /** What to aim for per day: the need, capped at the safe maximum. */
      dailyCalories: number;
      /** What the date would really take per day (above dailyCalories when capped). */
      requiredDailyCalories: number;
      tooClose: boolean;
      capped: boolean;
      text: string;
    }
  | {
      kind: 'undated';
      direction: 'lose' | 'gain';
      pounds: number;
      /** Per pace: months (the spec's figure) and days (what the text says when under a month). */
      months: { perDay: 250 | 500 | 750; months: number; days: number }[];
      text: string;
    };

const DAYS_PER_MONTH = 365.25 / 12;
const MS_PER_DAY = 86_400_000;

function daysBetween(from: string, to: string): number | null {
  const a = parseCalendarDate(from);
  const b = parseCalendarDate(to);
  if (!a || !b) return null;
  return Math.round((utcInstant(b.year, b.month, b.day) - utcInstant(a.year, a.month, a.day)) / MS_PER_DAY);
}

function formatNumber(n: number): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: 1 });
}

function lbsText(pounds: number): string {
  return `${formatNumber(pounds)} ${pounds === 1 ? 'lb' : 'lbs'}`;
}

/** A pace's duration: the spec's 'N months', or days when under a month (never '0.2 months'). */
function duration(pace: { months: number; days: number }): string {
  if (pace.months >= 1) return `${formatNumber(pace.months)} months`;
  return `${formatNumber(pace.days)} ${pace.days === 1 ? 'day' : 'days'}`;
}

/**
 * Advice to reach a target weight (3500 cal per lb); 'none' while either weight is unknown.
 * `weightText` words the amount to lose or gain (stored lbs) in the viewer's units; the spec's
 * lbs wording by default.
 */
export function goalAdvice(p: {
  currentWeight?: number | null;
  targetWeight?: number | null;
  targetDate?: string | null;
  today: string;
  weightText?: (pounds: number) => string;
}): GoalAdvice {
  if (!isKnownMeasure(p.currentWeight) || !isKnownMeasure(p.targetWeight)) return { kind: 'none' };
  // Weights are entered to a tenth of a pound; compare at that precision.
  const pounds = Math.round(Math.abs(p.targetWeight - p.currentWeight) * 10) / 10;
  if (pounds === 0) return { kind: 'at-target', text: "You're at your target weight!" };
  const direction = p.targetWeight < p.currentWeight ? 'lose' : 'gain';
  const totalCalories = pounds * CALORIES_PER_POUND;
  const verb = direction === 'lose' ? 'lose' : 'gain';
  const lbs = p.weightText ?? lbsText;
  const balance =
    direction === 'lose' ? 'burn {n} a day more than you eat' : 'eat {n} a day more than you burn';
  // A far target date (a year typed wrong: 9999) needs under a calorie a day: never 'about 0 calories'.
  const amount = (n: number) =>
    n < 1 ? 'less than 1 calorie' : `about ${formatNumber(n)} ${n === 1 ? 'calorie' : 'calories'}`;

  const daysToDate = p.targetDate ? daysBetween(p.today, p.targetDate) : null;
  if (daysToDate !== null && p.targetDate) {
    const days = Math.max(1, daysToDate);
    const required = Math.round(totalCalories / days);
    const capped = required > SAFE_MAX_DAILY_CALORIES;
    const daily = Math.min(required, SAFE_MAX_DAILY_CALORIES);
    const tooClose = days < GOAL_TOO_CLOSE_DAYS;
    const dayWord = days === 1 ? 'day' : 'days';
    const parts: string[] = [];
    if (tooClose) {
      // The date may have arrived or passed since it was saved: the plan then counts 1 day.
      const when =
        daysToDate < 0
          ? `${p.targetDate} has already passed`
          : daysToDate === 0
            ? `${p.targetDate} is today`
            : `${p.targetDate} is only ${days} ${dayWord} away`;
      parts.push(`Goal too close: ${when}. A later date gives a steadier pace.`);
    }
    if (capped) {
      const safeDays = Math.ceil(totalCalories / SAFE_MAX_DAILY_CALORIES);
      parts.push(
        `To ${verb} ${lbs(pounds)} in ${days} ${dayWord} would take ${formatNumber(required)} calories a day, ` +
          `more than the safe maximum of ${formatNumber(SAFE_MAX_DAILY_CALORIES)} calories a day. ` +
          `At ${formatNumber(SAFE_MAX_DAILY_CALORIES)} a day you can ${verb} it in about ${safeDays} days; ` +
          `${balance.replace('{n}', amount(SAFE_MAX_DAILY_CALORIES))}.`,
      );
    } else {
      parts.push(
        `To ${verb} ${lbs(pounds)} by ${p.targetDate} (${formatNumber(days)} ${dayWord}), ${balance.replace('{n}', amount(daily))}.`,
      );
    }
    return {
      kind: 'dated',
      direction,
      pounds,
      days,
      dailyCalories: daily,
      requiredDailyCalories: required,
      tooClose,
      capped,
      text: parts.join(' '),
    };
  }

  const months = ([250, 500, 750] as const).map((perDay) => ({
    perDay,
    months: Math.round((totalCalories / perDay / DAYS_PER_MONTH) * 10) / 10,
    days: Math.max(1, Math.ceil(totalCalories / perDay)),
  }));
  const [slow, steady, brisk] = months as [(typeof months)[0], (typeof months)[0], (typeof months)[0]];
  const text =
    `To ${verb} ${lbs(pounds)}, ${balance.replace('{n}', 'about 250-750 calories')}: about ${duration(slow)} ` +
    `at 250 a day, ${duration(steady)} at 500, or ${duration(brisk)} at 750. ` +
    'Set a target date for a daily plan.';
  return { kind: 'undated', direction, pounds, months, text };
}
