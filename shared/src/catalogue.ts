/**
 * The activity catalogue: every activity a user can log, its base rate (calories per minute for a
 * 155 lb person, MET-like) and the inputs it accepts. Rates are multiples of 0.5 (or 0.1) so that
 * `rate * 10` is an integer: calorie units (formulas.ts) stay exact integers.
 */

export type ActivityCategory = 'weightlifting' | 'cardio' | 'bodyweight' | 'flexibility';
/** reps, minutes, lbs lifted */
export type ActivityField = 'count' | 'time' | 'weightLifted';

/**
 * The most one logged entry of an activity may hold, as a coach would bound it (README, "Limits"):
 * minutes of the entry, reps in it, lbs of load per rep. 0 for an input the activity does not take.
 * Above these no honest entry exists, so the server refuses them (a leaderboard holds only what a
 * body can do); per-day totals are bounded separately, where the boards are made.
 */
export interface ActivityLimits {
  readonly minutes: number;
  readonly reps: number;
  readonly weightLifted: number;
}

/**
 * An activity that covers ground takes an optional distance (stored in whole metres): at most
 * `metres` in one entry, and never faster on average than `metresPerMinute` (just above the world
 * records over such a distance), so neither a typo nor a record-chaser's 42 km in 1 minute passes.
 */
export interface DistanceLimits {
  readonly metres: number;
  readonly metresPerMinute: number;
}

export interface Activity {
  readonly name: string;
  readonly category: ActivityCategory;
  readonly rate: number;
  readonly fields: readonly ActivityField[];
  readonly limits: ActivityLimits;
  /** Set for activities that cover ground (running, cycling, ...): they take a distance. */
  readonly distance: DistanceLimits | null;
}

export const ACTIVITY_CATEGORIES: readonly ActivityCategory[] = [
  'weightlifting',
  'cardio',
  'bodyweight',
  'flexibility',
];

/** The categories as the app names them (the activity picker's groups, Manage Activities, MET values). */
export const CATEGORY_LABELS: Record<ActivityCategory, string> = {
  weightlifting: 'Weightlifting',
  cardio: 'Cardio',
  bodyweight: 'Bodyweight',
  flexibility: 'Flexibility',
};

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

/**
 * Per-entry limits by category. An entry is one exercise of one session (all its sets): a long but
 * honest strength session spends under two hours on one lift; endurance sessions run longer.
 */
const CATEGORY_LIMITS: Record<ActivityCategory, ActivityLimits> = {
  weightlifting: { minutes: 120, reps: 300, weightLifted: 500 },
  cardio: { minutes: 300, reps: 0, weightLifted: 0 },
  bodyweight: { minutes: 120, reps: 1000, weightLifted: 0 },
  flexibility: { minutes: 120, reps: 0, weightLifted: 0 },
};

/**
 * Where one activity differs from its category. Loads sit just above the raw world records of each
 * lift (deadlift 1,100 lbs, bench press 800), so no real lifter is refused while 2,000-lb curls
 * are; machine lifts (leg press, calf raise) carry stacks beyond any free-weight record. Endurance
 * times allow a day's hike, a long ride or a slow marathon; single stretches and holds stay short.
 */
