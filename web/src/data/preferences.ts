/** `users/{uid}/preferences/activities`: the activities offered; empty or missing means all. */
import { savedActivities } from '@fit/shared/activity-preferences';
import { paths } from '@fit/shared/model';
import type { DocumentStore, WriteOp } from '@fit/shared/store';

export async function readActivityPreferences(store: DocumentStore, uid: string): Promise<string[]> {
  const snap = await store.get(paths.activityPreferences(uid));
  return snap ? savedActivities(snap.data) : [];
}

/** The empty selection the spec keeps for a new user (a write of sign-up's batch). */
export function emptyPreferencesWrite(uid: string): WriteOp {
  return { kind: 'set', path: paths.activityPreferences(uid), data: { activities: [] } };
}

export async function saveActivityPreferences(
  store: DocumentStore,
  uid: string,
  activities: readonly string[],
) {
  await store.commit([
    { kind: 'set', path: paths.activityPreferences(uid), data: { activities: [...activities] }, merge: true },
  ]);
}
