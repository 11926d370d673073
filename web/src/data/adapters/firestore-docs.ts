/**
 * The SDK's documents and queries in the store port's shapes, and the paths checked before anything
 * is sent: an id Firestore would refuse, or an unpaired surrogate, fails here with invalid-argument.
 */
import { docPathProblem, queryPathProblem } from '@fit/shared/doc-paths';
import {
  type DocSnapshot,
  type LiveDocumentStore,
  type QuerySpec,
  StoreError,
  splitDocPath,
  type Unsubscribe,
} from '@fit/shared/store';
import {
  collection,
  collectionGroup,
  type DocumentSnapshot,
  documentId,
  type Firestore,
  limit,
  orderBy,
  type Query,
  type QueryConstraint,
  query,
  startAfter,
  where,
} from 'firebase/firestore';

export function snapshotOf(snap: DocumentSnapshot): DocSnapshot | null {
  if (!snap.exists()) return null;
  const doc = { path: snap.ref.path, id: snap.id, data: snap.data() };
  return snap.metadata.hasPendingWrites ? { ...doc, pending: true } : doc;
}

export const docsOf = (snaps: { docs: DocumentSnapshot[] }): DocSnapshot[] =>
  snaps.docs.map(snapshotOf).filter((snap): snap is DocSnapshot => snap !== null);

export function toQuery(db: Firestore, spec: QuerySpec): Query {
  const base = spec.group ? collectionGroup(db, spec.collection) : collection(db, spec.collection);
  const constraints: QueryConstraint[] = [];
  for (const filter of spec.where ?? []) constraints.push(where(filter.field, filter.op, filter.value));
  for (const order of spec.orderBy ?? []) constraints.push(orderBy(order.field, order.direction));
  if (spec.startAfter) {
    // Ties break by document path (the port's promise): ordered explicitly so the cursor names it.
    constraints.push(orderBy(documentId(), spec.orderBy?.at(-1)?.direction ?? 'asc'));
    // documentId() takes the id in a collection query, the full path in a group query.
    const last = spec.group ? spec.startAfter.path : splitDocPath(spec.startAfter.path).id;
    constraints.push(startAfter(...spec.startAfter.values, last));
  }
  if (spec.limit !== undefined) constraints.push(limit(spec.limit));
  return query(base, ...constraints);
}

function refuse(problem: string | null): void {
  if (problem) throw new StoreError('invalid-argument', problem);
}

export const checkDocPath = (path: string) => refuse(docPathProblem(path));
export const checkQuery = (spec: QuerySpec) => refuse(queryPathProblem(spec));

type Listens = Pick<LiveDocumentStore, 'listen' | 'listenDoc'>;

/** Listens that open only once their path passes; a refusal arrives later through `onError`. */
export function checkedListens(open: Listens): Listens {
  const checked = (problem: string | null, start: () => Unsubscribe, onError: (e: StoreError) => void) => {
    if (!problem) return start();
    let active = true;
    queueMicrotask(() => active && onError(new StoreError('invalid-argument', problem)));
    return () => {
      active = false;
    };
  };
  return {
    listen: (spec, onNext, onError) =>
      checked(queryPathProblem(spec), () => open.listen(spec, onNext, onError), onError),
    listenDoc: (path, onNext, onError) =>
      checked(docPathProblem(path), () => open.listenDoc(path, onNext, onError), onError),
  };
}
