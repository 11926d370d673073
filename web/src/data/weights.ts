/**
 * `users/{uid}/weightRecords` and the profile's weight fields (spec section 4):
 * - logging a weight also sets the profile's current weight, in the same batch;
 * - editing a record updates the current weight only when it is the newest record;
 * - deleting a record sets the current weight to the newest remaining weight, or 0 if none remain.
 *
 * Queries (single-field on `timestamp`, no composite index):
 * - history: orderBy timestamp desc, limit 500 (live; the latest 5 and the chart)
 * - pages:   orderBy timestamp desc, limit 50, startAfter cursor; count: aggregate count
 * - newest:  orderBy timestamp desc, limit 1 (edit) or 2 (delete)
 */
import { currentWeightAfterDelete, currentWeightAfterEdit } from '@fit/shared/current-weight';
import { paths, type UserProfile, type WeightRecord } from '@fit/shared/model';
import type {
  Cursor,
  DocSnapshot,
  DocumentStore,
  LiveDocumentStore,
  QuerySpec,
  StoreError,
  Unsubscribe,
  WriteOp,
} from '@fit/shared/store';
import { newDocId } from './ids.ts';

export const RECENT_WEIGHTS = 5;
export const WEIGHTS_PAGE_SIZE = 50;
/** How many records the live history (latest list + chart) holds: well over a year of daily weigh-ins. */
export const WEIGHT_HISTORY_LIMIT = 500;

export interface StoredWeight extends WeightRecord {
  id: string;
  path: string;
}

const NEWEST_FIRST = [{ field: 'timestamp', direction: 'desc' }] as const;

export function toWeight(doc: DocSnapshot): StoredWeight {
  const weight = doc.data.weight;
  const timestamp = doc.data.timestamp;
  return {
    id: doc.id,
    path: doc.path,
    weight: typeof weight === 'number' && Number.isFinite(weight) ? weight : 0,
    timestamp: typeof timestamp === 'number' && Number.isFinite(timestamp) ? timestamp : 0,
  };
}

function newest(uid: string, limit: number): QuerySpec {
  return { collection: paths.weightRecords(uid), orderBy: NEWEST_FIRST, limit };
}

/** The newest records first, live. */
export function watchWeightHistory(
  store: LiveDocumentStore,
  uid: string,
  onNext: (records: StoredWeight[]) => void,
  onError: (error: StoreError) => void,
  limit = WEIGHT_HISTORY_LIMIT,
): Unsubscribe {
  return store.listen(newest(uid, limit), (docs) => onNext(docs.map(toWeight)), onError);
}

export async function countWeights(store: DocumentStore, uid: string): Promise<number> {
  return (await store.aggregate({ collection: paths.weightRecords(uid) }, { count: true })).count;
}

export async function weightsPage(
  store: DocumentStore,
  uid: string,
  after: Cursor | null,
  pageSize = WEIGHTS_PAGE_SIZE,
): Promise<{ records: StoredWeight[]; next: Cursor | null }> {
  const docs = await store.query({ ...newest(uid, pageSize), ...(after ? { startAfter: after } : {}) });
  const last = docs[docs.length - 1];
  return {
    records: docs.map(toWeight),
    next:
      last && docs.length === pageSize ? { values: [last.data.timestamp ?? null], path: last.path } : null,
  };
}

function currentWeightWrite(uid: string, weight: number): WriteOp {
  return { kind: 'set', path: paths.user(uid), data: { currentWeight: weight }, merge: true };
}

/** Adds a validated record (from `validateWeightForm`, timestamp = now) and sets the current weight. */
export async function logWeight(store: DocumentStore, uid: string, record: WeightRecord): Promise<string> {
  const id = newDocId();
  await store.commit([
    {
      kind: 'set',
      path: paths.weightRecord(uid, id),
      data: { weight: record.weight, timestamp: record.timestamp },
    },
    currentWeightWrite(uid, record.weight),
  ]);
  return id;
}

/**
 * Changes a record's weight (its time stays). The profile's current weight follows only when this
 * is the newest record; otherwise the current weight stays what the profile holds.
 * Resolves to whether the current weight was updated.
 */
export async function updateWeight(
  store: DocumentStore,
  uid: string,
  id: string,
  weight: number,
): Promise<boolean> {
  const [latest] = await store.query(newest(uid, 1));
  const current = currentWeightAfterEdit(latest, id, weight);
  const writes: WriteOp[] = [{ kind: 'update', path: paths.weightRecord(uid, id), data: { weight } }];
  if (current !== null) writes.push(currentWeightWrite(uid, current));
  await store.commit(writes);
  return current !== null;
}

/** Deletes a record; the current weight becomes the newest remaining weight, or 0. Resolves to it. */
export async function deleteWeight(store: DocumentStore, uid: string, id: string): Promise<number> {
  const top = await store.query(newest(uid, 2));
  const current = currentWeightAfterDelete(top.map(toWeight), id);
  await store.commit([
    { kind: 'delete', path: paths.weightRecord(uid, id) },
    currentWeightWrite(uid, current),
  ]);
  return current;
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
