/** What activities and weight records share: how one is held, newest-first paging and the count. */
import type { Cursor, DocData, DocSnapshot, DocumentStore } from '@fit/shared/store';
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

/** The finite numbers among `fields` of `data`; the others left out. */
export function finiteFields<K extends string>(
  data: DocData,
  fields: readonly K[],
): Partial<Record<K, number>> {
  return Object.fromEntries(fields.map((f) => [f, finiteNumber(data[f])]).filter(([, v]) => v !== undefined));
}

/**
 * The write times of a deleted entry written back (Undo), checked as a new entry's: `loggedAt` kept
 * while recent enough, `importedAt` now when imported or older than a new entry may be (a day's margin).
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

/** One page of `collection` by `timestamp`; `next` continues after it (null: this page is short). */
export async function timestampPage(
  store: DocumentStore,
  collection: string,
  direction: 'asc' | 'desc',
  after: Cursor | null,
  pageSize: number,
): Promise<{ docs: DocSnapshot[]; next: Cursor | null }> {
  const docs = await store.query({
    collection,
    orderBy: [{ field: 'timestamp', direction }],
    limit: pageSize,
    ...(after ? { startAfter: after } : {}),
  });
  const last = docs[docs.length - 1];
  const next =
    last && docs.length === pageSize ? { values: [last.data.timestamp ?? null], path: last.path } : null;
  return { docs, next };
}

/** One page of a user's records newest first, after `after` (null: the first page). */
export async function recordsPage<T>(
  store: DocumentStore,
  uid: string,
  kind: RecordKind<T>,
  after: Cursor | null,
  pageSize = kind.pageSize,
): Promise<{ items: T[]; next: Cursor | null }> {
  const { docs, next } = await timestampPage(store, kind.collection(uid), 'desc', after, pageSize);
  return { items: docs.map(kind.read), next };
}

/** How many records a user has: one aggregate, no documents read. */
export async function countRecords(
  store: DocumentStore,
  uid: string,
  kind: RecordKind<unknown>,
): Promise<number> {
  return (await store.aggregate({ collection: kind.collection(uid) }, { count: true })).count;
}
