/**
 * One-off repair of data stored before the app stopped writing on read: legacy activity names (a
 * 'bench press') in display case with their calorie units, and the empty `preferences/activities`
 * sign-up now creates; and the activity counts of people who hid exercise info before hiding
 * removed them. Reports what it would change; `--write` changes it. Idempotent.
 *
 *   FIRESTORE_EMULATOR_HOST=127.0.0.1:8080 GCLOUD_PROJECT=demo-fittrack \
 *     node --import tsx scripts/repair-stored-data.ts [--write]
 */
import { findActivity, normalizeActivityName } from '@fit/shared/catalogue';
import { calorieUnits } from '@fit/shared/formulas';
import { paths } from '@fit/shared/model';
import { storedActivityCounts, syncActivityCounts } from '@fit/shared/reactions/activity-counts';
import { readUser } from '@fit/shared/reactions/core';
import type { ReactionEnv } from '@fit/shared/reactions/index';
import type { DocData, WriteOp } from '@fit/shared/store';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { AdminStore } from '../functions/src/admin-store.ts';

/** The write that puts one stored activity's name in display case, or null when none is due. */
export function nameRepair(path: string, data: DocData): WriteOp | null {
  const stored = data.activityType;
  if (typeof stored !== 'string') return null;
  const name = normalizeActivityName(stored);
  // Only names that become a catalogue name: the rules accept nothing else.
  if (name === stored || !findActivity(name)) return null;
  const patch: DocData = { activityType: name };
  if (typeof data.calorieUnits !== 'number' || !Number.isFinite(data.calorieUnits)) {
    const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
    const [count, time, weightLifted] = [num(data.count), num(data.time), num(data.weightLifted)];
    patch.calorieUnits = calorieUnits({
      activityType: name,
      ...(count !== undefined ? { count } : {}),
      ...(time !== undefined ? { time } : {}),
      ...(weightLifted !== undefined ? { weightLifted } : {}),
    });
  }
  return { kind: 'update', path, data: patch };
}

/**
 * The activity counts (`engagement/feedActivities_{uid}_*`) of those of `uids` who hide exercise
 * info: hiding removes them since the profile reaction does (activity-counts.ts), but a person
 * who hid before kept them, readable by anyone signed in with the givers' names. With `write`,
 * removes them as hiding does. Resolves with how many were stored.
 */
export async function hiddenCountsRepair(
  env: ReactionEnv,
  uids: Iterable<string>,
  write: boolean,
): Promise<number> {
  let found = 0;
  for (const uid of uids) {
    if ((await readUser(env.store, uid))?.person.visible !== false) continue;
    const stored = (await storedActivityCounts(env, uid)).size;
    if (stored > 0 && write) await syncActivityCounts(env, uid);
    found += stored;
  }
  return found;
}

async function main(write: boolean): Promise<void> {
  const app = initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-fittrack' });
  const db = getFirestore(app);
  const store = new AdminStore(db);
  const writes: WriteOp[] = [];
  for (const doc of (await db.collectionGroup('reps').get()).docs) {
    const op = nameRepair(doc.ref.path, doc.data());
    if (op) writes.push(op);
  }
  const names = writes.length;
  const users = (await db.collection('users').get()).docs;
  const env: ReactionEnv = { store, now: Date.now(), timeZone: 'UTC' };
  const hidden = await hiddenCountsRepair(
    env,
    users.map((user) => user.id),
    write,
  );
  for (const user of users) {
    const prefs = await db.doc(paths.activityPreferences(user.id)).get();
    if (!prefs.exists)
      writes.push({ kind: 'set', path: paths.activityPreferences(user.id), data: { activities: [] } });
  }
  console.log(
    `${names} activity names to put in display case, ${writes.length - names} empty selections to create, ` +
      `${hidden} counts on hidden people's activities to remove${write ? ' (removed)' : ''}.`,
  );
  if (write) {
    for (let i = 0; i < writes.length; i += 500) await store.commit(writes.slice(i, i + 500));
    console.log('Written.');
  } else if (writes.length + hidden > 0) console.log('Run again with --write to write them.');
  await deleteApp(app);
}

if (process.argv[1]?.endsWith('repair-stored-data.ts')) {
  main(process.argv.includes('--write')).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
