/**
 * `users/{uid}/weightRecords`, and the profile's current weight, which follows the newest record in
 * the same batch. The newest are the records the page shows (`newest`), not read before each write,
 * so a weigh-in saved offline waits to sync like any save; only `undefined` reads the newest two.
 */
import { currentWeightAfterDelete, currentWeightAfterEdit } from '@fit/shared/current-weight';
import { paths, type UserProfile, type WeightRecord } from '@fit/shared/model';
import type { DocSnapshot, DocumentStore, LiveDocumentStore, QuerySpec, WriteOp } from '@fit/shared/store';
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

export const RECENT_WEIGHTS = 5;
const WEIGHTS_PAGE_SIZE = 50;
/** What the chart can show (about 3 px a point on a phone); Show All pages through the rest. */
const WEIGHT_HISTORY_LIMIT = 100;

export type StoredWeight = Stored<WeightRecord>;

export function toWeight(doc: DocSnapshot): StoredWeight {
  return {
    id: doc.id,
    path: doc.path,
    weight: finiteNumber(doc.data.weight) ?? 0,
    timestamp: finiteNumber(doc.data.timestamp) ?? 0,
    ...finiteFields(doc.data, ['loggedAt', 'importedAt']),
    ...(doc.pending ? { pending: true } : {}),
  };
}

function newestQuery(uid: string, limit: number): QuerySpec {
  return { collection: paths.weightRecords(uid), orderBy: NEWEST_FIRST, limit };
}

async function newestTwo(
  store: DocumentStore,
  uid: string,
  shown: readonly StoredWeight[] | undefined,
): Promise<readonly StoredWeight[]> {
  return shown ? shown.slice(0, 2) : (await store.query(newestQuery(uid, 2))).map(toWeight);
}

export function watchWeightHistory(
  store: LiveDocumentStore,
  uid: string,
  limit = WEIGHT_HISTORY_LIMIT,
): Listen<StoredWeight[]> {
  return watchDocs(store, newestQuery(uid, limit), toWeight);
}

export const WEIGHT_RECORDS: RecordKind<StoredWeight> = {
  collection: paths.weightRecords,
  read: toWeight,
  pageSize: WEIGHTS_PAGE_SIZE,
};

function currentWeightWrite(uid: string, weight: number): WriteOp {
  return { kind: 'set', path: paths.user(uid), data: { currentWeight: weight }, merge: true };
}

/** Writes record `id`; it becomes the current weight unless dated before the newest other one. */
async function putRecord(
  store: DocumentStore,
  uid: string,
  id: string,
  data: { weight: number; timestamp: number; loggedAt: number; importedAt?: number },
  newest: readonly StoredWeight[] | undefined,
): Promise<void> {
  const [latest] = (await newestTwo(store, uid, newest)).filter((r) => r.id !== id);
  const isNewest = !latest || data.timestamp >= latest.timestamp;
  await store.commit([
    { kind: 'set', path: paths.weightRecord(uid, id), data },
    ...(isNewest ? [currentWeightWrite(uid, data.weight)] : []),
  ]);
}

/** Adds a record with `loggedAt`, the time of the write. */
export async function logWeight(
  store: DocumentStore,
  uid: string,
  { weight, timestamp }: WeightRecord,
  newest: readonly StoredWeight[] | undefined,
  now = Date.now(),
): Promise<string> {
  const id = newDocId();
  await putRecord(store, uid, id, { weight, timestamp, loggedAt: now }, newest);
  return id;
}

/** Changes a record's weight (and time); resolves to whether the current weight followed. */
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

/** Puts a deleted record back (Undo); the current weight follows it when it is the newest again. */
export async function restoreWeight(
  store: DocumentStore,
  uid: string,
  deleted: StoredWeight,
  newest: readonly StoredWeight[] | undefined,
  now = Date.now(),
): Promise<void> {
  const { weight, timestamp } = deleted;
  await putRecord(store, uid, deleted.id, { weight, timestamp, ...restoredWriteTimes(deleted, now) }, newest);
}

/** The dashboard's profile form: target weight and date. */
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
