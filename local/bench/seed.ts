/**
 * Seeds a local data folder for the benchmark: `users` synthetic users with profiles, `perUser`
 * activities each (spread over the last 60 days) and a post, then builds every projection with the
 * shared rebuild (the same code as the audit) and runs the rollup and the expiry.
 * Usage: node --import tsx local/bench/seed.ts <dataDir> <users> <perUser>
 */
import { join } from 'node:path';
import { calorieUnits } from '@fit/shared/formulas';
import { paths } from '@fit/shared/model';
import {
  expireProjections,
  reactionPaths,
  rebuildProjections,
  rollupBoards,
} from '@fit/shared/reactions/index';
import type { DocData } from '@fit/shared/store';
import { REPO_ROOT } from '../src/config.ts';
import { IndexChecker } from '../src/indexes.ts';
import { DATA_FILE } from '../src/server.ts';
import { SqliteStore } from '../src/sqlite-store.ts';

const [dataDir, usersArg, perUserArg] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: seed.ts <dataDir> <users> <perUser>');
const users = Number(usersArg ?? 10);
const perUser = Number(perUserArg ?? 100);
const now = Date.now();
const DAY = 86_400_000;
const ACTIVITIES = [
  { activityType: 'Running', time: 30 },
  { activityType: 'Push Ups', count: 20, time: 5 },
  { activityType: 'Bench Press', count: 10, time: 10, weightLifted: 135 },
  { activityType: 'Yoga', time: 45 },
  { activityType: 'Cycling', time: 60 },
];

const store = new SqliteStore({
  file: join(dataDir, DATA_FILE),
  indexes: IndexChecker.fromFile(join(REPO_ROOT, 'firestore.indexes.json')),
});
const started = Date.now();
let seeded = 0;
let chunk: Record<string, DocData> = {};
const flush = () => {
  store.seed(chunk);
  seeded += Object.keys(chunk).length;
  chunk = {};
};
// Feed items older than an hour are beyond what the page shows: the horizon says so, as after expiry.
chunk[reactionPaths.feedHorizon('feedActivities')] = { timestamp: now - 3_600_000 };
chunk[reactionPaths.feedHorizon('feedPosts')] = { timestamp: now - 3_600_000 };
let seed = 12345;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
for (let u = 0; u < users; u++) {
  const uid = `bench-u${u}`;
  chunk[paths.user(uid)] = {
    userId: uid,
    email: `${uid}@example.com`,
    createdAt: now - 90 * DAY,
    displayName: `Bench User ${u}`,
    currentWeight: 120 + Math.floor(random() * 100),
    hideExerciseInfo: u % 20 === 19,
  };
  for (let k = 0; k < perUser; k++) {
    const base = ACTIVITIES[k % ACTIVITIES.length] as (typeof ACTIVITIES)[number];
    const doc = { ...base, timestamp: now - Math.floor(random() * 60 * DAY) };
    chunk[paths.rep(uid, `r${k}`)] = { ...doc, calorieUnits: calorieUnits(doc) };
  }
  chunk[paths.post(uid, 'p0')] = {
    message: `Hello from ${uid}`,
    timestamp: now - Math.floor(random() * 2 * DAY),
  };
  if (Object.keys(chunk).length > 20_000) flush();
}
flush();
const seededAt = Date.now();
const env = { store, now, timeZone: 'UTC' };
const { differences } = await rebuildProjections(env, { apply: true });
await rollupBoards({ ...env, now: Date.now() });
let expired = 0;
for (let i = 0; i < 50; i++) {
  const n = await expireProjections({ ...env, now: Date.now() });
  expired += n;
  if (n === 0) break;
}
store.close();
console.log(
  JSON.stringify({
    documents: seeded,
    seedMs: seededAt - started,
    projections: differences.length,
    expired,
    rebuildMs: Date.now() - seededAt,
  }),
);
