/**
 * Firestore's document semantics as pure functions, so that the in-memory store the tests run the
 * app and the reactions on behaves like Firestore:
 *
 * - values order by type first (null < boolean < number < string < array < map), then by value;
 *   strings compare by code point (= Firestore's UTF-8 byte order), arrays and maps element-wise;
 * - a filter or an orderBy on a field excludes documents that lack the field; range filters only
 *   match values of the filter value's type; `!=` and `not-in` never match null;
 * - results are ordered by the orderBy fields, then by document path in the direction of the last
 *   orderBy (ascending when there is none);
 * - `set` with merge deep-merges maps (keys are literal field names), `update` treats dotted keys as
 *   field paths and fails on a missing document;
 * - the query shapes Firestore refuses are refused here, whatever the data holds.
 */

import {
  collectionGroupProblem,
  collectionPathProblem,
  docPathProblem,
  utf8Length,
} from '../src/doc-paths.ts';
import {
  type AggregateResult,
  type AggregateSpec,
  type Cursor,
  DOCUMENT_NAME,
  type DocData,
  type DocSnapshot,
  type DocumentReader,
  type FieldFilter,
  type FilterOp,
  type OrderBy,
  type QuerySpec,
  StoreError,
  splitDocPath,
  type Transaction,
  type WriteOp,
} from '../src/store.ts';

/** Firestore caps the values of `in` / `not-in` / `array-contains-any`. */
export const MAX_DISJUNCTION_VALUES = 30;
/** Firestore's batch limit. */
export const MAX_WRITES_PER_COMMIT = 500;
/** Firestore's document size limit (bytes, as Firestore counts them: see `documentSize`). */
export const MAX_DOCUMENT_BYTES = 1024 * 1024;

const FILTER_OPS: readonly FilterOp[] = ['==', '!=', '<', '<=', '>', '>=', 'in', 'not-in', 'array-contains'];
const INEQUALITY_OPS: ReadonlySet<FilterOp> = new Set(['!=', '<', '<=', '>', '>=', 'not-in']);

// ---- values ----

export function isPlainMap(value: unknown): value is DocData {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Firestore's type order; values of different types compare by this rank. */
export function typeRank(value: unknown): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'boolean') return 1;
  if (typeof value === 'number') return 2;
  if (typeof value === 'string') return 3;
  if (Array.isArray(value)) return 4;
  return 5;
}

function compareStrings(a: string, b: string): number {
  // Code point order equals UTF-8 byte order, which is Firestore's; UTF-16 unit order is not.
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; ) {
    const ca = a.codePointAt(i) ?? 0;
    const cb = b.codePointAt(i) ?? 0;
    if (ca !== cb) return ca < cb ? -1 : 1;
    i += ca > 0xffff ? 2 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

function compareNumbers(a: number, b: number): number {
  // Firestore puts NaN before every other number.
  if (Number.isNaN(a)) return Number.isNaN(b) ? 0 : -1;
  if (Number.isNaN(b)) return 1;
  return a === b ? 0 : a < b ? -1 : 1;
}

/** Total order over document values, as Firestore orders them. */
export function compareValues(a: unknown, b: unknown): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra < rb ? -1 : 1;
  switch (ra) {
    case 0:
      return 0;
    case 1:
      return a === b ? 0 : a ? 1 : -1;
    case 2:
      return compareNumbers(a as number, b as number);
    case 3:
      return compareStrings(a as string, b as string);
    case 4: {
      const xa = a as unknown[];
      const xb = b as unknown[];
      for (let i = 0; i < Math.min(xa.length, xb.length); i++) {
        const c = compareValues(xa[i], xb[i]);
        if (c !== 0) return c;
      }
      return compareNumbers(xa.length, xb.length);
    }
    default: {
      const ma = a as DocData;
      const mb = b as DocData;
      const ka = Object.keys(ma).sort(compareStrings);
      const kb = Object.keys(mb).sort(compareStrings);
      for (let i = 0; i < Math.min(ka.length, kb.length); i++) {
        const keyA = ka[i] as string;
        const keyB = kb[i] as string;
        const ck = compareStrings(keyA, keyB);
        if (ck !== 0) return ck;
        const cv = compareValues(ma[keyA], mb[keyB]);
        if (cv !== 0) return cv;
      }
      return compareNumbers(ka.length, kb.length);
    }
  }
}

