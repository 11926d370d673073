/**
 * What a user's logged records (`users/{uid}/reps`, `users/{uid}/weightRecords`) share: how one
 * is held once read, the newest-first order their lists, pages and live queries use (single-field
 * on `timestamp`: no composite index), cursor paging and the count.
 */
import type { Cursor, DocSnapshot, DocumentStore } from '@fit/shared/store';
import { LIMITS } from '@fit/shared/validation';

/** A record as the dashboard holds it: its document's id and path beside its fields. */
export type Stored<R> = R & {
  id: string;
  path: string;
  /** Saved on this device, not yet confirmed by the server (Firestore's offline queue). */
  pending?: boolean;
};

export const NEWEST_FIRST = [{ field: 'timestamp', direction: 'desc' }] as const;

/** A stored number, or undefined for a missing or malformed one (NaN and infinities included). */
export function finiteNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

interface RecordPage<T> {
  items: T[];
  /** Continue after this to read the next page (null when this page is short). */
  next: Cursor | null;
}

/** A kind of logged record: where a user's are kept, how one is read, how many a page shows. */
/**
 * The write times of a deleted entry written back (Undo), which the rules check as a new entry:
 * `loggedAt` kept while within LIMITS.maxBackdateMs (else now), and `importedAt` now for an
 * imported entry or one dated further back than a new entry may be (only an import may be), so an
 * entry more than a year old comes back instead of failing every time. A day of margin covers the
 * device's clock and the time the write takes to land.
 */
export function restoredWriteTimes(
  deleted: { timestamp: number; loggedAt?: number; importedAt?: number },
  now: number,
): { loggedAt: number; importedAt?: number } {
  const earliest = now - LIMITS.maxBackdateMs + 86_400_000;
  const loggedAt = deleted.loggedAt !== undefined && deleted.loggedAt >= earliest ? deleted.loggedAt : now;
  return deleted.importedAt !== undefined || deleted.timestamp < earliest
    ? { loggedAt, importedAt: now }
    : { loggedAt };
}

export interface RecordKind<T> {
  collection: (uid: string) => string;
  read: (doc: DocSnapshot) => T;
  pageSize: number;
}

/** One page of a user's records newest first, after `after` (null: the first page). */
export async function recordsPage<T>(
  store: DocumentStore,
  uid: string,
  kind: RecordKind<T>,
  after: Cursor | null,
  pageSize = kind.pageSize,
): Promise<RecordPage<T>> {
  const docs = await store.query({
    collection: kind.collection(uid),
    orderBy: NEWEST_FIRST,
    limit: pageSize,
    ...(after ? { startAfter: after } : {}),
  });
  const last = docs[docs.length - 1];
  return {
    items: docs.map(kind.read),
    next:
      last && docs.length === pageSize ? { values: [last.data.timestamp ?? null], path: last.path } : null,
  };
}

/** How many records a user has: one aggregate, no documents read. */
export async function countRecords(
  store: DocumentStore,
  uid: string,
  kind: RecordKind<unknown>,
): Promise<number> {
  return (await store.aggregate({ collection: kind.collection(uid) }, { count: true })).count;
}
