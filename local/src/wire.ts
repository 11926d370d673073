/**
 * Requests as they arrive on the wire (HTTP bodies, the live socket's `add`): queries, aggregates
 * and the writes of a commit. The
 * structure is checked here, the Firestore subset the local backend supports is enforced here
 * (local/README.md, "Supported Firestore subset"), and anything else is refused with a message
 * naming what is not supported, before any read. An unknown key is never ignored: a client that
 * sent `endAt` or `limitToLast` would otherwise get a different answer than it asked for. The
 * semantic checks (the shapes Firestore itself refuses) are the shared `assertValidQuery`.
 */
import { assertValidQuery } from '@fit/shared/firestore/semantics';
import {
  type AggregateSpec,
  type FilterOp,
  type QuerySpec,
  StoreError,
  type WriteOp,
} from '@fit/shared/store';

const QUERY_KEYS = ['collection', 'group', 'where', 'orderBy', 'limit', 'startAfter'] as const;
const FILTER_KEYS = ['field', 'op', 'value'] as const;
const ORDER_KEYS = ['field', 'direction'] as const;
const CURSOR_KEYS = ['values', 'path'] as const;
const AGGREGATE_KEYS = ['count', 'sum'] as const;
const WRITE_KEYS = ['kind', 'path', 'data', 'merge'] as const;
/** The store port's operators (`FilterOp`); Firestore's `array-contains-any` is not among them. */
export const SUPPORTED_FILTER_OPS: readonly FilterOp[] = [
  '==',
  '!=',
  '<',
  '<=',
  '>',
  '>=',
  'in',
  'not-in',
  'array-contains',
];

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function unsupported(what: string, supported: readonly string[]): StoreError {
  return new StoreError(
    'invalid-argument',
    `The local backend does not support ${what} (supported: ${supported.join(', ')}).`,
  );
}

function onlyKeys(value: Record<string, unknown>, keys: readonly string[], where: string): void {
  const extra = Object.keys(value).find((k) => !keys.includes(k));
  if (extra !== undefined) throw unsupported(`${where}.${extra}`, keys);
}

/** A query from the wire, in the supported subset and of a shape Firestore allows; throws otherwise. */
export function requireQuery(value: unknown): QuerySpec {
  if (!isObject(value)) throw new StoreError('invalid-argument', 'The request needs a `query` object.');
  onlyKeys(value, QUERY_KEYS, 'query');
  if (value.where !== undefined) {
    if (!Array.isArray(value.where) || !value.where.every(isObject))
      throw new StoreError('invalid-argument', 'query.where must be a list of {field, op, value} filters.');
    for (const filter of value.where) {
      onlyKeys(filter, FILTER_KEYS, 'query.where[]');
      if (!(SUPPORTED_FILTER_OPS as readonly unknown[]).includes(filter.op))
        throw unsupported(`the filter operator '${String(filter.op)}'`, SUPPORTED_FILTER_OPS);
    }
  }
  if (value.orderBy !== undefined) {
    if (!Array.isArray(value.orderBy) || !value.orderBy.every(isObject))
      throw new StoreError('invalid-argument', 'query.orderBy must be a list of {field, direction}.');
    for (const order of value.orderBy) onlyKeys(order, ORDER_KEYS, 'query.orderBy[]');
  }
  if (value.startAfter !== undefined) {
    if (!isObject(value.startAfter))
      throw new StoreError('invalid-argument', 'query.startAfter must be a {values, path} cursor.');
    onlyKeys(value.startAfter, CURSOR_KEYS, 'query.startAfter');
  }
  if (value.group !== undefined && typeof value.group !== 'boolean')
    throw new StoreError('invalid-argument', 'query.group must be a boolean.');
  const spec = value as unknown as QuerySpec;
  assertValidQuery(spec);
  return spec;
}

/** An aggregate from the wire: a count and sums of numeric fields; throws otherwise. */
export function requireAggregate(value: unknown): AggregateSpec {
  if (!isObject(value))
    throw new StoreError('invalid-argument', 'The request needs an `aggregate` object ({count, sum}).');
  onlyKeys(value, AGGREGATE_KEYS, 'aggregate');
  if (value.count !== undefined && typeof value.count !== 'boolean')
    throw new StoreError('invalid-argument', 'aggregate.count must be a boolean.');
  if (
    value.sum !== undefined &&
    (!Array.isArray(value.sum) || !value.sum.every((f) => typeof f === 'string' && f !== ''))
  )
    throw new StoreError('invalid-argument', 'aggregate.sum must be a list of field paths.');
  return value as AggregateSpec;
}

/**
 * The writes of a commit: a non-empty list. Unknown keys (preconditions, transforms) are refused
 * here; the shape of each write (kind, path, data, values) is the shared `writeProblem`'s, checked
 * by the store after the access policy.
 */
export function requireWrites(value: unknown): WriteOp[] {
  if (!Array.isArray(value) || value.length === 0)
    throw new StoreError('invalid-argument', 'The request needs a non-empty `writes` list.');
  for (const write of value) {
    if (!isObject(write)) continue;
    onlyKeys(write, WRITE_KEYS, 'writes[]');
    if (write.merge !== undefined && typeof write.merge !== 'boolean')
      throw new StoreError('invalid-argument', 'writes[].merge must be a boolean.');
  }
  return value as WriteOp[];
}