/** Firestore equality: numbers by value (NaN equals NaN in queries), maps and arrays deeply. */
export function valuesEqual(a: unknown, b: unknown): boolean {
  return compareValues(a, b) === 0;
}

/** Compares document paths segment by segment (so `a/b` sorts before `a/b/c/d` and `a/b0`). */
export function comparePaths(a: string, b: string): number {
  const sa = a.split('/');
  const sb = b.split('/');
  for (let i = 0; i < Math.min(sa.length, sb.length); i++) {
    const c = compareStrings(sa[i] as string, sb[i] as string);
    if (c !== 0) return c;
  }
  return compareNumbers(sa.length, sb.length);
}

export function deepClone<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => deepClone(v)) as T;
  if (isPlainMap(value)) {
    const out: DocData = {};
    for (const [k, v] of Object.entries(value)) out[k] = deepClone(v);
    return out as T;
  }
  return value;
}

// ---- fields ----

/** The value at a dotted field path (`a.b.c`), or undefined when any step is missing. */
export function getField(data: DocData, fieldPath: string): unknown {
  let current: unknown = data;
  for (const segment of fieldPath.split('.')) {
    if (!isPlainMap(current) || !Object.hasOwn(current, segment)) return undefined;
    current = current[segment];
  }
  return current;
}

export function hasField(data: DocData, fieldPath: string): boolean {
  return getField(data, fieldPath) !== undefined;
}

/** Sets a dotted field path, creating (or replacing non-map) intermediate maps. Mutates `data`. */
function setField(data: DocData, fieldPath: string, value: unknown): void {
  const segments = fieldPath.split('.');
  let current = data;
  for (const segment of segments.slice(0, -1)) {
    const next = current[segment];
    if (!isPlainMap(next)) current[segment] = {};
    current = current[segment] as DocData;
  }
  current[segments[segments.length - 1] as string] = value;
}

/** Why a value cannot be stored, or null: Firestore refuses undefined, functions, class instances and arrays in arrays. */
export function valueProblem(value: unknown, where: string, insideArray = false): string | null {
  if (value === undefined) return `${where} is undefined; Firestore does not store undefined values`;
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : `${where} is not a finite number`;
  if (Array.isArray(value)) {
    if (insideArray) return `${where} is an array inside an array, which Firestore does not store`;
    for (let i = 0; i < value.length; i++) {
      const p = valueProblem(value[i], `${where}[${i}]`, true);
      if (p) return p;
    }
    return null;
  }
  if (isPlainMap(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (k === '') return `${where} has an empty field name`;
      const p = valueProblem(v, `${where}.${k}`);
      if (p) return p;
    }
    return null;
  }
  return `${where} has an unsupported type`;
}

/** Document size as Firestore counts it: name + fields, strings as UTF-8 bytes + 1, numbers 8, booleans/null 1. */
export function documentSize(path: string, data: DocData): number {
  const valueSize = (v: unknown): number => {
    if (v === null || typeof v === 'boolean') return 1;
    if (typeof v === 'number') return 8;
    if (typeof v === 'string') return utf8Length(v) + 1;
    if (Array.isArray(v)) return v.reduce((n: number, x) => n + valueSize(x), 0);
    if (isPlainMap(v))
      return Object.entries(v).reduce((n, [k, x]) => n + utf8Length(k) + 1 + valueSize(x), 0);
    return 0;
  };
  const nameSize = path.split('/').reduce((n, s) => n + utf8Length(s) + 1, 0) + 16;
  return nameSize + valueSize(data) + 32;
}

// ---- paths ----

// The path checker is its own module (the web Firestore adapter uses it too); re-exported here.
export { isCollectionPath, isDocPath } from '../src/doc-paths.ts';

