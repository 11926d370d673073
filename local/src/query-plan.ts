/**
 * The query planner of the local backend: the SQL a query runs as over the `docs` table
 * (sqlite-schema.ts), as pure functions of the query. No database here, so the plans are tested
 * without one (local/test/query-plan.test.ts); sqlite-store.ts runs them.
 *
 * SQL only narrows the candidates: whatever it returns, the answer comes from the shared
 * `applyQuery`, which holds Firestore's exact semantics. A plan therefore must never LOSE a
 * document the query matches; fetching extra ones is harmless.
 *
 * - Slow path (`candidatesSql`): every document of the scope, narrowed by the equality filters
 *   SQLite can test exactly.
 * - Fast path (`planOrdered`): a query ordered by one field holding numbers (the feeds, recent
 *   activities, period sums, 50-a-page cursors, the rebuild's paged scans) runs as one statement
 *   that walks an expression index in order, with range filters and the cursor folded into one
 *   seek and LIMIT applied in SQL. Firestore orders by type first, so the plan is exact only when
 *   no document of the scope (after the equalities) holds a non-number there: `probes` look for
 *   one, and any hit means "take the slow path".
 */
import { effectiveOrderBy } from '@fit/shared/firestore/semantics';
import type { QuerySpec } from '@fit/shared/store';

export type SqlParam = string | number;

/** A statement (or a fragment of one) with its positional parameters. */
export interface Sql {
  readonly sql: string;
  readonly params: readonly SqlParam[];
}

