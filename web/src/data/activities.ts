/** `users/{uid}/reps`, newest first on `timestamp` alone (no composite index); names in display case. */
import { normalizeActivityName } from '@fit/shared/catalogue';
import { calorieUnits } from '@fit/shared/formulas';
import { type ActivityRecord, paths } from '@fit/shared/model';
import { consistentSets } from '@fit/shared/sets';
import type { DocSnapshot, DocumentStore, LiveDocumentStore } from '@fit/shared/store';
import { newDocId } from './ids.ts';
import { type Listen, watchDocs } from './live-query.ts';
import {
  finiteFields,
  finiteNumber,
  NEWEST_FIRST,
  type RecordKind,
  restoredWriteTimes,
  type Stored,
} from './records.ts';

const RECENT_ACTIVITIES = 5;
const ACTIVITIES_PAGE_SIZE = 50;

/** An activity as the dashboard shows it: display-cased name, calorie units always present. */
export type StoredActivity = Stored<ActivityRecord>;

export function toActivity(doc: DocSnapshot): StoredActivity {
  const d = doc.data;
  const activityType = normalizeActivityName(typeof d.activityType === 'string' ? d.activityType : '');
  const out: StoredActivity = {
    id: doc.id,
    path: doc.path,
    activityType,
    timestamp: finiteNumber(d.timestamp) ?? 0,
    calorieUnits: 0,
    ...finiteFields(d, ['count', 'time', 'weightLifted', 'distance']),
  };
  const sets = consistentSets(d);
  if (sets) out.sets = sets;
  out.calorieUnits = finiteNumber(d.calorieUnits) ?? calorieUnits(out);
  Object.assign(out, finiteFields(d, ['loggedAt', 'importedAt']));
  if (doc.pending) out.pending = true;
  return out;
}

/** The activity written last (`loggedAt`, else its time): yesterday's run logged just now beats today's swim. */
export function lastLoggedActivityType(recent: readonly StoredActivity[]): string | undefined {
  let last: StoredActivity | undefined;
  for (const a of recent)
    if (!last || (a.loggedAt ?? a.timestamp) > (last.loggedAt ?? last.timestamp)) last = a;
  return last?.activityType;
}

export function watchRecentActivities(store: LiveDocumentStore, uid: string): Listen<StoredActivity[]> {
  return watchDocs(
    store,
    { collection: paths.reps(uid), orderBy: NEWEST_FIRST, limit: RECENT_ACTIVITIES },
    toActivity,
  );
}

export const ACTIVITY_RECORDS: RecordKind<StoredActivity> = {
  collection: paths.reps,
  read: toActivity,
  pageSize: ACTIVITIES_PAGE_SIZE,
};

/** Adds a validated activity with `loggedAt`, the time of the write; resolves to its id. */
export async function logActivity(
  store: DocumentStore,
  uid: string,
  record: ActivityRecord,
  now = Date.now(),
): Promise<string> {
  const id = newDocId();
  await store.commit([{ kind: 'set', path: paths.rep(uid, id), data: { ...record, loggedAt: now } }]);
  return id;
}

/** The fields an activity may hold or not, which an edit may clear. */
const OPTIONAL_FIELDS = ['count', 'time', 'weightLifted', 'sets', 'distance'] as const;

/**
 * Replaces an activity with its edited version (cleared fields go), keeping its write times. An
 * `update`, not a `set`: an activity deleted meanwhile (another tab, another device) fails with
 * 'not-found' instead of coming back.
 */
export async function updateActivity(
  store: DocumentStore,
  uid: string,
  id: string,
  record: ActivityRecord,
  stored: Pick<ActivityRecord, 'loggedAt' | 'importedAt'> = {},
) {
  const { loggedAt: _l, importedAt: _i, ...fields } = record;
  const data: Record<string, unknown> = { ...fields, ...finiteFields(stored, ['loggedAt', 'importedAt']) };
  const remove = OPTIONAL_FIELDS.filter((f) => !(f in data));
  await store.commit([{ kind: 'update', path: paths.rep(uid, id), data, remove }]);
}

export async function deleteActivity(store: DocumentStore, uid: string, id: string) {
  await store.commit([{ kind: 'delete', path: paths.rep(uid, id) }]);
}

/** Puts a deleted activity back under its own id (Undo), checked by the rules as a new entry. */
export async function restoreActivity(
  store: DocumentStore,
  uid: string,
  deleted: StoredActivity,
  now = Date.now(),
): Promise<void> {
  const { id, path: _path, pending: _pending, loggedAt: _l, importedAt: _i, ...record } = deleted;
  const data: Record<string, unknown> = { ...record, ...restoredWriteTimes(deleted, now) };
  await store.commit([{ kind: 'set', path: paths.rep(uid, id), data }]);
}
