/**
 * `users/{uid}/reps`: the activities a user logs. Every query here is single-field on `timestamp`,
 * so no composite index is needed:
 *
 * - recent:  orderBy timestamp desc, limit 5 (live)
 * - pages:   orderBy timestamp desc, limit 50, startAfter cursor
 * - count:   aggregate count over the whole collection
 *
 * Activity names are shown in display case (spec section 4). Reading writes nothing: stored names
 * that are not in display case (a legacy 'bench press') are rewritten once by
 * `scripts/repair-stored-data.ts`. Period totals come from the progress document (activity-queries.ts).
 */
import { normalizeActivityName } from '@fit/shared/catalogue';
import { calorieUnits } from '@fit/shared/formulas';
import { type ActivityRecord, paths } from '@fit/shared/model';
import { consistentSets } from '@fit/shared/sets';
import type {
  DocSnapshot,
  DocumentStore,
  LiveDocumentStore,
  QuerySpec,
  StoreError,
  Unsubscribe,
} from '@fit/shared/store';
import { newDocId } from './ids.ts';
import { finiteNumber, NEWEST_FIRST, type RecordKind, restoredWriteTimes, type Stored } from './records.ts';

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
  };
  const count = finiteNumber(d.count);
  const time = finiteNumber(d.time);
  const weightLifted = finiteNumber(d.weightLifted);
  if (count !== undefined) out.count = count;
  if (time !== undefined) out.time = time;
  if (weightLifted !== undefined) out.weightLifted = weightLifted;
  const distance = finiteNumber(d.distance);
  if (distance !== undefined) out.distance = distance;
  const sets = consistentSets(d);
  if (sets) out.sets = sets;
  out.calorieUnits = finiteNumber(d.calorieUnits) ?? calorieUnits(out);
  // When it was written (kept by edits: the rules check them only where they change).
  const loggedAt = finiteNumber(d.loggedAt);
  const importedAt = finiteNumber(d.importedAt);
  if (loggedAt !== undefined) out.loggedAt = loggedAt;
  if (importedAt !== undefined) out.importedAt = importedAt;
  if (doc.pending) out.pending = true;
  return out;
}

/**
 * The activity the person logged last, of the newest ones (issue 11 item 3: the Log Activity
 * select starts there): the latest write (`loggedAt`; the time itself for entries without it), so
 * yesterday's run logged a minute ago counts as the last logged, though today's swim is newer.
 */
export function lastLoggedActivityType(recent: readonly StoredActivity[]): string | undefined {
  let last: StoredActivity | undefined;
  for (const a of recent)
    if (!last || (a.loggedAt ?? a.timestamp) > (last.loggedAt ?? last.timestamp)) last = a;
  return last?.activityType;
}

function recentActivitiesQuery(uid: string, limit = RECENT_ACTIVITIES): QuerySpec {
  return { collection: paths.reps(uid), orderBy: NEWEST_FIRST, limit };
}

/** The latest activities, live. */
export function watchRecentActivities(
  store: LiveDocumentStore,
  uid: string,
  onNext: (activities: StoredActivity[]) => void,
  onError: (error: StoreError) => void,
  limit = RECENT_ACTIVITIES,
): Unsubscribe {
  return store.listen(recentActivitiesQuery(uid, limit), (docs) => onNext(docs.map(toActivity)), onError);
}

/** Activities for paging (Show All) and counting. */
export const ACTIVITY_RECORDS: RecordKind<StoredActivity> = {
  collection: paths.reps,
  read: toActivity,
  pageSize: ACTIVITIES_PAGE_SIZE,
};

/**
 * Adds a validated activity (from `validateActivityForm`) with `loggedAt`, the time of the write
 * (its `timestamp` may be earlier: dated back by the person); resolves to its id.
 */
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

/**
 * Replaces an activity with its edited, validated version (its type, numbers and time may all
 * change): a full `set`, so a field cleared in the form (reps left empty) is removed rather than
 * kept; the stored write times (`loggedAt`, `importedAt`) are kept as they were.
 */
export async function updateActivity(
  store: DocumentStore,
  uid: string,
  id: string,
  record: ActivityRecord,
  stored: Pick<ActivityRecord, 'loggedAt' | 'importedAt'> = {},
) {
  const data: Record<string, unknown> = { ...record };
  delete data.loggedAt;
  delete data.importedAt;
  if (stored.loggedAt !== undefined) data.loggedAt = stored.loggedAt;
  if (stored.importedAt !== undefined) data.importedAt = stored.importedAt;
  await store.commit([{ kind: 'set', path: paths.rep(uid, id), data }]);
}

export async function deleteActivity(store: DocumentStore, uid: string, id: string) {
  await store.commit([{ kind: 'delete', path: paths.rep(uid, id) }]);
}

/**
 * Puts a deleted activity back under its own id (Undo). The rules check it as a new entry: a past
 * time needs `loggedAt` (kept, or now), an imported one a fresh `importedAt` (its import time must
 * be near the server's, and the entry keeps the past date an import allows).
 */
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
