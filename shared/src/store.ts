/**
 * The narrow document-store port. Every piece of code that touches documents (web repositories,
 * reactions) speaks only this, so the same code runs over Firestore (the web SDK in the browser,
 * firebase-admin in Cloud Functions) and over the in-memory adapter in tests.
 *
 * Semantics are Firestore's: paths alternate collection/document, `update` of a missing document
 * fails with 'not-found', `set` with `merge` merges top-level and dotted fields, ties in ordering are
 * broken by document path, a query must be allowed by its constraints (not by what it returns).
 */

export type DocData = { [field: string]: unknown };

export interface DocSnapshot {
  /** Full document path, e.g. `users/u1/reps/abc`. */
  readonly path: string;
  /** Last path segment. */
  readonly id: string;
  readonly data: DocData;
  /**
   * A write made on this device that the server has not confirmed yet (the web SDK's
   * hasPendingWrites), shown as waiting to sync. Absent everywhere else.
   */
  readonly pending?: boolean;
}

export type FilterOp = '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | 'not-in' | 'array-contains';

/**
 * A filter on this field compares the document's full path (Firestore's documentId()), with '=='
 * or 'in' only: reads named documents of a collection group in one query.
 */
export const DOCUMENT_NAME = '__name__';

export interface FieldFilter {
  readonly field: string;
  readonly op: FilterOp;
  readonly value: unknown;
}

/**
 * A filter's value as both SDKs take it: a DOCUMENT_NAME filter's paths as document references
 * (`ref`), the one form they accept in collection and group queries alike.
 */
export function filterValue(f: FieldFilter, ref: (path: string) => unknown): unknown {
  if (f.field !== DOCUMENT_NAME) return f.value;
  return f.op === 'in' ? (f.value as unknown[]).map((path) => ref(String(path))) : ref(String(f.value));
}

export interface OrderBy {
  readonly field: string;
  readonly direction: 'asc' | 'desc';
}

/** Exclusive cursor: the orderBy values of the last document seen, then that document's path. */
export interface Cursor {
  readonly values: readonly unknown[];
  readonly path: string;
}

export interface QuerySpec {
  /** A collection path (`users/u1/reps`) or, when `group` is true, a collection id (`reps`). */
  readonly collection: string;
  readonly group?: boolean;
  readonly where?: readonly FieldFilter[];
  readonly orderBy?: readonly OrderBy[];
  readonly limit?: number;
  readonly startAfter?: Cursor;
}

export interface AggregateSpec {
  readonly count?: boolean;
  /** Numeric fields to sum; a missing or non-numeric field counts as 0, as in Firestore. */
  readonly sum?: readonly string[];
}

export interface AggregateResult {
  readonly count: number;
  readonly sum: Readonly<Record<string, number>>;
}

export type WriteOp =
  | { readonly kind: 'set'; readonly path: string; readonly data: DocData; readonly merge?: boolean }
  /**
   * Fails with 'not-found' when the document is missing; keys may be dotted field paths. `remove`
   * names top-level fields the update deletes (Firestore's deleteField()).
   */
  | {
      readonly kind: 'update';
      readonly path: string;
      readonly data: DocData;
      readonly remove?: readonly string[];
    }
  | { readonly kind: 'delete'; readonly path: string };

export interface DocumentReader {
  get(path: string): Promise<DocSnapshot | null>;
  query(spec: QuerySpec): Promise<DocSnapshot[]>;
  aggregate(spec: QuerySpec, aggregate: AggregateSpec): Promise<AggregateResult>;
}

/** What a browser or any client uses: reads plus an all-or-nothing batch commit. */
export interface DocumentStore extends DocumentReader {
  commit(writes: readonly WriteOp[]): Promise<void>;
}

export type Unsubscribe = () => void;

/** A client store that can also watch a query or a document (Firestore's onSnapshot). */
export interface LiveDocumentStore extends DocumentStore {
  listen(
    spec: QuerySpec,
    onNext: (docs: DocSnapshot[]) => void,
    onError: (error: StoreError) => void,
  ): Unsubscribe;
  listenDoc(
    path: string,
    onNext: (doc: DocSnapshot | null) => void,
    onError: (error: StoreError) => void,
  ): Unsubscribe;
}

/** Reads see one consistent state; writes are buffered and applied atomically at the end. */
export interface Transaction extends DocumentReader {
  write(op: WriteOp): void;
}

/** The server-side store reactions run against (firebase-admin, in-memory). */
export interface ReactionStore extends DocumentStore {
  /** Serializable: fn may be retried on contention, so it must not have side effects besides tx. */
  transact<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
}

export const STORE_ERROR_CODES = [
  'invalid-argument',
  'not-found',
  'already-exists',
  'permission-denied',
  'unauthenticated',
  'failed-precondition',
  'resource-exhausted',
  'aborted',
  'unavailable',
  'internal',
] as const;

export type StoreErrorCode = (typeof STORE_ERROR_CODES)[number];

/** Whether a code from elsewhere (a Firestore error's) is one of ours. */
export function isStoreErrorCode(code: unknown): code is StoreErrorCode {
  return (STORE_ERROR_CODES as readonly unknown[]).includes(code);
}

/** Every adapter maps its failures to this, so callers branch on one set of codes. */
export class StoreError extends Error {
  override readonly name = 'StoreError';
  constructor(
    readonly code: StoreErrorCode,
    message: string,
    /** A refused commit whose writes change a device time the rules check (a wrong clock may be why). */
    readonly timed = false,
  ) {
    super(message);
  }
}

/** Device times the rules hold to the server's clock (firestore.rules timeOk, writtenNow, loggedAt). */
const CHECKED_TIMES = ['timestamp', 'loggedAt', 'importedAt', 'createdAt'];

/**
 * Whether a write sets a checked time to other than `stored` (null: not known). The rules take an
 * unchanged value whatever the clock, so an edit resending it is refused for another reason.
 */
export function changesCheckedTime(op: WriteOp, stored: DocData | null): boolean {
  if (op.kind === 'delete') return false;
  return CHECKED_TIMES.some(
    (field) => field in op.data && (stored === null || stored[field] !== op.data[field]),
  );
}

/** Splits a document path into its parent collection path and id. */
export function splitDocPath(path: string): { collection: string; id: string } {
  const cut = path.lastIndexOf('/');
  return { collection: path.slice(0, cut), id: path.slice(cut + 1) };
}