const LIMIT_OVERRIDES: Readonly<Record<string, Partial<ActivityLimits>>> = {
  // weightlifting: loads (lbs per rep) and high-rep lifts
  'Bench Press': { weightLifted: 800 },
  'Incline Bench Press': { weightLifted: 700 },
  'Decline Bench Press': { weightLifted: 800 },
  Squats: { weightLifted: 1100 },
  'Front Squat': { weightLifted: 900 },
  Deadlift: { weightLifted: 1100 },
  'Romanian Deadlift': { weightLifted: 900 },
  'Barbell Row': { weightLifted: 700 },
  'Lat Pulldown': { weightLifted: 400 },
  'Seated Cable Row': { weightLifted: 400 },
  'Dumbbell Fly': { weightLifted: 250 },
  'Bicep Curl': { weightLifted: 300 },
  'Hammer Curl': { weightLifted: 300 },
  'Tricep Extension': { weightLifted: 300 },
  'Tricep Pushdown': { weightLifted: 300 },
  'Lateral Raise': { weightLifted: 200 },
  Shrugs: { weightLifted: 1000 },
  'Leg Press': { weightLifted: 2000 },
  'Leg Curl': { weightLifted: 400 },
  'Dumbbell Lunges': { weightLifted: 400 },
  'Hip Thrust': { weightLifted: 1300 },
  'Calf Raise': { reps: 500, weightLifted: 1000 },
  'Kettlebell Swing': { reps: 1000, weightLifted: 250 },
  'Clean and Jerk': { reps: 200, weightLifted: 600 },
  // cardio: minutes
  Running: { minutes: 360 },
  Sprinting: { minutes: 60 },
  Walking: { minutes: 600 },
  Hiking: { minutes: 720 },
  Cycling: { minutes: 600 },
  'Stationary Bike': { minutes: 240 },
  Spinning: { minutes: 120 },
  Rowing: { minutes: 240 },
  Elliptical: { minutes: 180 },
  'Stair Climber': { minutes: 120 },
  'Jump Rope': { minutes: 90 },
  Dancing: { minutes: 360 },
  Zumba: { minutes: 120 },
  Aerobics: { minutes: 120 },
  Kickboxing: { minutes: 120 },
  'Cross-Country Skiing': { minutes: 480 },
  // bodyweight: holds and fast high-rep moves
  Plank: { minutes: 60, reps: 50 },
  'Side Plank': { minutes: 30, reps: 50 },
  'Pull Ups': { reps: 500 },
  'Chin Ups': { reps: 500 },
  Dips: { reps: 500 },
  'Inverted Rows': { reps: 500 },
  'Box Jumps': { reps: 500 },
  'Jumping Jacks': { reps: 3000 },
  'Mountain Climbers': { reps: 3000 },
  // flexibility: classes run longer, a single pose or stretch does not
  Yoga: { minutes: 180 },
  'Tai Chi': { minutes: 180 },
  'Foam Rolling': { minutes: 60 },
  'Childs Pose': { minutes: 30 },
  'Downward Dog': { minutes: 30 },
  'Cobra Pose': { minutes: 30 },
  'Pigeon Pose': { minutes: 30 },
  'Warrior Pose': { minutes: 30 },
  'Cat Cow': { minutes: 30 },
  'Spinal Twist': { minutes: 30 },
  'Hamstring Stretch': { minutes: 30 },
  'Quad Stretch': { minutes: 30 },
  'Hip Flexor Stretch': { minutes: 30 },
  'Shoulder Stretch': { minutes: 30 },
  'Butterfly Stretch': { minutes: 30 },
};

/**
 * The activities that cover ground, with their coach-set limits (docs/limits.md): a long day's
 * distance within the activity's minutes limit, and a top average speed a little above the world
 * records (marathon and mile for running, the hour record and descents for cycling, 50 m for
 * swimming, 2 km for rowing). Treadmill-like machines (Stationary Bike, Elliptical) go nowhere.
 */
const DISTANCE_LIMITS: Readonly<Record<string, DistanceLimits>> = {
  Running: { metres: 100_000, metresPerMinute: 450 },
  Sprinting: { metres: 10_000, metresPerMinute: 600 },
  Jogging: { metres: 60_000, metresPerMinute: 450 },
  Walking: { metres: 80_000, metresPerMinute: 300 },
  Hiking: { metres: 80_000, metresPerMinute: 300 },
  Cycling: { metres: 400_000, metresPerMinute: 1_200 },
  Swimming: { metres: 25_000, metresPerMinute: 150 },
  Rowing: { metres: 60_000, metresPerMinute: 400 },
  'Inline Skating': { metres: 150_000, metresPerMinute: 800 },
  'Cross-Country Skiing': { metres: 100_000, metresPerMinute: 600 },
};

function limitsOf(
  name: string,
  category: ActivityCategory,
  fields: readonly ActivityField[],
): ActivityLimits {
  const l = { ...CATEGORY_LIMITS[category], ...LIMIT_OVERRIDES[name] };
  return Object.freeze({
    minutes: fields.includes('time') ? l.minutes : 0,
    reps: fields.includes('count') ? l.reps : 0,
    weightLifted: fields.includes('weightLifted') ? l.weightLifted : 0,
  });
}

export const ACTIVITIES: readonly Activity[] = Object.freeze(
  ACTIVITY_CATEGORIES.flatMap((category) =>
    RATES[category].map(([name, rate]) => {
      const fields = REPS_AND_WEIGHT_ONLY.has(name)
        ? (['count', 'weightLifted'] as const)
        : FIELDS_BY_CATEGORY[category];
      const distance = DISTANCE_LIMITS[name];
      return Object.freeze({
        name,
        category,
        rate,
        fields,
        limits: limitsOf(name, category, fields),
        distance: distance ? Object.freeze({ ...distance }) : null,
      });
    }),
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

/** Whether an activity covers ground: it takes a distance (and shows a pace). */
export function coversGround(activity: Activity): activity is Activity & { distance: DistanceLimits } {
  return activity.distance !== null;
}