/** Whether a document belongs to the query's collection (plain) or collection group (group). */
function matchesCollection(spec: Pick<QuerySpec, 'collection' | 'group'>, docPath: string): boolean {
  const { collection } = splitDocPath(docPath);
  if (!spec.group) return collection === spec.collection;
  const segments = collection.split('/');
  return segments[segments.length - 1] === spec.collection;
}

// ---- filters ----

/** Whether one document passes one filter (a missing field passes none). */
export function matchesFilter(data: DocData, filter: FieldFilter): boolean {
  const value = getField(data, filter.field);
  if (value === undefined) return false;
  const target = filter.value;
  switch (filter.op) {
    case '==':
      return valuesEqual(value, target);
    case '!=':
      return value !== null && !valuesEqual(value, target);
    case '<':
    case '<=':
    case '>':
    case '>=': {
      if (typeRank(value) !== typeRank(target)) return false;
      if (typeof value === 'number' && Number.isNaN(value)) return false;
      const c = compareValues(value, target);
      if (filter.op === '<') return c < 0;
      if (filter.op === '<=') return c <= 0;
      if (filter.op === '>') return c > 0;
      return c >= 0;
    }
    case 'in':
      return (target as unknown[]).some((t) => valuesEqual(value, t));
    case 'not-in':
      return value !== null && !(target as unknown[]).some((t) => valuesEqual(value, t));
    case 'array-contains':
      return Array.isArray(value) && value.some((v) => valuesEqual(v, target));
  }
}

// ---- query shape ----

/** The field of the query's inequality filter, if any. */
function inequalityField(spec: QuerySpec): string | undefined {
  return spec.where?.find((f) => INEQUALITY_OPS.has(f.op))?.field;
}

/**
 * The ordering Firestore applies: the explicit orderBy, or the inequality field ascending when
 * there is an inequality and no explicit orderBy. The document path tie-break comes on top.
 */
export function effectiveOrderBy(spec: QuerySpec): OrderBy[] {
  if (spec.orderBy && spec.orderBy.length > 0) return [...spec.orderBy];
  const field = inequalityField(spec);
  return field ? [{ field, direction: 'asc' }] : [];
}

/** Why a filter on the document's path is refused: '==' or 'in' of document paths only. */
function documentNameProblem(f: FieldFilter): string | null {
  if (f.op !== '==' && f.op !== 'in') return `Invalid query: '${DOCUMENT_NAME}' takes '==' or 'in' only.`;
  for (const value of f.op === 'in' ? (f.value as unknown[]) : [f.value]) {
    const problem = docPathProblem(value);
    if (problem) return `Invalid query: '${DOCUMENT_NAME}' takes document paths: ${problem}`;
  }
  return null;
}

