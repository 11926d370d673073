// The demo `npm start` seeds on first run, so a fresh clone opens onto a lived-in product: one
// verified account, four weeks of its workouts and weigh-ins, four community members. Deterministic.
import { ACTIVITIES } from '@fit/shared/catalogue';
import { type ActivityRecord, paths, type UserProfile } from '@fit/shared/model';
import { addDays, localDate } from '@fit/shared/periods';
import type { DocData } from '@fit/shared/store';
import { validateActivityForm } from '@fit/shared/validation';

export const DEMO_ACCOUNT = {
  uid: 'demo-alex',
  email: 'demo@fittrack.local',
  password: 'fittrack-demo',
} as const;

const DAY = 86_400_000;

export interface Member {
  uid: string;
  profile: Omit<UserProfile, 'userId' | 'email' | 'createdAt'>;
  /** Activity names this person favours, and posts they wrote (hours ago, text). */
  favourites: string[];
  posts: [number, string][];
}

export const MEMBERS: Member[] = [
  {
    uid: DEMO_ACCOUNT.uid,
    profile: {
      displayName: 'Alex Demo',
      firstName: 'Alex',
      lastName: 'Demo',
      gender: 'Male',
      dateOfBirth: '1992-05-14',
      height: 70,
      currentWeight: 182,
      targetWeight: 172,
      hideExerciseInfo: false,
    },
    favourites: ['Running', 'Bench Press', 'Squats', 'Push Ups', 'Yoga', 'Cycling'],
    posts: [[20, 'Week 3 of the 5k plan done. Legs feel great!']],
  },
  {
    uid: 'demo-maya',
    profile: { displayName: 'Maya Torres', currentWeight: 138, gender: 'Female', height: 65 },
    favourites: ['Swimming', 'Pilates', 'Walking Lunges', 'Jump Rope'],
    posts: [
      [2, 'Morning swim: 40 minutes of laps before work. Who else trains early?'],
      [30, 'Form tips for lunges: https://www.acefitness.org/resources/everyone/exercise-library/'],
    ],
  },
  {
    uid: 'demo-jordan',
    profile: { displayName: 'Jordan Lee', currentWeight: 195, gender: 'Male', height: 72 },
    favourites: ['Deadlift', 'Squats', 'Bench Press', 'Rowing'],
    posts: [[5, 'New deadlift PR today: 315 lbs for 3. Slow and steady works.']],
  },
  {
    uid: 'demo-sam',
    profile: { displayName: 'Sam Okafor', currentWeight: 170, gender: 'Male', height: 69 },
    favourites: ['Cycling', 'Burpees', 'Plank', 'Stretching'],
    posts: [[9, 'Anyone up for a Saturday group ride? 30 miles, easy pace.']],
  },
  {
    uid: 'demo-priya',
    profile: { displayName: 'Priya Nair', currentWeight: 0, gender: 'Female' },
    favourites: ['Yoga', 'Power Yoga', 'Hiking', 'Sit Ups'],
    posts: [[14, 'Sunset hike and a long stretch after. Best reset for a busy week.']],
  },
];

/** A small deterministic generator: the same demo every time. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function activityDoc(name: string, timestamp: number, random: () => number): ActivityRecord {
  const activity = ACTIVITIES.find((a) => a.name === name);
  if (!activity) throw new Error(`Demo activity '${name}' is not in the catalogue`);
  const checked = validateActivityForm({
    userId: 'seed',
    activityType: name,
    count: activity.fields.includes('count') ? 8 + Math.floor(random() * 30) : undefined,
    time: activity.fields.includes('time') ? 10 + Math.floor(random() * 40) : undefined,
    weightLifted: activity.fields.includes('weightLifted') ? 45 + 5 * Math.floor(random() * 30) : undefined,
    timestamp,
  });
  // Runs, rides and swims cover ground at 40% of their top speed (no draw: the demo's other
  // figures stay as they were).
  if (checked.ok && activity.distance && checked.value.time !== undefined)
    checked.value.distance = Math.round(checked.value.time * activity.distance.metresPerMinute * 0.4);
  if (!checked.ok) throw new Error(`Demo activity is invalid: ${checked.message}`);
  return checked.value;
}

/** The demo's documents, relative to `now`: about four weeks of history. */
export function demoDocuments(now: number): Record<string, DocData> {
  const docs: Record<string, DocData> = {};
  const random = prng(20261122);
  MEMBERS.forEach((member, m) => {
    docs[paths.user(member.uid)] = {
      userId: member.uid,
      email: member.uid === DEMO_ACCOUNT.uid ? DEMO_ACCOUNT.email : `${member.uid}@fittrack.local`,
      createdAt: now - 40 * DAY,
      ...member.profile,
    };
    docs[paths.activityPreferences(member.uid)] = { activities: [] };
    for (let day = 27; day >= 0; day--) {
      if (day > 1 && random() < 0.35) continue;
      const sessions = 1 + Math.floor(random() * 2);
      for (let s = 0; s < sessions; s++) {
        // Today only up to an hour ago; earlier days anywhere from 6:00 to 21:00 UTC.
        const timestamp =
          day === 0 ? now - (1 + m + s) * 3_600_000 : now - day * DAY - Math.floor(random() * 15 * 3_600_000);
        const name = member.favourites[Math.floor(random() * member.favourites.length)] as string;
        docs[paths.rep(member.uid, `seed-${day}-${s}`)] = { ...activityDoc(name, timestamp, random) };
      }
    }
    member.posts.forEach(([hoursAgo, message], i) => {
      docs[paths.post(member.uid, `seed-${i}`)] = { message, timestamp: now - hoursAgo * 3_600_000 };
    });
  });
  // Alex's weigh-ins: down from 188 lbs over six weeks, the newest equal to the profile's weight.
  for (let week = 6; week >= 0; week--) {
    docs[paths.weightRecord(DEMO_ACCOUNT.uid, `seed-${week}`)] = {
      weight: 182 + week,
      timestamp: now - week * 7 * DAY - 2 * DAY,
    };
  }
  docs[paths.goal(DEMO_ACCOUNT.uid)] = { target: '45', type: 'minutes' };
  const profile = docs[paths.user(DEMO_ACCOUNT.uid)] as DocData;
  profile.targetDate = addDays(localDate(now, 'UTC'), 120);
  return docs;
}
