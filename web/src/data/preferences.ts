/**
 * `users/{uid}/preferences/activities`: which catalogue activities the user is offered. An empty or
 * missing list means all of them.
 */
import { savedActivities } from '@fit/shared/activity-preferences';
import { paths } from '@fit/shared/model';
import type { DocumentStore } from '@fit/shared/store';

/** The saved selection (possibly empty); creates the empty document when it is missing, as the spec says. */
export async function readActivityPreferences(store: DocumentStore, uid: string): Promise<string[]> {
  const snap = await store.get(paths.activityPreferences(uid));
  if (!snap) {
    await store.commit([{ kind: 'set', path: paths.activityPreferences(uid), data: { activities: [] } }]);
    return [];
  }
  return savedActivities(snap.data);
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
