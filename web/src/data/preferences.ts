/**
 * `users/{uid}/preferences/activities`: which catalogue activities the user is offered. An empty or
 * missing list means all of them.
 */
import { ACTIVITY_NAMES, normalizeActivityName } from '@fit/shared/catalogue';
import { paths } from '@fit/shared/model';
import type { DocumentStore, LiveDocumentStore, StoreError, Unsubscribe } from '@fit/shared/store';

function savedList(data: Record<string, unknown> | undefined): string[] {
  const list = data?.activities;
  if (!Array.isArray(list)) return [];
  const known = new Set(ACTIVITY_NAMES);
  return list
    .filter((name): name is string => typeof name === 'string')
    .map(normalizeActivityName)
    .filter((name) => known.has(name));
}

/** The saved selection (possibly empty); creates the empty document when it is missing, as the spec says. */
export async function readActivityPreferences(store: DocumentStore, uid: string): Promise<string[]> {
  const snap = await store.get(paths.activityPreferences(uid));
  if (!snap) {
    await store.commit([{ kind: 'set', path: paths.activityPreferences(uid), data: { activities: [] } }]);
    return [];
  }
  return savedList(snap.data);
}

export function watchActivityPreferences(
  store: LiveDocumentStore,
  uid: string,
  onNext: (saved: string[]) => void,
  onError: (error: StoreError) => void,
): Unsubscribe {
  return store.listenDoc(paths.activityPreferences(uid), (snap) => onNext(savedList(snap?.data)), onError);
}

/** The activity names to offer, in catalogue order: none saved means all. */
export function offeredActivities(saved: readonly string[]): string[] {
  if (saved.length === 0) return [...ACTIVITY_NAMES];
  const chosen = new Set(saved);
  return ACTIVITY_NAMES.filter((name) => chosen.has(name));
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