/** Why Firestore would reject this query, or null when it is an allowed shape. */
export function queryProblem(spec: QuerySpec): string | null {
  if (typeof spec.collection !== 'string' || spec.collection === '') return 'A query needs a collection.';
  const collectionProblem = spec.group
    ? collectionGroupProblem(spec.collection)
    : collectionPathProblem(spec.collection);
  if (collectionProblem) return collectionProblem;
  const filters = spec.where ?? [];
  const inequalityFields = new Set<string>();
  let notEqual = 0;
  let notIn = 0;
  let inCount = 0;
  let arrayContains = 0;
  for (const f of filters) {
    if (!FILTER_OPS.includes(f.op)) return `Invalid filter operator '${String(f.op)}'.`;
    if (typeof f.field !== 'string' || f.field === '' || f.field.split('.').some((s) => s === ''))
      return `Invalid field path '${String(f.field)}'.`;
    const p = valueProblem(f.value, `Filter value for '${f.field}'`);
    if (p) return `${p}.`;
    if (f.op === 'in' || f.op === 'not-in') {
      if (!Array.isArray(f.value) || f.value.length === 0)
        return `Invalid query: '${f.op}' needs a non-empty array of values.`;
      if (f.value.length > MAX_DISJUNCTION_VALUES)
        return `Invalid query: '${f.op}' filters support at most ${MAX_DISJUNCTION_VALUES} values.`;
    }
    if (f.field === DOCUMENT_NAME) {
      const problem = documentNameProblem(f);
      if (problem) return problem;
    }
    if ((f.value === null || Number.isNaN(f.value)) && f.op !== '==' && f.op !== '!=')
      return "Invalid query: null and NaN only support '==' and '!=' comparisons.";
    if (INEQUALITY_OPS.has(f.op)) inequalityFields.add(f.field);
    if (f.op === '!=') notEqual++;
    if (f.op === 'not-in') notIn++;
    if (f.op === 'in') inCount++;
    if (f.op === 'array-contains') arrayContains++;
  }
  if (inequalityFields.size > 1)
    return `Invalid query: inequality filters (<, <=, >, >=, !=, not-in) on more than one field (${[...inequalityFields].join(', ')}).`;
  if (notIn > 1 || arrayContains > 1 || inCount > 1)
    return "Invalid query: at most one 'in', one 'not-in' and one 'array-contains' filter.";
  if (notIn > 0 && (notEqual > 0 || inCount > 0))
    return "Invalid query: 'not-in' cannot be combined with '!=' or 'in'.";
  for (const o of spec.orderBy ?? []) {
    if (typeof o.field !== 'string' || o.field === '' || o.field.split('.').some((s) => s === ''))
      return `Invalid orderBy field '${String(o.field)}'.`;
    if (o.direction !== 'asc' && o.direction !== 'desc')
      return `Invalid orderBy direction '${String(o.direction)}'.`;
  }
  const inequality = [...inequalityFields][0];
  const firstOrder = spec.orderBy?.[0];
  if (inequality !== undefined && firstOrder && firstOrder.field !== inequality)
    return `Invalid query: the first orderBy must be on '${inequality}', the field of the inequality filter, not '${firstOrder.field}'.`;
  if (spec.limit !== undefined && (!Number.isInteger(spec.limit) || spec.limit <= 0))
    return `Invalid query: limit must be a positive integer, got ${String(spec.limit)}.`;
  if (spec.startAfter) {
    const order = effectiveOrderBy(spec);
    if (!Array.isArray(spec.startAfter.values) || spec.startAfter.values.length !== order.length)
      return `Invalid query: the startAfter cursor has ${spec.startAfter.values?.length ?? 0} values but the query orders by ${order.length} fields.`;
    const cursorProblem = docPathProblem(spec.startAfter.path);
    if (cursorProblem) return `Invalid query cursor: ${cursorProblem}`;
    if (!matchesCollection(spec, spec.startAfter.path))
      return `Invalid query: the startAfter cursor path '${String(spec.startAfter.path)}' is not a document of the queried collection.`;
  }
  return null;
}

/** Throws StoreError('invalid-argument') for a query shape Firestore rejects. */
export function assertValidQuery(spec: QuerySpec): void {
  const problem = queryProblem(spec);
  if (problem) throw new StoreError('invalid-argument', problem);
}

// ---- ordering, cursors, evaluation ----

/** Compares two documents under an ordering, with the document-path tie-break. */
export function compareDocs(a: DocSnapshot, b: DocSnapshot, order: readonly OrderBy[]): number {
  for (const o of order) {
    const c = compareValues(getField(a.data, o.field), getField(b.data, o.field));
    if (c !== 0) return o.direction === 'desc' ? -c : c;
  }
  const c = comparePaths(a.path, b.path);
  return order[order.length - 1]?.direction === 'desc' ? -c : c;
}

/** Whether the document sorts strictly after the cursor under the ordering. */
export function isAfterCursor(doc: DocSnapshot, cursor: Cursor, order: readonly OrderBy[]): boolean {
  for (let i = 0; i < order.length; i++) {
    const o = order[i] as OrderBy;
    const c = compareValues(getField(doc.data, o.field), cursor.values[i]);
    if (c !== 0) return (o.direction === 'desc' ? -c : c) > 0;
  }
  const c = comparePaths(doc.path, cursor.path);
  return (order[order.length - 1]?.direction === 'desc' ? -c : c) > 0;
}

