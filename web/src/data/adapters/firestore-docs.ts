/** The SDK's documents and queries in the store port's shapes. */
import { type DocSnapshot, type QuerySpec, splitDocPath } from '@fit/shared/store';
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
