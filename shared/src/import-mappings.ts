/**
 * How other apps' names map onto the catalogue (docs/imports.md lists them for people). Strava
 * names a sport ("Run", "Weight Training"); Hevy names an exercise with its equipment in brackets
 * ("Bench Press (Barbell)"). A name with no catalogue activity is refused with its own spelling.
 */
import { type Activity, findActivity } from './catalogue.ts';

/** Case, spaces, hyphens and underscores do not matter: "Weight Training" = "WeightTraining". */
const key = (name: string) => name.toLowerCase().replace(/[\s\-_'\u2019]+/g, '');

/**
 * Strava activity types (as its export spells them, with or without spaces) to catalogue names.
 * Left out on purpose: E-Bike rides (a motor does part of the work), and sports the catalogue has
 * no activity for (kitesurfing, climbing, golf, ...).
 */
export const STRAVA_TYPES: Readonly<Record<string, string>> = {
  Run: 'Running',
  'Trail Run': 'Running',
  'Virtual Run': 'Running',
  Ride: 'Cycling',
  'Mountain Bike Ride': 'Cycling',
  'Gravel Ride': 'Cycling',
  'Virtual Ride': 'Stationary Bike',
  Velomobile: 'Cycling',
  Swim: 'Swimming',
  Walk: 'Walking',
  Hike: 'Hiking',
  Yoga: 'Yoga',
  Pilates: 'Pilates',
  Rowing: 'Rowing',
  'Virtual Row': 'Rowing',
  Elliptical: 'Elliptical',
  'Stair Stepper': 'Stair Climber',
  'Inline Skate': 'Inline Skating',
  'Nordic Ski': 'Cross-Country Skiing',
  Dance: 'Dancing',
  Kickboxing: 'Kickboxing',
};

/**
 * Strava types that are training but name no catalogue activity: a "Weight Training" entry holds
 * minutes and no lift, so it cannot become a Bench Press or a Deadlift without inventing one.
 */
const STRAVA_UNSPECIFIED: ReadonlySet<string> = new Set(['weighttraining', 'workout', 'crossfit', 'hiit']);

const STRAVA_BY_KEY: ReadonlyMap<string, string> = new Map(
  Object.entries(STRAVA_TYPES).map(([type, name]) => [key(type), name]),
);

export type Mapped = { ok: true; activity: Activity } | { ok: false; message: string };

export const MAPPING_MESSAGES = {
  unknownActivity: (value: string) => `Unknown activity '${value}'.`,
  unknownExercise: (value: string) => `Unknown exercise '${value}'.`,
  unspecified: (value: string) =>
    `'${value}' does not say which exercise it was: log its lifts one by one, or import them from Hevy.`,
} as const;

export function stravaActivity(type: string): Mapped {
  const name = STRAVA_BY_KEY.get(key(type));
  const activity = name === undefined ? undefined : findActivity(name);
  if (activity) return { ok: true, activity };
  if (STRAVA_UNSPECIFIED.has(key(type))) return { ok: false, message: MAPPING_MESSAGES.unspecified(type) };
  return { ok: false, message: MAPPING_MESSAGES.unknownActivity(type) };
}

/**
 * Hevy exercise names (without the equipment in brackets) that the catalogue spells otherwise. Any
 * other name is looked up as it is, then with an "s" (Hevy's "Push Up" is the catalogue's "Push Ups").
 */
export const HEVY_EXERCISES: Readonly<Record<string, string>> = {
  Squat: 'Squats',
  'Full Squat': 'Squats',
  'Squat (Bodyweight)': 'Bodyweight Squats',
  'Air Squat': 'Bodyweight Squats',
  'Bent Over Row': 'Barbell Row',
  'Pendlay Row': 'Barbell Row',
  'Shoulder Press': 'Overhead Press',
  'Seated Overhead Press': 'Overhead Press',
  'Military Press': 'Overhead Press',
  'Seated Cable Row - V Grip': 'Seated Cable Row',
  'Seated Cable Row - Bar Grip': 'Seated Cable Row',
  'Chest Fly': 'Dumbbell Fly',
  'Triceps Extension': 'Tricep Extension',
  'Overhead Triceps Extension': 'Tricep Extension',
  Skullcrusher: 'Tricep Extension',
  'Triceps Pushdown': 'Tricep Pushdown',
  'Triceps Rope Pushdown': 'Tricep Pushdown',
  'Triceps Dip': 'Dips',
  'Chest Dip': 'Dips',
  Shrug: 'Shrugs',
  'Lying Leg Curl': 'Leg Curl',
  'Seated Leg Curl': 'Leg Curl',
  'Standing Calf Raise': 'Calf Raise',
  'Seated Calf Raise': 'Calf Raise',
  Lunge: 'Dumbbell Lunges',
  'Walking Lunge': 'Walking Lunges',
  'Sit Up': 'Sit Ups',
  Crunch: 'Crunches',
  'Hanging Leg Raise': 'Leg Raises',
  'Lying Leg Raise': 'Leg Raises',
  'Leg Raise Parallel Bars': 'Leg Raises',
  'Russian Twist': 'Russian Twists',
  'Glute Bridge': 'Glute Bridges',
  'Inverted Row': 'Inverted Rows',
  'Box Jump': 'Box Jumps',
  'Jumping Jack': 'Jumping Jacks',
  'Mountain Climber': 'Mountain Climbers',
  Treadmill: 'Running',
  'Rowing Machine': 'Rowing',
  'Elliptical Trainer': 'Elliptical',
  'Stair Machine': 'Stair Climber',
  Stairmaster: 'Stair Climber',
  Bike: 'Cycling',
  'Stationary Bike': 'Stationary Bike',
  Spinning: 'Spinning',
  Stretching: 'Stretching',
};

const HEVY_BY_KEY: ReadonlyMap<string, string> = new Map(
  Object.entries(HEVY_EXERCISES).map(([title, name]) => [key(title), name]),
);

/** The exercise without its equipment or grip: "Bench Press (Dumbbell)" -> "Bench Press". */
function baseName(title: string): string {
  return title.replace(/\s*\([^)]*\)\s*$/, '').trim();
}

export function hevyActivity(title: string): Mapped {
  const base = baseName(title);
  for (const name of [title, base]) {
    const mapped = HEVY_BY_KEY.get(key(name));
    const activity = findActivity(mapped ?? name) ?? (mapped ? undefined : findActivity(`${name}s`));
    if (activity) return { ok: true, activity };
  }
  return { ok: false, message: MAPPING_MESSAGES.unknownExercise(title) };
}
