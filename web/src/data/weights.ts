/**
 * `users/{uid}/weightRecords` and the profile's weight fields (spec section 4):
 * - logging a weight also sets the profile's current weight, in the same batch;
 * - editing a record updates the current weight only when it is the newest record;
 * - deleting a record sets the current weight to the newest remaining weight, or 0 if none remain.
 *
 * Which record is the newest is taken from the records the page shows (`newest`: the live history,
 * newest first, this device's unsent writes included), not read from the server before each write,
 * so a weigh-in saved offline or with the server unreachable waits to sync like every other save.
 * Only while the page has not loaded them yet (`undefined`) are the newest two read first.
 *
 * Queries (single-field on `timestamp`, no composite index):
 * - history: orderBy timestamp desc, limit 100 (live; the latest 5 and the chart)
 * - pages:   orderBy timestamp desc, limit 50, startAfter cursor; count: aggregate count
 */
import { currentWeightAfterDelete, currentWeightAfterEdit } from '@fit/shared/current-weight';
import { paths, type UserProfile, type WeightRecord } from '@fit/shared/model';
import type { DocSnapshot, DocumentStore, LiveDocumentStore, QuerySpec, WriteOp } from '@fit/shared/store';
import { newDocId } from './ids.ts';
import type { Listen } from './live-query.ts';
import { finiteNumber, NEWEST_FIRST, type RecordKind, restoredWriteTimes, type Stored } from './records.ts';

export const RECENT_WEIGHTS = 5;
const WEIGHTS_PAGE_SIZE = 50;
/**
 * How many records the live history (latest list + chart) holds: what the chart can show (about
 * 3 px a point on a phone's chart; over three months of daily weigh-ins). The dashboard's first
 * paint reads no more than this whatever the history's length; Show All pages through the rest.
 */
const WEIGHT_HISTORY_LIMIT = 100;

export type StoredWeight = Stored<WeightRecord>;

export function toWeight(doc: DocSnapshot): StoredWeight {
  return {
    id: doc.id,
    path: doc.path,
    weight: finiteNumber(doc.data.weight) ?? 0,
    timestamp: finiteNumber(doc.data.timestamp) ?? 0,
    // When it was written: kept so an Undo of its delete can write it back as it was.
    ...(finiteNumber(doc.data.loggedAt) !== undefined ? { loggedAt: doc.data.loggedAt as number } : {}),
    ...(finiteNumber(doc.data.importedAt) !== undefined ? { importedAt: doc.data.importedAt as number } : {}),
    ...(doc.pending ? { pending: true } : {}),
  };
}

function newestQuery(uid: string, limit: number): QuerySpec {
  return { collection: paths.weightRecords(uid), orderBy: NEWEST_FIRST, limit };
}

/** The two newest records: the ones the page shows, or read when it has none yet. */
async function newestTwo(
  store: DocumentStore,
  uid: string,
  shown: readonly StoredWeight[] | undefined,
): Promise<readonly StoredWeight[]> {
  return shown ? shown.slice(0, 2) : (await store.query(newestQuery(uid, 2))).map(toWeight);
}

/** The newest records first, live. */
export function watchWeightHistory(
  store: LiveDocumentStore,
  uid: string,
  limit = WEIGHT_HISTORY_LIMIT,
): Listen<StoredWeight[]> {
  return (onNext, onError) =>
    store.listen(newestQuery(uid, limit), (docs) => onNext(docs.map(toWeight)), onError);
}

/** Weight records for paging (Show All) and counting. */
export const WEIGHT_RECORDS: RecordKind<StoredWeight> = {
  collection: paths.weightRecords,
  read: toWeight,
  pageSize: WEIGHTS_PAGE_SIZE,
};

function currentWeightWrite(uid: string, weight: number): WriteOp {
  return { kind: 'set', path: paths.user(uid), data: { currentWeight: weight }, merge: true };
}