/** The cursor that continues after this document (for paging). */
export function cursorOf(doc: DocSnapshot, spec: QuerySpec): Cursor {
  return { values: effectiveOrderBy(spec).map((o) => getField(doc.data, o.field) ?? null), path: doc.path };
}

/** The document's path as the one field a DOCUMENT_NAME filter reads. */
const named = (doc: DocSnapshot): DocData => ({ [DOCUMENT_NAME]: doc.path });

/**
 * Runs a (valid) query over candidate documents: collection membership, filters, orderBy
 * presence, ordering, cursor, limit. Candidates may include documents of other collections.
 */
export function applyQuery(spec: QuerySpec, docs: Iterable<DocSnapshot>): DocSnapshot[] {
  assertValidQuery(spec);
  const order = effectiveOrderBy(spec);
  const filters = spec.where ?? [];
  const out: DocSnapshot[] = [];
  for (const doc of docs) {
    if (!matchesCollection(spec, doc.path)) continue;
    if (!filters.every((f) => matchesFilter(f.field === DOCUMENT_NAME ? named(doc) : doc.data, f))) continue;
    if (!order.every((o) => hasField(doc.data, o.field))) continue;
    if (spec.startAfter && !isAfterCursor(doc, spec.startAfter, order)) continue;
    out.push(doc);
  }
  out.sort((a, b) => compareDocs(a, b, order));
  return spec.limit === undefined ? out : out.slice(0, spec.limit);
}

/** Count and sums over the query's result (limit applies, as in Firestore); non-numbers add 0. */
export function aggregateDocs(docs: readonly DocSnapshot[], spec: AggregateSpec): AggregateResult {
  const sum: Record<string, number> = {};
  for (const field of spec.sum ?? []) {
    sum[field] = docs.reduce((n, d) => {
      const v = getField(d.data, field);
      return typeof v === 'number' && Number.isFinite(v) ? n + v : n;
    }, 0);
  }
  return { count: docs.length, sum };
}

// ---- writes ----

/**
 * Deep merge for `set` with merge: non-empty maps merge recursively, every other value replaces.
 * An empty map replaces too: the Firestore SDK puts its path in the merge mask, so the field
 * becomes `{}` rather than keeping its old entries.
 */
export function mergeData(target: DocData, patch: DocData): DocData {
  const out: DocData = deepClone(target);
  for (const [k, v] of Object.entries(patch)) {
    const existing = out[k];
    out[k] =
      isPlainMap(v) && Object.keys(v).length > 0 && isPlainMap(existing)
        ? mergeData(existing, v)
        : deepClone(v);
  }
  return out;
}

/** `update`: each key is a dotted field path; a key that is a prefix of another is rejected. */
export function applyUpdate(target: DocData, patch: DocData): DocData {
  const keys = Object.keys(patch);
  for (const a of keys) {
    if (a === '' || a.split('.').some((s) => s === ''))
      throw new StoreError('invalid-argument', `Invalid field path '${a}' in update.`);
    for (const b of keys) {
      if (a !== b && b.startsWith(`${a}.`))
        throw new StoreError(
          'invalid-argument',
          `Field path '${a}' is a prefix of '${b}' in the same update.`,
        );
    }
  }
  const out = deepClone(target);
  for (const k of keys) setField(out, k, deepClone(patch[k]));
  return out;
}

/** `data` without the top-level `fields` (an update's `remove`). */
function withoutFields(data: DocData, fields: readonly string[]): DocData {
  for (const f of fields) delete data[f];
  return data;
}

