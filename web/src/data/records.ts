/**
 * What a user's logged records (`users/{uid}/reps`, `users/{uid}/weightRecords`) share: how one
 * is held once read, the newest-first order their lists, pages and live queries use (single-field
 * on `timestamp`: no composite index), cursor paging and the count.
 */
import type { Cursor, DocSnapshot, DocumentStore } from '@fit/shared/store';

/** A record as the dashboard holds it: its document's id and path beside its fields. */
export type Stored<R> = R & {
  id: string;
  path: string;
  /** Saved on this device, not yet confirmed by the server (Firebase mode, offline). */
  pending?: boolean;
};

export const NEWEST_FIRST = [{ field: 'timestamp', direction: 'desc' }] as const;

/** A stored number, or undefined for a missing or malformed one (NaN and infinities included). */
export function finiteNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export interface RecordPage<T> {
  items: T[];
  /** The stored documents (for write-backs). */
  raw: DocSnapshot[];
  /** Continue after this to read the next page (null when this page is short). */
  next: Cursor | null;
}

/** One page of a collection newest first, after `after`, each document read by `read`. */
export async function newestPage<T>(
  store: DocumentStore,
  collection: string,
  after: Cursor | null,
  pageSize: number,
  read: (doc: DocSnapshot) => T,
): Promise<RecordPage<T>> {
  const docs = await store.query({
    collection,
    orderBy: NEWEST_FIRST,
    limit: pageSize,
    ...(after ? { startAfter: after } : {}),
  });
  const last = docs[docs.length - 1];
  return {
    items: docs.map(read),
    raw: docs,
    next:
      last && docs.length === pageSize ? { values: [last.data.timestamp ?? null], path: last.path } : null,
  };
}

/** How many records a collection holds: one aggregate, no documents read. */
export async function countRecords(store: DocumentStore, collection: string): Promise<number> {
  return (await store.aggregate({ collection }, { count: true })).count;
}