/** `$."a"."b"` for the dotted field path `a.b`: each segment quoted, so any field name is safe. */
export function jsonPath(field: string): string {
  return `$${field
    .split('.')
    .map((s) => `."${s.replaceAll('"', '""')}"`)
    .join('')}`;
}

/**
 * Field paths the fast paths embed in SQL text. Others (quotes, spaces, non-ASCII) are legal in
 * Firestore and still answered, by the slow path.
 */
const SAFE_FIELD = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/** The SQL expression of a field's value, or null for field names the fast paths do not handle. */
export function sqlJson(field: string): string | null {
  return SAFE_FIELD.test(field) ? `json_extract(data, '${jsonPath(field)}')` : null;
}

/** SQLite's name of the JSON type at a field: 'integer', 'real', 'text', 'true', 'false', 'null', ... */
function sqlJsonType(field: string): string {
  return `json_type(data, '${jsonPath(field)}')`;
}

/**
 * An exact SQL test of `field == value` for strings, finite numbers and booleans; null (no fast
 * path) for other values (maps, arrays, null) and for unsafe field names. The type test keeps
 * `1 == true` and `'1' == 1` false, as in Firestore.
 */
export function exactEquality(field: string, value: unknown): Sql | null {
  const expr = sqlJson(field);
  if (!expr) return null;
  const type = sqlJsonType(field);
  if (typeof value === 'string') return { sql: `${type} = 'text' AND ${expr} = ?`, params: [value] };
  if (typeof value === 'number' && Number.isFinite(value))
    return { sql: `${type} IN ('integer', 'real') AND ${expr} = ?`, params: [value] };
  if (typeof value === 'boolean')
    return { sql: `${type} = '${value ? 'true' : 'false'}' AND ${expr} = ?`, params: [value ? 1 : 0] };
  return null;
}

/** One collection (by its parent path) or a collection group (by collection id). */
function scopeOf(spec: QuerySpec): Sql {
  return { sql: spec.group ? 'coll = ?' : 'parent = ?', params: [spec.collection] };
}

/** The `==` filters SQLite can test exactly (the others are left to applyQuery). */
function equalities(spec: QuerySpec): Sql[] {
  return (spec.where ?? [])
    .filter((f) => f.op === '==')
    .map((f) => exactEquality(f.field, f.value))
    .filter((p): p is Sql => p !== null);
}

function and(parts: readonly Sql[]): Sql {
  return { sql: parts.map((p) => p.sql).join(' AND '), params: parts.flatMap((p) => p.params) };
}

/** The slow path: every document of the scope, narrowed by the equality filters SQLite can test. */
export function candidatesSql(spec: QuerySpec): Sql {
  const where = and([scopeOf(spec), ...equalities(spec)]);
  return { sql: `SELECT path, data FROM docs WHERE ${where.sql}`, params: where.params };
}

/** A numeric bound of the ordering field; `strict`: `<`/`>` rather than `<=`/`>=`. */
export interface Bound {
  readonly v: number;
  readonly strict: boolean;
}

export interface OrderedPlan {
  /** Scope, the ordering field holding a number, the exact equalities. */
  readonly where: Sql;
  /** The SQL expression of the ordering field. */
  readonly value: string;
  readonly direction: 'asc' | 'desc';
  readonly lower?: Bound;
  readonly upper?: Bound;
  /**
   * `SELECT 1 ... LIMIT 1` statements that find a document (of the scope, passing the equalities)
   * holding a non-number in the ordering field; any hit makes the plan inexact. Empty when a
   * numeric range filter on the field already excludes every other type.
   */
  readonly probes: readonly Sql[];
}

const RANGE_OPS: ReadonlySet<string> = new Set(['<', '<=', '>', '>=']);

/** The plan with `field op v` folded into its bounds (the tighter of the two wins). */
export function withBound(plan: OrderedPlan, op: '<' | '<=' | '>' | '>=', v: number): OrderedPlan {
  const strict = op === '<' || op === '>';
  if (op === '>' || op === '>=') {
    const lower = plan.lower;
    return !lower || v > lower.v || (v === lower.v && strict) ? { ...plan, lower: { v, strict } } : plan;
  }
  const upper = plan.upper;
  return !upper || v < upper.v || (v === upper.v && strict) ? { ...plan, upper: { v, strict } } : plan;
}

/**
 * The fast-path plan of a query ordered by exactly one field whose filters all translate exactly
 * (equalities, and numeric ranges on the ordering field), or null when the query has none.
 */
export function planOrdered(spec: QuerySpec): OrderedPlan | null {
  const order = effectiveOrderBy(spec);
  if (order.length !== 1) return null;
  const { field, direction } = order[0] as { field: string; direction: 'asc' | 'desc' };
  const value = sqlJson(field);
  if (!value) return null;
  const scope = scopeOf(spec);
  const exact: Sql[] = [];
  const ranges: [op: '<' | '<=' | '>' | '>=', v: number][] = [];
  for (const f of spec.where ?? []) {
    if (f.op === '==') {
      const p = exactEquality(f.field, f.value);
      if (!p) return null;
      exact.push(p);
    } else if (
      RANGE_OPS.has(f.op) &&
      f.field === field &&
      typeof f.value === 'number' &&
      Number.isFinite(f.value)
    ) {
      ranges.push([f.op as '<' | '<=' | '>' | '>=', f.value]);
    } else {
      return null;
    }
  }
  const type = sqlJsonType(field);
  // Without a numeric range filter, documents holding another type would sort elsewhere. Each
  // probe seeks an index on the field where there is one: SQLite orders NULL < numbers < text,
  // and json_extract gives true/false as 1/0 and arrays/maps as text.
  const scoped = and([scope, ...exact]);
  const probes: Sql[] =
    ranges.length > 0
      ? []
      : [
          `${value} >= ''`,
          `${value} IN (0, 1) AND ${type} IN ('true', 'false')`,
          `${value} IS NULL AND ${type} = 'null'`,
        ].map((probe) => ({
          sql: `SELECT 1 FROM docs WHERE ${scoped.sql} AND ${probe} LIMIT 1`,
          params: scoped.params,
        }));
  const where = and([scope, { sql: `${type} IN ('integer', 'real')`, params: [] }, ...exact]);
  let plan: OrderedPlan = { where, value, direction, probes };
  for (const [op, v] of ranges) plan = withBound(plan, op, v);
  return plan;
}

/** ` AND value >= ? AND value < ?` for the plan's bounds (empty without bounds). */
export function boundsSql(plan: OrderedPlan): Sql {
  let sql = '';
  const params: number[] = [];
  for (const [b, op] of [
    [plan.lower, '>'],
    [plan.upper, '<'],
  ] as const) {
    if (!b) continue;
    sql += ` AND ${plan.value} ${op}${b.strict ? '' : '='} ?`;
    params.push(b.v);
  }
  return { sql, params };
}

/**
 * Count and sums of a plan with no limit and no cursor, from the index alone (no document parsed);
 * non-numbers add 0, as in Firestore. Row: `n`, then `s0`, `s1`, ... in the order of `fields`.
 * Null when a field name is not safe to embed.
 */
export function aggregateSql(plan: OrderedPlan, fields: readonly string[]): Sql | null {
  const sums: string[] = [];
  for (const [i, f] of fields.entries()) {
    const expr = sqlJson(f);
    if (!expr) return null;
    sums.push(`, total(CASE WHEN ${sqlJsonType(f)} IN ('integer', 'real') THEN ${expr} END) AS s${i}`);
  }
  const range = boundsSql(plan);
  return {
    sql: `SELECT count(*) AS n${sums.join('')} FROM docs WHERE ${plan.where.sql}${range.sql}`,
    params: [...plan.where.params, ...range.params],
  };
}

export interface OrderedStatements {
  /** The documents tied with the cursor's value (their order against the cursor is settled in JS). */
  readonly atCursor: Sql | null;
  /** The ordered, limited walk; rows carry the ordering value as `k`. */
  readonly main: Sql;
  /** The documents tied on a value: those at the limit boundary are fetched with this. */
  tiedAt(value: number): Sql;
}

/**
 * The statements of the fast path, or null when the cursor's value is not a finite number (then
 * the cursor sits among other types: slow path).
 *
 * ORDER BY the value then the raw path: the index (scope, value) ends with the primary key, so
 * SQLite walks it in order without sorting. Raw path order differs from Firestore's segment-wise
 * order only among equal values, so every document that shares the value at the cursor or at the
 * limit boundary is fetched too (`atCursor`, `tiedAt`), and applyQuery settles the order.
 */
export function orderedStatements(spec: QuerySpec, planned: OrderedPlan): OrderedStatements | null {
  const { value, direction, where } = planned;
  const select = `SELECT path, data, ${value} AS k FROM docs WHERE ${where.sql}`;
  const tiedAt = (v: number): Sql => ({ sql: `${select} AND ${value} = ?`, params: [...where.params, v] });
  let plan = planned;
  let atCursor: Sql | null = null;
  if (spec.startAfter) {
    const v = spec.startAfter.values[0];
    if (typeof v !== 'number' || !Number.isFinite(v)) return null;
    atCursor = tiedAt(v);
    plan = withBound(plan, direction === 'desc' ? '<' : '>', v);
  }
  const range = boundsSql(plan);
  const dir = direction === 'desc' ? 'DESC' : 'ASC';
  const limit = spec.limit === undefined ? '' : ` LIMIT ${spec.limit}`;
  return {
    atCursor,
    main: {
      sql: `${select}${range.sql} ORDER BY ${value} ${dir}, path ${dir}${limit}`,
      params: [...where.params, ...range.params],
    },
    tiedAt,
  };
}