/** Why a write cannot be made at all (bad path or data), independent of current state. */
export function writeProblem(op: WriteOp): string | null {
  if (!op || typeof op !== 'object') return 'A write must be an object {kind, path, data}.';
  const pathProblem = docPathProblem(op.path);
  if (pathProblem) return pathProblem;
  if (op.kind === 'delete') return null;
  if (op.kind !== 'set' && op.kind !== 'update')
    return `Unknown write kind '${String((op as { kind: unknown }).kind)}'.`;
  if (!isPlainMap(op.data)) return `Write to '${op.path}' needs a map of fields.`;
  if (op.kind === 'update' && op.remove !== undefined) {
    if (!Array.isArray(op.remove)) return `Write to '${op.path}' needs a list of fields to remove.`;
    for (const f of op.remove) {
      if (typeof f !== 'string' || f === '' || f.includes('.'))
        return `Write to '${op.path}' removes an invalid field '${String(f)}'.`;
      if (f in op.data) return `Write to '${op.path}' both sets and removes '${f}'.`;
    }
  }
  for (const [k, v] of Object.entries(op.data)) {
    if (k === '') return `Write to '${op.path}' has an empty field name.`;
    const p = valueProblem(v, `Field '${k}' of '${op.path}'`);
    if (p) return `${p}.`;
  }
  return null;
}

/**
 * The document after one write, given the document before (null = missing). Throws
 * StoreError('not-found') for `update` of a missing document, 'invalid-argument' for bad writes.
 */
export function applyWrite(before: DocData | null, op: WriteOp): DocData | null {
  const problem = writeProblem(op);
  if (problem) throw new StoreError('invalid-argument', problem);
  switch (op.kind) {
    case 'delete':
      return null;
    case 'set':
      return op.merge && before ? mergeData(before, op.data) : mergeData({}, op.data);
    case 'update':
      if (!before) throw new StoreError('not-found', `No document to update: ${op.path}`);
      return withoutFields(applyUpdate(before, op.data), op.remove ?? []);
  }
}

/** Validates a whole batch (count, per-write shape, resulting size) before anything is applied. */
export function batchProblem(writes: readonly WriteOp[]): string | null {
  if (!Array.isArray(writes)) return 'A commit needs a list of writes.';
  if (writes.length > MAX_WRITES_PER_COMMIT)
    return `A commit may hold at most ${MAX_WRITES_PER_COMMIT} writes, got ${writes.length}.`;
  for (const w of writes) {
    const p = writeProblem(w);
    if (p) return p;
  }
  return null;
}

/**
 * Applies a batch to a state read through `read`, in order (a later write sees earlier ones).
 * Returns the final document per touched path with what it was before the batch; throws
 * StoreError on the first failing write, having changed nothing.
 */
export function applyBatch(
  writes: readonly WriteOp[],
  read: (path: string) => DocData | null,
): Map<string, { before: DocData | null; after: DocData | null }> {
  const problem = batchProblem(writes);
  if (problem) throw new StoreError('invalid-argument', problem);
  const changes = new Map<string, { before: DocData | null; after: DocData | null }>();
  for (const op of writes) {
    const prior = changes.get(op.path);
    const before = prior ? prior.after : read(op.path);
    const after = applyWrite(before, op);
    if (after && documentSize(op.path, after) > MAX_DOCUMENT_BYTES)
      throw new StoreError('invalid-argument', `Document '${op.path}' would exceed the 1 MiB limit.`);
    changes.set(op.path, { before: prior ? prior.before : before, after });
  }
  return changes;
}

/**
 * A transaction over a store's reads, for the in-memory store: reads go straight
 * to `reader`, writes are buffered in `writes` for the caller to apply atomically, and, as in
 * Firestore, a read after the first write is refused.
 */
export function bufferedTransaction(reader: DocumentReader): { tx: Transaction; writes: WriteOp[] } {
  const writes: WriteOp[] = [];
  const beforeWrites = (what: string) => {
    if (writes.length > 0)
      throw new StoreError(
        'invalid-argument',
        `Firestore transactions require all reads to be executed before all writes (${what}).`,
      );
  };
  const tx: Transaction = {
    get: async (path) => {
      beforeWrites(`get ${path}`);
      return reader.get(path);
    },
    query: async (spec) => {
      beforeWrites(`query ${spec.collection}`);
      return reader.query(spec);
    },
    aggregate: async (spec, aggregate) => {
      beforeWrites(`aggregate ${spec.collection}`);
      return reader.aggregate(spec, aggregate);
    },
    write: (op) => {
      writes.push(op);
    },
  };
  return { tx, writes };
}