/**
 * Adds a validated record (from `validateWeightForm`) with `loggedAt`, the time of the write, and
 * sets the current weight (spec section 4), unless the record is dated before the newest one
 * already there (`newest`, newest first): a weigh-in caught up from last week does not replace
 * today's weight.
 */
export async function logWeight(
  store: DocumentStore,
  uid: string,
  record: WeightRecord,
  newest: readonly StoredWeight[] | undefined,
  now = Date.now(),
): Promise<string> {
  const id = newDocId();
  const [latest] = await newestTwo(store, uid, newest);
  const isNewest = !latest || record.timestamp >= latest.timestamp;
  await store.commit([
    {
      kind: 'set',
      path: paths.weightRecord(uid, id),
      data: { weight: record.weight, timestamp: record.timestamp, loggedAt: now },
    },
    ...(isNewest ? [currentWeightWrite(uid, record.weight)] : []),
  ]);
  return id;
}

/**
 * Changes a record's weight and, when given, its time. The profile's current weight follows the
 * newest record after the change (`newest`: the records before it, newest first): this one's
 * weight when it is (or becomes) the newest, the record that becomes the newest when this one is
 * moved back behind it; otherwise it stays what the profile holds (spec section 4). Resolves to
 * whether the current weight was updated.
 */
export async function updateWeight(
  store: DocumentStore,
  uid: string,
  change: { id: string; weight: number; timestamp?: number | undefined },
  newest: readonly StoredWeight[] | undefined,
): Promise<boolean> {
  const { id, weight, timestamp } = change;
  const current = currentWeightAfterEdit(await newestTwo(store, uid, newest), id, weight, timestamp);
  const data: Record<string, unknown> = { weight };
  if (timestamp !== undefined) data.timestamp = timestamp;
  const writes: WriteOp[] = [{ kind: 'update', path: paths.weightRecord(uid, id), data }];
  if (current !== null) writes.push(currentWeightWrite(uid, current));
  await store.commit(writes);
  return current !== null;
}

/** Deletes a record; the current weight becomes the newest remaining weight, or 0. Resolves to it. */
export async function deleteWeight(
  store: DocumentStore,
  uid: string,
  id: string,
  newest: readonly StoredWeight[] | undefined,
): Promise<number> {
  const current = currentWeightAfterDelete(await newestTwo(store, uid, newest), id);
  await store.commit([
    { kind: 'delete', path: paths.weightRecord(uid, id) },
    currentWeightWrite(uid, current),
  ]);
  return current;
}

/**
 * Puts a deleted record back under its own id (Undo), with `loggedAt` (kept, or now) and, for an
 * imported one, a fresh `importedAt` (as `restoreActivity`); the current weight follows it again
 * when it is newer than every record left (`newest`: the records now, newest first).
 */
export async function restoreWeight(
  store: DocumentStore,
  uid: string,
  deleted: StoredWeight,
  newest: readonly StoredWeight[] | undefined,
  now = Date.now(),
): Promise<void> {
  const [latest] = (await newestTwo(store, uid, newest)).filter((r) => r.id !== deleted.id);
  const data: Record<string, unknown> = {
    weight: deleted.weight,
    timestamp: deleted.timestamp,
    ...restoredWriteTimes(deleted, now),
  };
  const isNewest = !latest || deleted.timestamp >= latest.timestamp;
  await store.commit([
    { kind: 'set', path: paths.weightRecord(uid, deleted.id), data },
    ...(isNewest ? [currentWeightWrite(uid, deleted.weight)] : []),
  ]);
}

/** The dashboard's profile form: target weight and date (validated by `validateDashboardProfile`). */
export async function saveWeightTargets(
  store: DocumentStore,
  uid: string,
  fields: Pick<Partial<UserProfile>, 'targetWeight' | 'targetDate'>,
) {
  const data: Record<string, unknown> = {};
  if (fields.targetWeight !== undefined) data.targetWeight = fields.targetWeight;
  if (fields.targetDate !== undefined) data.targetDate = fields.targetDate;
  await store.commit([{ kind: 'set', path: paths.user(uid), data, merge: true }]);
}
