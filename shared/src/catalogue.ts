/**
 * The activity catalogue: every activity a user can log, its base rate (calories per minute for a
 * 155 lb person, MET-like) and the inputs it accepts. Rates are multiples of 0.5 (or 0.1) so that
 * `rate * 10` is an integer: calorie units (formulas.ts) stay exact integers.
 */

export type ActivityCategory = 'weightlifting' | 'cardio' | 'bodyweight' | 'flexibility';
/** reps, minutes, lbs lifted */
export type ActivityField = 'count' | 'time' | 'weightLifted';

export interface Activity {
  readonly name: string;
  readonly category: ActivityCategory;
  readonly rate: number;
  readonly fields: readonly ActivityField[];
}

export const ACTIVITY_CATEGORIES: readonly ActivityCategory[] = [
  'weightlifting',
  'cardio',
  'bodyweight',
  'flexibility',
];

const FIELDS_BY_CATEGORY: Record<ActivityCategory, readonly ActivityField[]> = {
  weightlifting: ['count', 'time', 'weightLifted'],
  cardio: ['time'],
  bodyweight: ['count', 'time'],
  flexibility: ['time'],
};

/** Machine isolation moves are logged per set: reps and load, no minutes (the spec's exception). */
const REPS_AND_WEIGHT_ONLY: ReadonlySet<string> = new Set(['Leg Curl', 'Leg Extension']);

const RATES: Record<ActivityCategory, readonly (readonly [string, number])[]> = {
  weightlifting: [
    ['Bench Press', 5],
    ['Incline Bench Press', 5],
    ['Decline Bench Press', 5],
    ['Squats', 6],
    ['Front Squat', 6],
    ['Deadlift', 6],
    ['Romanian Deadlift', 5.5],
    ['Overhead Press', 5],
    ['Barbell Row', 5],
    ['Lat Pulldown', 4.5],
    ['Seated Cable Row', 4.5],
    ['Dumbbell Fly', 4],
    ['Bicep Curl', 3.5],
    ['Hammer Curl', 3.5],
    ['Tricep Extension', 3.5],
    ['Tricep Pushdown', 3.5],
    ['Lateral Raise', 3.5],
    ['Shrugs', 3.5],
    ['Leg Press', 5],
    ['Leg Curl', 4],
    ['Leg Extension', 4],
    ['Calf Raise', 3.5],
    ['Dumbbell Lunges', 5.5],
    ['Hip Thrust', 5],
    ['Kettlebell Swing', 7],
    ['Clean and Jerk', 7.5],
  ],
  cardio: [
    ['Running', 8],
    ['Sprinting', 9],
    ['Jogging', 7],
    ['Walking', 4.5],
    ['Hiking', 6],
    ['Cycling', 7],
    ['Stationary Bike', 6],
    ['Spinning', 8.5],
    ['Swimming', 7],
    ['Rowing', 7],
    ['Elliptical', 5],
    ['Stair Climber', 8],
    ['Jump Rope', 9],
    ['Dancing', 5],
    ['Zumba', 6],
    ['Aerobics', 6.5],
    ['Kickboxing', 8],
    ['Inline Skating', 7],
    ['Cross-Country Skiing', 8.5],
  ],
  bodyweight: [
    ['Push Ups', 4],
    ['Pull Ups', 5],
    ['Chin Ups', 5],
    ['Dips', 5],
    ['Sit Ups', 3.5],
    ['Crunches', 3],
    ['Burpees', 8],
    ['Jumping Jacks', 7],
    ['Mountain Climbers', 8],
    ['Bodyweight Squats', 5],
    ['Walking Lunges', 4.5],
    ['Plank', 3],
    ['Side Plank', 3],
    ['Leg Raises', 3],
    ['Russian Twists', 3.5],
    ['Box Jumps', 7.5],
    ['Inverted Rows', 4.5],
    ['Glute Bridges', 3],
  ],
  flexibility: [
    ['Yoga', 3.5],
    ['Power Yoga', 4],
    ['Pilates', 3.5],
    ['Tai Chi', 3],
    ['Stretching', 2.5],
    ['Foam Rolling', 2.5],
    ['Childs Pose', 1.5],
    ['Downward Dog', 2.5],
    ['Cobra Pose', 2],
    ['Pigeon Pose', 2],
    ['Warrior Pose', 2.5],
    ['Cat Cow', 2],
    ['Spinal Twist', 1.5],
    ['Hamstring Stretch', 2],
    ['Quad Stretch', 2],
    ['Hip Flexor Stretch', 2],
    ['Shoulder Stretch', 2],
    ['Butterfly Stretch', 2],
  ],
};

export const ACTIVITIES: readonly Activity[] = Object.freeze(
  ACTIVITY_CATEGORIES.flatMap((category) =>
    RATES[category].map(([name, rate]) =>
      Object.freeze({
        name,
        category,
        rate,
        fields: REPS_AND_WEIGHT_ONLY.has(name)
          ? (['count', 'weightLifted'] as const)
          : FIELDS_BY_CATEGORY[category],
      }),
    ),
  ),
);

export const ACTIVITY_NAMES: readonly string[] = Object.freeze(ACTIVITIES.map((a) => a.name));

/** Lookup key: case, spacing, hyphens and apostrophes do not matter ("child's pose" = "Childs Pose"). */
function lookupKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/['\u2019]/g, '')
    .replace(/[\s\-_]+/g, ' ')
    .trim();
}

const BY_KEY: ReadonlyMap<string, Activity> = new Map(ACTIVITIES.map((a) => [lookupKey(a.name), a]));

/** Case/space-insensitive lookup by name. */
export function findActivity(name: string): Activity | undefined {
  return typeof name === 'string' ? BY_KEY.get(lookupKey(name)) : undefined;
}

/**
 * Display case for a stored activity name: the catalogue spelling when the name is known
 * ('bench press' -> 'Bench Press'), otherwise each trimmed word capitalized ('heavy  bag' -> 'Heavy Bag').
 */
export function normalizeActivityName(name: string): string {
  const known = findActivity(name);
  if (known) return known.name;
  return name
    .trim()
    .split(/\s+/)
    .filter((w) => w !== '')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
    .join(' ');
}

export function acceptsField(activity: Activity, field: ActivityField): boolean {
  return activity.fields.includes(field);
}
